package engine

import (
	"math/bits"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTechTable checks the technique table against what the code reads
// from it: names are snake_case and unique (ExampleTechniques pins them:
// they are the API's), titles unique; weights rise with the level (so the
// technique of highest weight sets the level, and Rating.Hardest agrees
// with Rating.Level); every technique but the stand-ins has a Sudoku
// Explainer rating; stepTable tries each technique once, singles first,
// and seTable the same ones in its own order; Techniques lists each once;
// and the flags agree with all of it.
func TestTechTable(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)
	names, titles := map[string]bool{}, map[string]bool{}
	for tc := range numTech {
		info := techs[tc]
		if !snake.MatchString(info.name) || names[info.name] || info.title == "" || titles[info.title] || info.level < Easy || info.level > Extreme {
			t.Errorf("tech %d: %+v", tc, info)
		}
		names[info.name], titles[info.title] = true, true
		for tc2 := range numTech {
			// The stand-ins (search on a board with several solutions,
			// where no forcing runs) stay expert above every weight.
			if o := techs[tc2]; o.level > info.level && o.weight <= info.weight && info.flags&fStandIn == 0 {
				t.Errorf("%s (%v, weight %v) weighs at least %s (%v, weight %v)", info.name, info.level, info.weight, o.name, o.level, o.weight)
			}
		}
		standIn := info.flags&fStandIn != 0
		if (info.se == 0) != standIn {
			t.Errorf("%s: Sudoku Explainer rating %d, stand-in %v", info.name, info.se, standIn)
		}
		if isSingle(tc) != (info.level == Easy) {
			t.Errorf("%s: single %v at level %v: the singles, and only they, are easy", info.name, isSingle(tc), info.level)
		}
		if bits.OnesCount8(uint8(info.flags)) > 1 {
			t.Errorf("%s: flags %b: at most one", info.name, info.flags)
		}
	}

	row := map[tech]int{}
	for i, r := range stepTable {
		if _, ok := row[r.tc]; ok || techs[r.tc].flags&fStandIn != 0 {
			t.Errorf("stepTable[%d]: %s", i, techs[r.tc].name)
		}
		row[r.tc] = i
		if i > 0 && isSingle(r.tc) && !isSingle(stepTable[i-1].tc) {
			t.Errorf("stepTable[%d]: %s: the singles come first", i, techs[r.tc].name)
		}
	}
	for tc := range numTech {
		// Nice loops are found by the aic row.
		_, ok := row[tc]
		if standIn := techs[tc].flags&fStandIn != 0; ok == standIn && tc != tNiceLoop {
			t.Errorf("%s: in stepTable %v, stand-in %v", techs[tc].name, ok, standIn)
		}
	}

	// seTable: stepTable's techniques, a few twice (first as the "direct"
	// variant Sudoku Explainer rates apart).
	inSE := map[tech]int{}
	for i, r := range seTable {
		if _, ok := row[r.tc]; !ok || inSE[r.tc] == 2 {
			t.Errorf("seTable[%d]: %s", i, techs[r.tc].name)
		}
		inSE[r.tc]++
	}
	for _, r := range stepTable {
		if inSE[r.tc] == 0 {
			t.Errorf("seTable lacks %s", techs[r.tc].name)
		}
	}

	listed := map[string]bool{}
	ts := Techniques()
	for _, x := range ts {
		if listed[x.Name] || !names[x.Name] {
			t.Errorf("Techniques: %s", x.Name)
		}
		listed[x.Name] = true
	}
	for tc := range numTech {
		if !listed[techs[tc].name] && tc != tBudgetExhausted {
			t.Errorf("Techniques lacks %s", techs[tc].name)
		}
	}
	if ts[len(ts)-1].Name != techs[tSearch].name {
		t.Errorf("Techniques ends with %s, want search", ts[len(ts)-1].Name)
	}
}

// TestTechniquesExplained checks that placement and describe have a
// sentence of their own for every technique: each single on a placement
// made up for it, each elimination technique on a move it makes: on its
// known positions (positionsFile) or, for one without (remote pairs), on
// the first state of the logical paths of hard puzzles where its row of
// stepTable fires.
func TestTechniquesExplained(t *testing.T) {
	explained := map[tech]bool{}
	check := func(l *logic) {
		t.Helper()
		mv := &l.mv
		if mv.cell >= 0 {
			t.Fatalf("%s: a placement, want an elimination", techs[mv.tech].name)
		}
		if s, ok := l.describeOf(mv); !ok {
			t.Errorf("%s: describe has no sentence of its own: %q", techs[mv.tech].name, s)
		}
		explained[mv.tech] = true
	}

	l := new(logic)
	b := NewBoard(Shape{9, 3, 3})
	l.init(&b)
	for tc := range numTech {
		if !isSingle(tc) {
			continue
		}
		mv := move{tech: tc, cell: 40, value: 5, unit: 4}
		if s, ok := l.placementOf(&mv); !ok {
			t.Errorf("%s: placement has no sentence of its own: %q", techs[tc].name, s)
		}
		explained[tc] = true
	}

	data, err := os.ReadFile(positionsFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) != 5 || strings.HasPrefix(line, "#") {
			continue
		}
		size, _ := strconv.Atoi(f[1])
		shape, err := ParseShape(size, f[2])
		if err != nil {
			t.Fatal(err)
		}
		l := decodeState(t, shape, f[4])
		l.unique = true // the positions come from boards with one solution
		if _, ok := l.step(); !ok {
			t.Fatalf("%s: no step", line[:40])
		}
		check(l)
	}

	var need []stepRow
	for _, r := range stepTable {
		if !explained[r.tc] {
			need = append(need, r)
		}
	}
	tr := new(logic)
	for _, b := range loadBoards(t, "9x9/magictour_top1465.txt", 40) {
		if len(need) == 0 {
			break
		}
		sol := mustSolve(t, b)
		l.init(&b)
		l.unique = true
		for l.empty > 0 && !l.bad && len(need) > 0 {
			for i := 0; i < len(need); i++ {
				*tr = *l
				if need[i].run(tr) && !tr.bad && tr.mv.cell < 0 {
					check(tr)
					need = append(need[:i], need[i+1:]...)
					i--
				}
			}
			if _, ok := l.step(); !ok {
				c := l.mostConstrained()
				l.place(c, sol.At(c))
			}
		}
	}
	for tc := range numTech {
		if !explained[tc] && techs[tc].flags&fStandIn == 0 {
			t.Errorf("%s: no move of it found to explain", techs[tc].name)
		}
	}
}
