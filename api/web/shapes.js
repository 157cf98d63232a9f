// Board shapes and difficulty levels, as GET /shapes lists them. A shape is
// { n, r, c, def, levels, variants }: an n×n board of r×c boxes (r rows
// tall, c columns wide), whether it is the default box of its size, the
// levels /generate offers on it, easiest first, and the variants it offers
// ({ name, levels }). No DOM: Node's tests import it.

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
    const variants = [];
    for (const v of Array.isArray(s.variants) ? s.variants : []) {
      if (!v || typeof v.name !== 'string' || !/^[a-z_+]+$/.test(v.name)) continue;
      const vl = Array.isArray(v.levels) ? sortLevels(v.levels) : [];
      variants.push({ name: v.name, levels: vl.length ? vl : levels.length ? levels : LEVELS.slice() });
    }
    out.push({ n: s.size, r: Number(m[1]), c: Number(m[2]), def: s.default === true, levels: levels.length ? levels : LEVELS.slice(), variants });
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

// variantText is a variant as a menu shows it: "Anti-knight", "Killer".
export function variantText(name) {
  if (!name) return 'Classic';
  const words = { x: 'X', windoku: 'Windoku', odd_even: 'Odd/even', anti_knight: 'Anti-knight', anti_king: 'Anti-king',
    non_consecutive: 'Non-consecutive', disjoint_groups: 'Disjoint groups' };
  return name.split('+').map((w) => words[w] || levelText(w.replace(/_/g, ' '))).join(' + ');
}

// RULES are the variant rules a board's rules object may hold: the name
// /generate and /shapes give the variant, whether rules r have it, and
// how the rules line says it.
const some = (a) => (a || []).length > 0;
const RULES = [
  { name: 'jigsaw', has: (r) => !!r.regions, text: () => 'each outlined region holds every value once' },
  { name: 'x', has: (r) => !!r.diagonals, text: (r) => (r.diagonals === 'both' ? 'both shaded diagonals hold every value once' : 'the shaded diagonal holds every value once') },
  { name: 'windoku', has: (r) => !!r.windows, text: () => 'each shaded window holds every value once' },
  { name: 'extra_regions', has: (r) => some(r.extra_regions), text: () => 'no value repeats in a shaded extra region' },
  { name: 'disjoint_groups', has: (r) => !!r.disjoint_groups, text: () => 'cells in the same place of their boxes differ' },
  { name: 'anti_knight', has: (r) => !!r.anti_knight, text: () => "cells a knight's move apart differ" },
  { name: 'anti_king', has: (r) => !!r.anti_king, text: () => "cells a king's move apart differ" },
  { name: 'non_consecutive', has: (r) => !!r.non_consecutive, text: () => 'side-by-side cells are never consecutive' },
  { name: 'odd_even', has: (r) => some(r.odd) || some(r.even), text: () => 'circles are odd, squares are even' },
  { name: 'killer', has: (r) => some(r.cages), text: () => 'each dashed cage adds up to its sum, no value repeated' },
];

// variantOf names the variant of a board's rules as /generate and
// /shapes spell it ('+' between combined ones), '' for classic rules.
export const variantOf = (rules) => RULES.filter((x) => x.has(rules || {})).map((x) => x.name).join('+');

// levelsOf lists the levels a shape offers for a variant ('' for classic).
export function levelsOf(shape, variant) {
  if (!shape) return LEVELS.slice();
  const v = variant && (shape.variants || []).find((x) => x.name === variant);
  return v ? v.levels : shape.levels;
}

// rulesText says a board's variant rules in one short line, '' for classic.
export function rulesText(rules) {
  const s = RULES.filter((x) => x.has(rules || {})).map((x) => x.text(rules)).join('; ');
  return s ? s[0].toUpperCase() + s.slice(1) + '.' : '';
}
