import { test } from 'node:test';
import assert from 'node:assert/strict';

import { MIN_CELL, ZOOM_CELL, ZOOM_STEPS, fitBoard, nextZoom } from '../layout.js';

test('fitBoard: whole cells in the room, up to a cap per size', () => {
  const cases = [
    { n: 9, w: 1000, h: 900, want: { thick: 3, cell: 59, on: false } }, // capped at 540 px
    { n: 9, w: 366, h: 700, want: { thick: 3, cell: 40, on: false } },
    { n: 16, w: 1000, h: 1000, want: { thick: 2, cell: 53, on: false } }, // capped at 860 px
    { n: 4, w: 50, h: 50, want: { thick: 3, cell: 28, on: false } }, // never under 120 px
  ];
  for (const tc of cases) assert.deepEqual(fitBoard(tc.n, tc.w, tc.h), tc.want, `${tc.n} in ${tc.w}×${tc.h}`);
});

test('fitBoard: cells under MIN_CELL put the board in a zoom frame', () => {
  const f = fitBoard(25, 366, 600);
  assert.equal(f.on, true);
  assert.deepEqual(f.frame, { w: 366, h: 544 });
  assert.equal(f.min, Math.floor((366 - 4) / 25), 'the smallest zoom shows the whole board');
  assert.ok(f.min < MIN_CELL);
  assert.equal(f.max, ZOOM_STEPS[ZOOM_STEPS.length - 1]);
  assert.equal(f.cell, ZOOM_CELL);
  assert.equal(fitBoard(25, 366, 600, 44).cell, 44, 'the zoom the player chose is kept');
  assert.equal(fitBoard(25, 366, 600, 500).cell, f.max);
  assert.equal(fitBoard(25, 366, 600, 1).cell, f.min);
});

test('nextZoom steps through the buttons\' sizes within the frame\'s range', () => {
  const min = 14, max = 54;
  const seen = [min];
  for (let c = min, next; (next = nextZoom(min, max, c, 1)) !== undefined; c = next) seen.push(next);
  assert.deepEqual(seen, [14, 20, 24, 30, 36, 44, 54]);
  assert.equal(nextZoom(min, max, 54, 1), undefined);
  assert.equal(nextZoom(min, max, 30, -1), 24);
  assert.equal(nextZoom(min, max, 33, -1), 30, 'a pinched size goes to the step below');
  assert.equal(nextZoom(min, max, 14, -1), undefined);
  assert.deepEqual([nextZoom(22, 54, 22, 1), nextZoom(22, 54, 24, -1)], [24, 22], 'the frame\'s own smallest size is a step');
});
