import { test } from 'node:test';
import assert from 'node:assert/strict';

import { EMPTY, GIVEN, ENTRY, HINTED, SOLVED, parsePuzzle, peersOf, candidatesOf } from '../board.js';
import * as play from '../game.js';

const SIZES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25];
const SHAPE9 = { n: 9, r: 3, c: 3 };
const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';

const vals = (s) => parsePuzzle(s, SIZES).vals;

function started() {
  const g = play.createGame();
  play.loadPuzzle(g, SHAPE9, vals(PUZZLE), { difficulty: 'easy' });
  return g;
}

// state is what Undo must bring back.
const state = (g) => ({ cells: Array.from(g.cells), kind: Array.from(g.kind), notes: Array.from(g.notes), hints: g.hints });

test('loadPuzzle puts the givens on, the first empty cell selected', () => {
  const g = play.createGame();
  const id = g.id;
  play.loadPuzzle(g, SHAPE9, vals(PUZZLE), { difficulty: 'easy' });
  assert.equal(g.id, id + 1);
  assert.equal(g.sel, 2);
  assert.equal(g.kind[0], GIVEN);
  assert.equal(g.kind[2], EMPTY);
  assert.equal(g.conflicts.size, 0);
  assert.deepEqual(g.history, []);
  assert.equal(g.meta.difficulty, 'easy');
  assert.equal(g.rules.list.length, 27);
});

test('place: an entry rubs its mark out of the peers, and Undo brings all back', () => {
  const g = started();
  // Notes of 1 in r1c3's peers r1c4 and r9c3 and elsewhere in r5c5.
  for (const i of [3, 74, 40]) g.notes[i] = (1 << 1) | (1 << 2);
  const before = state(g);
  const check = g.check;
  play.place(g, 2, 1, ENTRY);
  assert.equal(g.cells[2], 1);
  assert.equal(g.kind[2], ENTRY);
  assert.equal(g.notes[3], 1 << 2);
  assert.equal(g.notes[74], 1 << 2);
  assert.equal(g.notes[40], (1 << 1) | (1 << 2), 'not a peer: notes kept');
  assert.ok(g.check > check);
  assert.equal(g.history.length, 1);

  g.sel = 60;
  const step = play.undoStep(g);
  assert.equal(step.sel, 2);
  assert.equal(g.sel, 2, 'Undo selects the cell it changed');
  assert.deepEqual(state(g), before);
  assert.equal(play.undoStep(g), undefined, 'nothing more to undo');
});

test('place: a clash is a conflict until it is undone or cleared', () => {
  const g = started();
  play.place(g, 2, 5, ENTRY); // r1c1 holds a given 5
  assert.deepEqual([...g.conflicts].sort((a, b) => a - b), [0, 2]);
  play.place(g, 2, 0, EMPTY);
  assert.equal(g.conflicts.size, 0);
  play.undoStep(g);
  assert.equal(g.conflicts.size, 2);
  play.undoStep(g);
  assert.equal(g.conflicts.size, 0);
});

test('put clears a mistake on its cell and any hint shown', () => {
  const g = started();
  g.mistake = 2;
  g.hintCell = 3;
  g.shown = { check: g.check };
  play.put(g, 2, 4, ENTRY);
  assert.equal(g.mistake, -1);
  assert.equal(g.hintCell, -1);
  assert.equal(g.shown, null);
});

test('toggleNote adds, removes and clears marks, each one Undo step', () => {
  const g = started();
  play.toggleNote(g, 2, 4);
  play.toggleNote(g, 2, 1);
  assert.equal(g.notes[2], (1 << 4) | (1 << 1));
  play.toggleNote(g, 2, 4);
  assert.equal(g.notes[2], 1 << 1);
  play.toggleNote(g, 2, 0);
  assert.equal(g.notes[2], 0);
  const seen = [];
  while (play.undoStep(g)) seen.push(g.notes[2]);
  assert.deepEqual(seen, [1 << 1, (1 << 4) | (1 << 1), 1 << 4, 0]);
});

test('fillNotes notes every candidate of every empty cell as one step', () => {
  const g = started();
  play.fillNotes(g);
  for (let i = 0; i < 81; i++) {
    assert.equal(g.notes[i], candidatesOf(g.cells, g.rules)[i], `cell ${i}`);
  }
  // The solution's value is always among them.
  const sol = vals(SOLUTION);
  for (let i = 0; i < 81; i++) if (!g.cells[i]) assert.ok(g.notes[i] & (1 << sol[i]), `cell ${i}`);
  play.undoStep(g);
  assert.ok(g.notes.every((m) => m === 0));
});

test('eliminate takes a hint\'s values out of the notes', () => {
  const g = started();
  play.fillNotes(g);
  const before = Array.from(g.notes);
  const k = play.eliminate(g, [
    { row: 0, col: 2, values: [1, 2] },
    { row: 0, col: 3, values: [2] },
    { row: 9, col: 0, values: [1] }, // off the board
  ]);
  assert.equal(k, 2);
  assert.equal(g.notes[2], before[2] & ~((1 << 1) | (1 << 2)));
  assert.equal(g.notes[3], before[3] & ~(1 << 2));
  play.undoStep(g);
  assert.deepEqual(Array.from(g.notes), before);
});

test('fillSolution ends the game; Undo brings the game and its time back', () => {
  const g = started();
  play.place(g, 2, 4, ENTRY);
  play.place(g, 3, 6, HINTED);
  g.hints = 1;
  const before = state(g);
  play.fillSolution(g, vals(SOLUTION), 61000);
  assert.equal(g.finished, true);
  assert.equal(g.sel, -1);
  assert.deepEqual(Array.from(g.cells), vals(SOLUTION));
  assert.equal(g.kind[2], ENTRY, 'the player\'s entries stay theirs');
  assert.equal(g.kind[5], SOLVED);
  const step = play.undoStep(g);
  assert.equal(step.what, 'Solve');
  assert.equal(step.snap.elapsed, 61000);
  assert.equal(g.finished, false);
  assert.deepEqual(state(g), before);
});

test('resetBoard: back to the givens; Undo brings the game back unless it was won', () => {
  const g = started();
  assert.equal(play.resetBoard(g, 0), false, 'nothing played: nothing to bring back');
  play.place(g, 2, 4, ENTRY);
  play.toggleNote(g, 3, 2);
  g.hints = 2;
  const before = state(g);
  assert.equal(play.resetBoard(g, 5000), true);
  assert.equal(g.cells[2], 0);
  assert.equal(g.notes[3], 0);
  assert.equal(g.hints, 0);
  assert.equal(g.history.length, 3, 'the two moves and the reset');
  const step = play.undoStep(g);
  assert.equal(step.what, 'Reset');
  assert.equal(step.snap.elapsed, 5000);
  assert.deepEqual(state(g), before);

  g.won = true;
  assert.equal(play.resetBoard(g, 9000), false);
  assert.deepEqual(g.history, []);
});

test('Clock counts only while running', () => {
  let now = 1000;
  const clock = new play.Clock(() => now);
  assert.equal(clock.read(), 0);
  clock.run();
  now += 1500;
  assert.equal(clock.read(), 1500);
  clock.stop();
  now += 10000;
  assert.equal(clock.read(), 1500, 'stopped: no time passes');
  clock.run(clock.elapsed);
  now += 500;
  assert.equal(clock.read(), 2000);
  clock.run(60000);
  assert.equal(clock.read(), 60000);
});

test('fmtTime', () => {
  const cases = [[0, '0:00'], [999, '0:00'], [61000, '1:01'], [599999, '9:59'], [3600000, '1:00:00'], [3723000, '1:02:03']];
  for (const [ms, want] of cases) assert.equal(play.fmtTime(ms), want, `${ms} ms`);
});

test('a saved game comes back on its own puzzle only', () => {
  const g = started();
  play.place(g, 2, 4, ENTRY);
  play.place(g, 3, 6, HINTED);
  play.toggleNote(g, 5, 2);
  g.hints = 1;
  const saved = JSON.parse(JSON.stringify(play.savedGame(g, 42123.4)));
  assert.equal(saved.elapsed, 42123);
  assert.equal(saved.box, '3x3');

  const h = started();
  assert.equal(play.restoreGame(h, saved, SIZES), 42123);
  assert.deepEqual(state(h), state(g));
  assert.equal(h.sel, 5, 'the first empty cell');

  const other = (change) => {
    const k = started();
    const before = state(k);
    assert.equal(play.restoreGame(k, { ...saved, ...change }, SIZES), -1, JSON.stringify(change));
    assert.deepEqual(state(k), before, 'the board is unchanged');
  };
  other({ finished: true });
  other({ box: '3x2' });
  other({ givens: '1' + saved.givens.slice(1) });
  other({ kind: '12' });
  other({ notes: [] });
  other({ cells: '#'.repeat(81) });
  assert.equal(play.restoreGame(started(), null, SIZES), -1);

  // A saved kind it does not know, or a given's, is an entry.
  const odd = { ...saved, kind: saved.kind.slice(0, 2) + '4' + saved.kind.slice(3) };
  const k = started();
  play.restoreGame(k, odd, SIZES);
  assert.equal(k.kind[2], ENTRY);
  assert.equal(k.kind[3], HINTED);
});

test('best times: the first and every faster one is kept', () => {
  const key = play.bestKey(SHAPE9, 'hard');
  assert.equal(key, '9:3x3:hard');
  assert.equal(play.bestKey({ n: 6, r: 3, c: 2 }, 'custom'), '6:3x2:custom');
  const best = {};
  assert.deepEqual(play.keepBest(best, key, 90000), { before: 0, record: true });
  assert.deepEqual(play.keepBest(best, key, 95000), { before: 90000, record: false });
  assert.equal(best[key], 90000);
  assert.deepEqual(play.keepBest(best, key, 80000), { before: 90000, record: true });
  assert.equal(best[key], 80000);
  assert.deepEqual(play.keepBest({ [key]: 'junk' }, key, 70000), { before: 0, record: true });
});

test('linkParams reads a link; linkTo writes one', () => {
  assert.deepEqual(play.linkParams('', SIZES), { size: 9, box: null, level: 'medium', variant: '', puzzle: '', fpuzzles: '', id: '', seed: undefined });
  assert.deepEqual(play.linkParams('?size=6&box=3x2&variant=killer&difficulty=HARD&seed=-9007199254740993', SIZES),
    { size: 6, box: '3x2', level: 'hard', variant: 'killer', puzzle: '', fpuzzles: '', id: '', seed: '-9007199254740993' });
  assert.deepEqual(play.linkParams('?size=7&difficulty=insane&variant=<b>&seed=12a', SIZES),
    { size: 9, box: null, level: 'medium', variant: '', puzzle: '', fpuzzles: '', id: '', seed: undefined });
  assert.equal(play.linkParams('?puzzle=1.2.', SIZES).puzzle, '1.2.');
  assert.equal(play.linkParams('?fpuzzles=N4Ig+a/b=', SIZES).fpuzzles, 'N4Ig+a/b=');
  assert.equal(play.linkParams('?fpuzzles=N4Ig%2Ba', SIZES).fpuzzles, 'N4Ig+a');
  assert.equal(play.linkParams('?id=ASgQ9e7M-zaZ_0tI', SIZES).id, 'ASgQ9e7M-zaZ_0tI');
  assert.equal(play.linkParams('?id=../shapes', SIZES).id, '', 'an id is base64url: no path in it');
  assert.equal(play.linkParams(new URL(play.linkTo('http://h/x/?size=6', { id: 'AQAAOCQMa6M' })).search, SIZES).id, 'AQAAOCQMa6M');

  const href = play.linkTo('http://host:8080/play/?old=1#top', { size: 9, box: '3x3', variant: 'x+anti_knight', difficulty: 'easy', seed: '12', gone: undefined, none: null });
  assert.equal(href, 'http://host:8080/play/?size=9&box=3x3&variant=x%2Banti_knight&difficulty=easy&seed=12#top');
  const back = play.linkParams(new URL(href).search, SIZES);
  assert.deepEqual(back, { size: 9, box: '3x3', level: 'easy', variant: 'x+anti_knight', puzzle: '', fpuzzles: '', id: '', seed: '12' });
  assert.equal(new URL(play.linkTo('http://h/', { puzzle: PUZZLE })).searchParams.get('puzzle'), PUZZLE);
});

test('fpuzzlesLink opens f-puzzles\' own text, not another tool\'s', () => {
  const text = 'N4IgzglgXgpiBcAWANCA5gJwgEwQbT1AA+a/b=';
  assert.equal(play.fpuzzlesLink(text), 'https://www.f-puzzles.com/?load=' + text);
  assert.equal(play.fpuzzlesLink('scl' + text), '', 'SudokuPad\'s own format');
  assert.equal(play.fpuzzlesLink(''), '');
  assert.equal(play.fpuzzlesLink(undefined), '');
  assert.equal(play.fpuzzlesLink('N4Ig<script>'), '');
});

test('a placed value rubs its mark out of every peer and no other cell', () => {
  const g = started();
  for (let i = 0; i < 81; i++) if (!g.cells[i]) g.notes[i] = (1 << 1) | (1 << 3);
  play.place(g, 72, 1, ENTRY); // r9c1
  const peers = new Set(peersOf(g.rules, 72));
  for (let i = 0; i < 81; i++) {
    if (g.cells[i]) continue;
    assert.equal(g.notes[i], peers.has(i) ? 1 << 3 : (1 << 1) | (1 << 3), `cell ${i}`);
  }
});

test('bestKey keeps a time per variant and level', () => {
  const shape = { n: 9, r: 3, c: 3 };
  assert.equal(play.bestKey(shape, 'easy'), '9:3x3:easy');
  assert.equal(play.bestKey(shape, 'easy', 'killer'), '9:3x3:killer:easy');
  // A killer opened by id or link names no variant: its rules do, so its
  // time counts with the generated killers', not the classic ones'.
  const g = play.createGame();
  const cages = { cages: [{ cells: [[0, 0], [0, 1]], sum: 3 }] };
  play.loadPuzzle(g, shape, new Array(81).fill(0), { difficulty: 'hard', rules: cages });
  assert.equal(play.bestKey(g.shape, g.meta.difficulty, g.meta.variant), '9:3x3:killer:hard');
  play.loadPuzzle(g, shape, new Array(81).fill(0), { difficulty: 'hard', rules: cages, variant: 'killer' });
  assert.equal(g.meta.variant, 'killer');
  play.loadPuzzle(g, shape, new Array(81).fill(0), { difficulty: 'hard' });
  assert.equal(play.bestKey(g.shape, g.meta.difficulty, g.meta.variant), '9:3x3:hard', 'classic');
});

test('a variant game checks its rules as the player goes', () => {
  const g = play.createGame();
  const rules = { diagonals: 'main', cages: [{ cells: [[0, 1], [0, 2]], sum: 3 }] };
  play.loadPuzzle(g, { n: 4, r: 2, c: 2 }, new Array(16).fill(0), { rules, variant: 'x+killer' });
  play.place(g, 0, 1, ENTRY); // r1c1 on the diagonal
  play.place(g, 15, 1, ENTRY); // r4c4: the diagonal repeats 1
  assert.deepEqual([...g.conflicts].sort((a, b) => a - b), [0, 15]);
  play.place(g, 15, 0, ENTRY);
  play.place(g, 1, 3, ENTRY); // the cage of sum 3 holds 3: over with any other value
  play.place(g, 2, 2, ENTRY);
  assert.deepEqual([...g.conflicts].sort((a, b) => a - b), [1, 2]);
});
