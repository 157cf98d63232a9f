import { test } from 'node:test';
import assert from 'node:assert/strict';

import { rulesOf } from '../board.js';
import { hintMarks, hintLinks, patternMarkup } from '../hint.js';

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
