import { test } from 'node:test';
import assert from 'node:assert/strict';

import { rulesOf } from '../board.js';
import { hintMarks, hintLinks, patternMarkup, hintAreas, areaMarkup } from '../hint.js';
import { killerRules } from './killer.js';

const SHAPE = { n: 6, r: 2, c: 3 };
const rules = rulesOf(SHAPE);
const at = (row, col) => row * 6 + col;

test('hintMarks: units, then cells, sets and fins, then the target', () => {
  const res = {
    kind: 'placement', row: 1, col: 4, value: 3,
    units: [{ kind: 'row', index: 1 }, { kind: 'box', index: 3 }],
    cells: [{ row: 1, col: 0 }, { row: 9, col: 9 }],
    eliminations: [{ row: 2, col: 5, values: [3] }],
    pattern: { sets: [[{ row: 4, col: 4 }]], fins: [{ row: 1, col: 1 }] },
    steps: [{ cells: [{ row: 5, col: 5 }] }],
  };
  const marks = hintMarks(res, SHAPE, rules);
  assert.equal(marks.get(at(1, 4)), 'hint-target');
  assert.equal(marks.get(at(1, 0)), 'hint-cell', 'a cell outranks its unit');
  assert.equal(marks.get(at(1, 1)), 'hint-fin');
  assert.equal(marks.get(at(1, 2)), 'hint-unit');
  assert.equal(marks.get(at(2, 5)), 'hint-elim');
  assert.equal(marks.get(at(4, 4)), 'hint-set');
  assert.equal(marks.get(at(5, 5)), 'hint-cell', 'a step\'s cells count');
  // Box 3 (boxes of 2×3 go two across) is rows 2–3, columns 3–5.
  for (const [r, c] of [[2, 3], [3, 5]]) assert.equal(marks.get(at(r, c)), 'hint-unit', `r${r + 1}c${c + 1}`);
  assert.equal(marks.get(at(0, 0)), undefined);
  assert.ok([...marks.keys()].every((i) => i >= 0 && i < 36), 'nothing off the board');
});

test('hintMarks: a column unit and a hint with nothing to mark', () => {
  const marks = hintMarks({ kind: 'elimination', units: [{ kind: 'column', index: 2 }] }, SHAPE, rules);
  assert.deepEqual([...marks.keys()].sort((a, b) => a - b), [2, 8, 14, 20, 26, 32]);
  assert.equal(hintMarks({ kind: 'nudge' }, SHAPE, rules).size, 0);
});

test('patternMarkup draws a line per link and a dot per candidate', () => {
  const link = (strong, a, b) => ({ strong, from: { value: 2, cells: [a] }, to: { value: 2, cells: [b] } });
  const res = {
    pattern: { links: [link(true, { row: 0, col: 0 }, { row: 0, col: 5 })] },
    steps: [{ pattern: { links: [link(false, { row: 0, col: 5 }, { row: 3, col: 5 })] } }],
  };
  const links = hintLinks(res);
  assert.equal(links.length, 2);
  const svg = patternMarkup(links, SHAPE);
  assert.equal((svg.match(/<line /g) || []).length, 2);
  assert.equal((svg.match(/class="link strong"/g) || []).length, 1);
  assert.equal((svg.match(/class="link weak"/g) || []).length, 1);
  assert.equal((svg.match(/<circle /g) || []).length, 4);
  // Every point is inside the 6×6 view box; candidate 2 of r1c1 sits in
  // its cell's top row, middle column, as the notes grid shows it.
  for (const m of svg.matchAll(/(?:c?[xy]|[xy][12])="([-\d.e]+)"/g)) {
    const v = Number(m[1]);
    assert.ok(v >= 0 && v <= 6, m[0]);
  }
  const [, cx, cy] = /<circle class="node" cx="([\d.]+)" cy="([\d.]+)"/.exec(svg);
  assert.ok(Math.abs(Number(cx) - 0.5) < 1e-9 && Number(cy) > 0 && Number(cy) < 0.5, `${cx},${cy}`);
  assert.deepEqual(hintLinks({ kind: 'placement' }), []);
});

test('patternMarkup marks a forcing chain\'s nodes on and off', () => {
  const node = (row, col, value, state) => ({ cells: [{ row, col }], value, state });
  const links = [
    { strong: false, from: node(0, 0, 2, 'on'), to: node(0, 4, 2, 'off') },
    { strong: true, from: node(0, 4, 2, 'off'), to: node(0, 4, 5, 'on') },
  ];
  const svg = patternMarkup(links, SHAPE);
  assert.equal((svg.match(/<circle class="node on"/g) || []).length, 2);
  assert.equal((svg.match(/<circle class="node off"/g) || []).length, 2);
  assert.equal((svg.match(/class="link strong"/g) || []).length, 1);
  assert.equal((svg.match(/<circle class="node"/g) || []).length, 0);
});

test('hintMarks marks the cage, region or diagonal a variant hint names', () => {
  const S4 = { n: 4, r: 2, c: 2 };
  const cages = [{ cells: [[0, 0], [0, 1]], sum: 3 }, { cells: [[3, 2], [3, 3], [2, 3]], sum: 9 }];
  const killer = rulesOf(S4, { cages, diagonals: 'anti' });
  const cage = hintMarks({ kind: 'elimination', units: [{ kind: 'cage', index: 1 }] }, S4, killer);
  assert.deepEqual([...cage.keys()].sort((a, b) => a - b), [11, 14, 15]);
  const diag = hintMarks({ kind: 'elimination', units: [{ kind: 'diagonal', index: 1 }] }, S4, killer);
  assert.deepEqual([...diag.keys()].sort((a, b) => a - b), [3, 6, 9, 12]);
  const jigsaw = rulesOf(S4, { regions: [[1, 1, 0, 0], [1, 1, 0, 0], [2, 3, 3, 3], [2, 2, 2, 3]] });
  const region = hintMarks({ kind: 'elimination', units: [{ kind: 'region', index: 2 }] }, S4, jigsaw);
  assert.deepEqual([...region.keys()].sort((a, b) => a - b), [8, 12, 13, 14]);
  assert.ok([...region.values()].every((m) => m === 'hint-unit'));
});

// Innies-and-outies steps as /hint gives them on the empty board of the
// killer in killer.js: the units are the area, the pattern's set the
// innies or outies.
const INNIES = {
  kind: 'elimination', technique: 'innies_outies',
  explanation: 'box 4 adds up to 45 and its cages inside it to 24, so the innies r5c3, r6c1 and r6c2 add up to 21 and can only hold 4, 5, 6, 7, 8 and 9',
  cells: [{ row: 4, col: 2 }, { row: 5, col: 0 }, { row: 5, col: 1 }],
  units: [{ kind: 'box', index: 3 }],
  eliminations: [{ row: 4, col: 2, values: [2, 3] }],
  pattern: { sets: [[{ row: 4, col: 2 }, { row: 5, col: 0 }, { row: 5, col: 1 }]] },
};
const OUTIES = {
  kind: 'elimination', technique: 'innies_outies',
  explanation: 'rows 1-3 adds up to 135; the cages inside it make 114 and the cages crossing its edge 30, so the outies r4c9 and r4c7 add up to 9',
  cells: [{ row: 3, col: 8 }, { row: 3, col: 6 }],
  units: [{ kind: 'row', index: 0 }, { kind: 'row', index: 1 }, { kind: 'row', index: 2 }],
  eliminations: [{ row: 3, col: 8, values: [6, 9] }],
  pattern: { sets: [[{ row: 3, col: 8 }, { row: 3, col: 6 }]] },
};

test('hintAreas outlines the units of innies and of outies', () => {
  const S9 = { n: 9, r: 3, c: 3 };
  const rules = rulesOf(S9, killerRules());
  const range = (a, b) => Array.from({ length: b - a }, (_, k) => a + k);
  const box4 = [27, 28, 29, 36, 37, 38, 45, 46, 47];
  let areas = hintAreas(INNIES, S9, rules);
  assert.equal(areas.length, 1);
  assert.deepEqual([...areas[0].area].sort((a, b) => a - b), box4);
  assert.equal(areas[0].kind, 'innies');
  assert.deepEqual(areas[0].cells, [38, 45, 46]);
  // A placement whose steps hold both: each step gets its area.
  areas = hintAreas({ kind: 'placement', row: 3, col: 8, value: 1, technique: 'naked_single', steps: [INNIES, OUTIES] }, S9, rules);
  assert.deepEqual(areas.map((a) => a.kind), ['innies', 'outies']);
  assert.deepEqual([...areas[1].area].sort((a, b) => a - b), range(0, 27), 'rows 1-3');
  // Other techniques, steps without units and cells off the board draw nothing.
  assert.deepEqual(hintAreas({ ...INNIES, technique: 'cage_combination' }, S9, rules), []);
  assert.deepEqual(hintAreas({ ...INNIES, units: undefined }, S9, rules), []);
  assert.deepEqual(hintAreas({ ...INNIES, pattern: { sets: [[{ row: 9, col: 0 }]] } }, S9, rules), [], 'off the board');

  const marks = hintMarks(OUTIES, S9, rules, hintAreas(OUTIES, S9, rules));
  assert.equal(marks.get(33), 'hint-outie');
  assert.equal(marks.get(35), 'hint-outie');
  assert.equal(marks.get(0), 'hint-unit');
  assert.equal(marks.get(36), undefined);
  const inn = hintMarks(INNIES, S9, rules, hintAreas(INNIES, S9, rules));
  assert.equal(inn.get(38), 'hint-innie');
  assert.equal(inn.get(27), 'hint-unit');
});

test('areaMarkup outlines an area along the sides no cell of it shares', () => {
  const segments = (svg) => (svg.match(/[hv]1/g) || []).length;
  assert.equal(segments(areaMarkup([{ area: [0, 1, 9, 10] }], 9)), 8, 'a 2×2 square: 8 cell sides');
  assert.equal(segments(areaMarkup([{ area: Array.from({ length: 27 }, (_, k) => k) }], 9)), 2 * 9 + 2 * 3, 'rows 1-3');
  assert.match(areaMarkup([{ area: [40] }], 9), /^<path class="area" d="M4 4h1M4 5h1M4 4v1M5 4v1"\/>$/);
  assert.equal(areaMarkup([], 9), '');
});
