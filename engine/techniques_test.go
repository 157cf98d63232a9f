package engine

import "testing"

// TestTechTable checks the technique table: names are unique, weights rise
// with the level (so the technique of highest weight sets the level, and
// Rating.Hardest agrees with Rating.Level), each technique is tried once.
func TestTechTable(t *testing.T) {
	names := map[string]bool{}
	for tc := range numTech {
		info := techs[tc]
		if info.name == "" || names[info.name] || info.title == "" || info.level < Easy || info.level > Expert {
			t.Errorf("tech %d: %+v", tc, info)
		}
		names[info.name] = true
		for tc2 := range numTech {
			if o := techs[tc2]; o.level > info.level && o.weight <= info.weight {
				t.Errorf("%s (%v, weight %v) weighs at least %s (%v, weight %v)", info.name, info.level, info.weight, o.name, o.level, o.weight)
			}
		}
	}
	tried := map[tech]bool{}
	for i, r := range stepTable {
		if tried[r.tc] || r.tc == tSearch || r.tc == tBudgetExhausted {
			t.Errorf("stepTable[%d]: %s", i, techs[r.tc].name)
		}
		tried[r.tc] = true
		if isSingle(r.tc) != (i < 3) {
			t.Errorf("stepTable[%d]: %s: the singles come first", i, techs[r.tc].name)
		}
	}
}
