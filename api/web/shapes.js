// Board shapes and difficulty levels, as GET /shapes lists them. A shape is
// { n, r, c, def, levels }: an n×n board of r×c boxes (r rows tall, c
// columns wide), whether it is the default box of its size, and the levels
// /generate offers on it, easiest first. No DOM: Node's tests import it.

export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'master', 'extreme'];

// boxName is a shape's box as the API spells it: "2x3".
export const boxName = (s) => `${s.r}x${s.c}`;

// sortLevels keeps the known levels of a, easiest first, whatever their case.
export const sortLevels = (a) => LEVELS.filter((l) => a.map((x) => String(x).toLowerCase()).includes(l));

// levelText is a level as a menu shows it: "Medium".
export const levelText = (l) => (l ? l[0].toUpperCase() + l.slice(1) : '');

// shapesFrom reads the answer of GET /shapes. An entry whose box does not
// multiply out to its size is left out; one without levels offers all.
export function shapesFrom(data) {
  const out = [];
  for (const s of (data && data.shapes) || []) {
    const m = /^(\d+)x(\d+)$/.exec(String(s.box));
    if (!m || !Number.isInteger(s.size) || Number(m[1]) * Number(m[2]) !== s.size) continue;
    const levels = Array.isArray(s.levels) ? sortLevels(s.levels) : [];
    out.push({ n: s.size, r: Number(m[1]), c: Number(m[2]), def: s.default === true, levels: levels.length ? levels : LEVELS.slice() });
  }
  return out;
}

// sizesOf lists the board sizes the shapes cover, smallest first.
export const sizesOf = (shapes) => [...new Set(shapes.map((s) => s.n))].sort((a, b) => a - b);

// boxesOf lists the shapes of size n: the default first, then the others
// by box rows.
export function boxesOf(shapes, n) {
  const all = shapes.filter((s) => s.n === n).sort((a, b) => a.r - b.r);
  const def = all.find((s) => s.def) || all[0];
  return def ? [def, ...all.filter((s) => s !== def)] : [];
}

// shapeOf finds the shape of size n with the named box, else the default
// one of that size (undefined when the size has none).
export function shapeOf(shapes, n, box) {
  const list = boxesOf(shapes, n);
  return list.find((s) => boxName(s) === box) || list[0];
}

// closestLevel picks the offered level nearest to the wanted one, the
// harder one on a tie.
export function closestLevel(levels, want) {
  const w = LEVELS.indexOf(want);
  return levels.slice().sort((a, b) => {
    const da = Math.abs(LEVELS.indexOf(a) - w), db = Math.abs(LEVELS.indexOf(b) - w);
    return da - db || LEVELS.indexOf(b) - LEVELS.indexOf(a);
  })[0];
}

// levelsFromProblem reads the levels a 422 difficulty_unavailable answer
// names: a list field if the server sends one, else the level words of its
// detail, less the level that was refused.
export function levelsFromProblem(p, refused) {
  const onlyLevels = (a) => Array.isArray(a) && a.length > 0 && a.every((x) => LEVELS.includes(String(x).toLowerCase()));
  for (const key of ['levels', 'available', 'available_levels', 'offered', 'difficulties']) {
    if (onlyLevels(p[key])) return sortLevels(p[key]);
  }
  for (const v of Object.values(p)) if (onlyLevels(v)) return sortLevels(v);
  const words = String(p.detail || '').toLowerCase().match(/\b(easy|medium|hard|expert|master|extreme)\b/g) || [];
  return sortLevels(words.filter((w) => w !== refused));
}
