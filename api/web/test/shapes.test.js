import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import {
  LEVELS, boxName, sortLevels, levelText, shapesFrom, sizesOf, boxesOf, shapeOf, closestLevel, levelsFromProblem,
  variantText, levelsOf, rulesText, variantOf,
} from '../shapes.js';

// GET /shapes as the server answers it (a Go test keeps the copy true).
const answer = JSON.parse(readFileSync(new URL('shapes.json', import.meta.url)));
const shapes = shapesFrom(answer);

test('shapesFrom reads every shape of /shapes', () => {
  assert.equal(shapes.length, answer.shapes.length);
  for (const s of shapes) {
    assert.equal(s.r * s.c, s.n, boxName(s));
    assert.ok(s.levels.length > 0 && s.levels.every((l) => LEVELS.includes(l)), boxName(s));
  }
  const four = shapes.find((s) => s.n === 4);
  assert.deepEqual({ ...four, variants: undefined }, { n: 4, r: 2, c: 2, def: true, levels: ['easy'], variants: undefined });
  const raw = answer.shapes.find((s) => s.size === 4);
  assert.deepEqual(four.variants.map((v) => v.name), (raw.variants || []).map((v) => v.name));
  // Each size has one default box.
  for (const n of sizesOf(shapes)) assert.equal(shapes.filter((s) => s.n === n && s.def).length, 1, `size ${n}`);
});

test('shapesFrom leaves out what is no shape and gives a shape without levels all', () => {
  const got = shapesFrom({
    shapes: [
      { size: 6, box: '2x3', default: true, levels: ['Hard', 'easy', 'nightmare'] },
      { size: 6, box: '3x3', default: false, levels: [] },
      { size: 8, box: 'two by four', default: true },
      { size: 8, box: '4x2' },
    ],
  });
  assert.deepEqual(got, [
    { n: 6, r: 2, c: 3, def: true, levels: ['easy', 'hard'], variants: [] },
    { n: 8, r: 4, c: 2, def: false, levels: LEVELS, variants: [] },
  ]);
  assert.deepEqual(shapesFrom(null), []);
  assert.deepEqual(shapesFrom({}), []);
});

test('sizes and boxes: the default box first, then by box rows', () => {
  assert.deepEqual(sizesOf(shapes), [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25]);
  assert.deepEqual(boxesOf(shapes, 9).map(boxName), ['3x3']);
  assert.deepEqual(boxesOf(shapes, 6).map(boxName), ['2x3', '3x2']);
  assert.deepEqual(boxesOf(shapes, 12).map(boxName), ['3x4', '2x6', '4x3', '6x2']);
  assert.deepEqual(boxesOf(shapes, 24).map(boxName), ['4x6', '2x12', '3x8', '6x4', '8x3', '12x2']);
  assert.deepEqual(boxesOf(shapes, 7), []);
  for (const n of sizesOf(shapes)) {
    const [def, ...rest] = boxesOf(shapes, n);
    assert.ok(def.def && def.r <= def.c, `size ${n}: default ${boxName(def)} is no taller than wide`);
    assert.ok(rest.every((s, k) => k === 0 || rest[k - 1].r < s.r), `size ${n}: others by rows`);
  }
});

test('shapeOf finds the box asked for, else the default of the size', () => {
  assert.equal(boxName(shapeOf(shapes, 6, '3x2')), '3x2');
  assert.equal(boxName(shapeOf(shapes, 6, '2x2')), '2x3');
  assert.equal(boxName(shapeOf(shapes, 16, null)), '4x4');
  assert.equal(shapeOf(shapes, 7, '1x7'), undefined);
});

test('levels: sorted, named, the closest offered one', () => {
  assert.deepEqual(sortLevels(['Expert', 'easy', 'bogus', 'MEDIUM']), ['easy', 'medium', 'expert']);
  assert.equal(levelText('hard'), 'Hard');
  assert.equal(levelText(undefined), '');
  assert.equal(closestLevel(['easy'], 'expert'), 'easy');
  assert.equal(closestLevel(['easy', 'expert'], 'medium'), 'easy');
  assert.equal(closestLevel(['easy', 'hard'], 'medium'), 'hard', 'a tie goes to the harder');
  assert.equal(closestLevel(LEVELS, 'hard'), 'hard');
});

test('levelsFromProblem reads a 422 difficulty_unavailable', () => {
  assert.deepEqual(levelsFromProblem({ levels: ['medium', 'easy'] }, 'expert'), ['easy', 'medium']);
  assert.deepEqual(levelsFromProblem({ code: 'difficulty_unavailable', offered_here: ['hard', 'easy'] }, 'expert'), ['easy', 'hard']);
  assert.deepEqual(levelsFromProblem({ detail: 'a 4x4 board offers easy only; expert is not available' }, 'expert'), ['easy']);
  assert.deepEqual(levelsFromProblem({ detail: 'no such level' }, 'expert'), []);
  assert.deepEqual(levelsFromProblem({}, 'expert'), []);
});

test('variants: their names, their levels and the rules line', () => {
  const [shape] = shapesFrom({ shapes: [{ size: 9, box: '3x3', default: true, levels: ['easy', 'hard'],
    variants: [{ name: 'killer', levels: ['medium', 'Easy'] }, { name: 'x', levels: [] }, { name: '<script>', levels: ['easy'] }] }] });
  assert.deepEqual(shape.variants, [{ name: 'killer', levels: ['easy', 'medium'] }, { name: 'x', levels: ['easy', 'hard'] }]);
  assert.deepEqual(levelsOf(shape, 'killer'), ['easy', 'medium']);
  assert.deepEqual(levelsOf(shape, ''), ['easy', 'hard']);
  assert.deepEqual(levelsOf(shape, 'windoku'), ['easy', 'hard']);
  // The menu of a variant offers its own levels from /shapes: on 9×9 x up
  // to extreme, killer up to hard.
  const nine = shapeOf(shapes, 9, '3x3');
  assert.deepEqual(levelsOf(nine, 'x'), LEVELS);
  assert.deepEqual(levelsOf(nine, 'killer'), ['easy', 'medium', 'hard']);
  assert.deepEqual(levelsOf(nine, ''), LEVELS);
  assert.equal(variantText(''), 'Classic');
  assert.equal(variantText('x+anti_knight'), 'X + Anti-knight');
  assert.equal(variantText('killer'), 'Killer');
  assert.equal(rulesText(undefined), '');
  assert.equal(rulesText({}), '');
  assert.equal(rulesText({ diagonals: 'both', cages: [{ cells: [[0, 0]], sum: 1 }] }),
    'Both shaded diagonals hold every value once; each dashed cage adds up to its sum, no value repeated.');
});

test('variantOf names rules as /generate does, so that best times match', () => {
  assert.equal(variantOf(undefined), '');
  assert.equal(variantOf({}), '');
  assert.equal(variantOf({ cages: [{ sum: 3, cells: [[0, 0], [0, 1]] }] }), 'killer');
  assert.equal(variantOf({ regions: [[0, 0], [1, 1]] }), 'jigsaw');
  assert.equal(variantOf({ diagonals: 'both' }), 'x');
  assert.equal(variantOf({ windows: true }), 'windoku');
  assert.equal(variantOf({ odd: [[0, 0]] }), 'odd_even');
  assert.equal(variantOf({ even: [[0, 0]], odd: [] }), 'odd_even');
  assert.equal(variantOf({ diagonals: 'main', anti_knight: true, cages: [] }), 'x+anti_knight');
  assert.equal(variantOf({ cages: [{ sum: 3, cells: [[0, 0], [0, 1]] }], odd: [[2, 2]] }), 'odd_even+killer');
  assert.equal(variantText(variantOf({ regions: 'x', non_consecutive: true })), 'Jigsaw + Non-consecutive');
});
