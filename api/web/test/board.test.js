import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
  sym, show, symbolValue, parsePuzzle, boardString, cellName, onBoard, noteList,
  units, rulesOf, findConflicts, peersOf, clashesOf, candidatesOf, regionsOf, boardBody, fpuzzlesText,
} from '../board.js';
import { KILLER_SOLUTION, KILLER_CAGES, killerRules } from './killer.js';

const SIZES = [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25];

// A solved 9×9 grid (3×3 boxes) and a 6×6 one (2×3 boxes).
const SOLVED9 = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const SOLVED6 = '123456456123231564564231312645645312';

// solvedPattern is the standard pattern solution of an r×c-box board.
function solvedPattern(r, c) {
  const n = r * c, out = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) out.push(((c * (row % r) + Math.floor(row / r) + col) % n) + 1);
  }
  return out;
}

test('symbols: every value 0…35 reads back from its symbol', () => {
  for (let v = 0; v <= 35; v++) assert.equal(symbolValue(sym(v)), v, `value ${v} as ${sym(v)}`);
  assert.equal(sym(0), '.');
  assert.equal(sym(10), 'A');
  assert.equal(show(0), '');
  assert.equal(show(16), 'G');
  assert.equal(symbolValue('0'), 0);
  assert.equal(symbolValue('g'), 16, 'lower case reads as upper');
  for (const ch of ['#', ' ', '-', 'é', 'AB']) assert.equal(symbolValue(ch), -1, ch);
});

test('parsePuzzle reads what the API reads and round-trips through boardString', () => {
  const text = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
  const p = parsePuzzle(text, SIZES);
  assert.equal(p.n, 9);
  assert.equal(p.vals.length, 81);
  assert.equal(p.vals[0], 5);
  assert.equal(p.vals[2], 0);
  assert.equal(boardString(p.vals), text);
  // Separators and zeros, as a pretty-printed grid has them.
  const pretty = '1 2 | 0 0\n3 4 | 0 0\n----+----\n0 0 | 4 3\n0 0 | 2 1';
  assert.deepEqual(parsePuzzle(pretty, SIZES), { n: 4, vals: [1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 4, 3, 0, 0, 2, 1] });
  const big = boardString(solvedPattern(4, 4));
  assert.match(big, /G/);
  assert.deepEqual(parsePuzzle(big.toLowerCase(), SIZES).vals, solvedPattern(4, 4));
});

test('parsePuzzle refuses what is no board', () => {
  const cases = [
    ['', /paste a puzzle first/],
    ['12#4' + '.'.repeat(12), /"#" is not a Sudoku symbol/],
    ['.'.repeat(80), /80 symbols is not a supported board \(4×4 to 25×25 needs 16 to 625\)/],
    ['.'.repeat(49), /49 symbols/], // 7×7 is square, but no box fits it
    ['5' + '.'.repeat(15), /"5" is too large for a 4×4 board/],
  ];
  for (const [text, want] of cases) assert.throws(() => parsePuzzle(text, SIZES), want, JSON.stringify(text));
});

test('cellName, onBoard and noteList', () => {
  assert.equal(cellName(0, 9), 'r1c1');
  assert.equal(cellName(80, 9), 'r9c9');
  assert.equal(cellName(13, 6), 'r3c2');
  assert.equal(onBoard({ row: 5, col: 0 }, 6), true);
  for (const c of [{ row: 6, col: 0 }, { row: -1, col: 2 }, { row: 1.5, col: 2 }, { row: 1 }, null]) assert.equal(onBoard(c, 6), false);
  assert.deepEqual(noteList((1 << 1) | (1 << 5) | (1 << 9), 9), [1, 5, 9]);
  assert.deepEqual(noteList(1 << 10, 9), [], 'a mark past n is no note');
});

test('units: every row, column and box holds each cell of it once', () => {
  for (const [r, c] of [[2, 2], [2, 3], [3, 2], [3, 3], [3, 4], [4, 4], [5, 5], [2, 7]]) {
    const n = r * c, us = units({ n, r, c });
    assert.equal(us.length, 3 * n);
    const seen = new Array(n * n).fill(0);
    for (const u of us) {
      assert.equal(new Set(u).size, n);
      for (const i of u) seen[i]++;
    }
    assert.ok(seen.every((k) => k === 3), `${r}x${c}: each cell in three units`);
    // Box b spans r rows and c columns.
    for (const u of us.slice(2 * n)) {
      const rows = new Set(u.map((i) => Math.floor(i / n))), cols = new Set(u.map((i) => i % n));
      assert.equal(rows.size, r, `${r}x${c} box rows`);
      assert.equal(cols.size, c, `${r}x${c} box columns`);
    }
    // A solved grid has every value once in every unit.
    const grid = solvedPattern(r, c);
    for (const u of us) assert.equal(new Set(u.map((i) => grid[i])).size, n);
  }
});

test('peersOf: a cell sees 3(n-1) - (r-1) - (c-1) others', () => {
  for (const [r, c] of [[2, 2], [2, 3], [3, 3], [4, 4]]) {
    const n = r * c, rules = rulesOf({ n, r, c });
    for (let i = 0; i < n * n; i++) {
      const peers = peersOf(rules, i);
      assert.equal(peers.length, 3 * (n - 1) - (r - 1) - (c - 1));
      assert.ok(!peers.includes(i));
    }
  }
});

test('findConflicts: none on a solved grid, both cells of each repeat', () => {
  const s9 = { n: 9, r: 3, c: 3 }, rules9 = rulesOf(s9);
  const grid = parsePuzzle(SOLVED9, SIZES).vals;
  assert.equal(findConflicts(grid, rules9).size, 0);
  const s6 = { n: 6, r: 2, c: 3 };
  assert.equal(findConflicts(parsePuzzle(SOLVED6, SIZES).vals, rulesOf(s6)).size, 0);

  const empty = new Uint8Array(81);
  assert.equal(findConflicts(empty, rules9).size, 0, 'empty cells never clash');

  const cases = [
    { name: 'row', put: [[0, 4], [8, 4]], want: [0, 8] },
    { name: 'column', put: [[2, 7], [74, 7]], want: [2, 74] },
    { name: 'box', put: [[30, 1], [50, 1]], want: [30, 50] },
    { name: 'no unit shared', put: [[0, 1], [40, 1]], want: [] },
    { name: 'three in a row', put: [[9, 2], [12, 2], [17, 2]], want: [9, 12, 17] },
  ];
  for (const tc of cases) {
    const cells = new Uint8Array(81);
    for (const [i, v] of tc.put) cells[i] = v;
    assert.deepEqual([...findConflicts(cells, rules9)].sort((a, b) => a - b), tc.want, tc.name);
  }

  // Swapping two values in a row of a solved grid breaks two columns.
  const broken = grid.slice();
  [broken[0], broken[1]] = [broken[1], broken[0]];
  const bad = findConflicts(broken, rules9);
  assert.ok(bad.has(0) && bad.has(1), 'the swapped cells clash');
  for (const i of bad) assert.ok(i % 9 === 0 || i % 9 === 1, `cell ${i} is in column 1 or 2`);
});

test('clashesOf names the peers holding the same value', () => {
  const rules = rulesOf({ n: 9, r: 3, c: 3 });
  const cells = new Uint8Array(81);
  cells[0] = 5;
  cells[5] = 5;  // row 1
  cells[27] = 5; // column 1
  cells[10] = 5; // box 1
  cells[40] = 5; // elsewhere
  assert.deepEqual(clashesOf(cells, rules, 0).sort((a, b) => a - b), [5, 10, 27]);
  assert.deepEqual(clashesOf(cells, rules, 40), []);
  assert.deepEqual(clashesOf(cells, rules, 1), [], 'an empty cell clashes with nothing');
});

test('candidatesOf leaves exactly the values no peer holds', () => {
  const rules = rulesOf({ n: 9, r: 3, c: 3 });
  const cells = parsePuzzle('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79', SIZES).vals;
  const marks = candidatesOf(cells, rules);
  // r1c3 sees 5 3 7 (row), 8 (column), 6 9 8 (box): 1, 2 and 4 remain.
  assert.deepEqual(noteList(marks[2], 9), [1, 2, 4]);
  for (let i = 0; i < 81; i++) {
    if (cells[i]) { assert.equal(marks[i], 0, `filled cell ${i}`); continue; }
    for (let v = 1; v <= 9; v++) {
      const seen = peersOf(rules, i).some((j) => cells[j] === v);
      assert.equal(!!(marks[i] & (1 << v)), !seen, `cell ${i} value ${v}`);
    }
  }
  // On a grid solved but for one cell, the cell's only candidate is its value.
  const grid = parsePuzzle(SOLVED9, SIZES).vals;
  const v = grid[40];
  grid[40] = 0;
  assert.deepEqual(noteList(candidatesOf(grid, rules)[40], 9), [v]);
});

test('candidatesOf keeps to parity, knight and king moves and non-consecutive neighbours', () => {
  const S9 = { n: 9, r: 3, c: 3 };
  const empty = () => new Array(81).fill(0);
  const notes = (rules, cells, i) => noteList(candidatesOf(cells, rules)[i], 9);
  assert.deepEqual(notes(rulesOf(S9, { odd: [[4, 4]] }), empty(), 40), [1, 3, 5, 7, 9]);
  assert.deepEqual(notes(rulesOf(S9, { even: [[4, 4]] }), empty(), 40), [2, 4, 6, 8]);
  let cells = empty();
  cells[1 * 9 + 4] = 7; // r2c5, a knight's move from r4c4
  cells[2 * 9 + 2] = 2; // r3c3, a king's step from r4c4
  assert.deepEqual(notes(rulesOf(S9, { anti_knight: true }), cells, 30), [1, 2, 3, 4, 5, 6, 8, 9]);
  assert.deepEqual(notes(rulesOf(S9, { anti_king: true }), cells, 30), [1, 3, 4, 5, 6, 7, 8, 9]);
  assert.deepEqual(notes(rulesOf(S9), cells, 30), [1, 2, 3, 4, 5, 6, 7, 8, 9], 'classic rules know no moves');
  cells = empty();
  cells[4 * 9 + 5] = 5; // r5c6 beside r5c5
  cells[0 * 9 + 4] = 1; // r1c5, same column: a peer, not a neighbour
  assert.deepEqual(notes(rulesOf(S9, { non_consecutive: true }), cells, 40), [2, 3, 7, 8, 9]);
  assert.deepEqual(notes(rulesOf(S9), cells, 40), [2, 3, 4, 6, 7, 8, 9], 'classic rules know no neighbours');
  // 9 beside a cell: 8 goes, and no 10 to worry about.
  cells = empty();
  cells[1] = 9;
  assert.deepEqual(notes(rulesOf(S9, { non_consecutive: true }), cells, 0), [1, 2, 3, 4, 5, 6, 7]);
});

// cageBrute lists the values that some way of filling a cage's empty cells
// with distinct values, not those its filled cells hold, to its sum uses.
function cageBrute(sum, idx, cells, n) {
  const filled = idx.map((i) => cells[i]).filter((v) => v);
  const k = idx.length - filled.length, left = sum - filled.reduce((a, b) => a + b, 0);
  const keep = new Set();
  const walk = (from, picked, total) => {
    if (picked.length === k) { if (total === left) for (const v of picked) keep.add(v); return; }
    for (let v = from; v <= n; v++) if (!filled.includes(v)) walk(v + 1, [...picked, v], total + v);
  };
  walk(1, [], 0);
  return keep;
}

test('candidatesOf keeps in a cage exactly the values its sum can use', () => {
  const S9 = { n: 9, r: 3, c: 3 };
  const two = rulesOf(S9, { cages: [{ sum: 3, cells: [[0, 0], [0, 1]] }, { sum: 17, cells: [[8, 7], [8, 8]] }] });
  const marks = candidatesOf(new Array(81).fill(0), two);
  assert.deepEqual(noteList(marks[0], 9), [1, 2]);
  assert.deepEqual(noteList(marks[80], 9), [8, 9]);
  assert.deepEqual(noteList(marks[40], 9), [1, 2, 3, 4, 5, 6, 7, 8, 9], 'outside the cages');
  // On a killer's board with cells filled from its solution, seeded: the
  // notes are the brute force's cage values less the peers', and always
  // hold the solution's value.
  const rules = rulesOf(S9, killerRules());
  const sol = parsePuzzle(KILLER_SOLUTION, SIZES).vals;
  let seed = 7;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  for (const share of [0, 0.2, 0.5, 0.8]) {
    const cells = sol.map((v) => (rand() < share ? v : 0));
    const got = candidatesOf(cells, rules);
    for (const [sum, idx] of KILLER_CAGES) {
      const brute = cageBrute(sum, idx, cells, 9);
      for (const i of idx) {
        if (cells[i]) continue;
        assert.ok(got[i] & (1 << sol[i]), `share ${share}: r${Math.floor(i / 9) + 1}c${i % 9 + 1} lost its solution value ${sol[i]}`);
        for (let v = 1; v <= 9; v++) {
          const peer = peersOf(rules, i).some((j) => cells[j] === v);
          assert.equal(!!(got[i] & (1 << v)), brute.has(v) && !peer, `share ${share}: cell ${i} value ${v}`);
        }
      }
    }
  }
});

const S4 = { n: 4, r: 2, c: 2 };
const at = (pairs) => { const c = new Array(16).fill(0); for (const [i, v] of pairs) c[i] = v; return c; };
const sorted = (set) => [...set].sort((a, b) => a - b);

test('jigsaw regions replace the boxes, as grids or strings', () => {
  const grid = [[0, 0, 0, 1], [2, 0, 1, 1], [2, 2, 3, 1], [2, 3, 3, 3]];
  const ids = regionsOf(4, { regions: grid });
  assert.deepEqual(ids, grid.flat());
  assert.deepEqual(regionsOf(4, { regions: 'aaab cabb ccdb cddd' }), ids);
  assert.equal(regionsOf(4, {}), null);
  const u = units(S4, { regions: grid });
  assert.equal(u.length, 12);
  assert.deepEqual(u.slice(8), [[0, 1, 2, 5], [3, 6, 7, 11], [4, 8, 9, 12], [10, 13, 14, 15]]);
  // r1c3 and r2c2 share a region, not a box: a clash on the jigsaw only.
  const cells = at([[2, 4], [5, 4]]);
  assert.deepEqual(sorted(findConflicts(cells, rulesOf(S4, { regions: grid }))), [2, 5]);
  assert.deepEqual(sorted(findConflicts(cells, rulesOf(S4))), []);
});

test('diagonals, windows, extra regions, disjoint groups and cages are houses', () => {
  const u = (rules) => units(S4, rules).slice(12);
  assert.deepEqual(u({ diagonals: 'both' }), [[0, 5, 10, 15], [3, 6, 9, 12]]);
  assert.deepEqual(u({ diagonals: 'anti' }), [[3, 6, 9, 12]]);
  assert.deepEqual(units({ n: 9, r: 3, c: 3 }, { windows: true }).slice(27).map((w) => w[0]), [10, 14, 46, 50]);
  assert.deepEqual(u({ extra_regions: [[[0, 0], [3, 3]]] }), [[0, 15]]);
  assert.deepEqual(u({ disjoint_groups: true }), [[0, 2, 8, 10], [1, 3, 9, 11], [4, 6, 12, 14], [5, 7, 13, 15]]);
  assert.deepEqual(u({ cages: [{ cells: [[0, 0], [1, 0]], sum: 3 }] }), [[0, 4]]);
  assert.deepEqual(sorted(findConflicts(at([[0, 2], [10, 2]]), rulesOf(S4, { disjoint_groups: true }))), [0, 10]);
});

test('knight and king moves, neighbours, parity and cage sums clash', () => {
  const knight = rulesOf(S4, { anti_knight: true });
  assert.deepEqual(sorted(findConflicts(at([[0, 1], [6, 1]]), knight)), [0, 6]); // r1c1, r2c3
  assert.ok(peersOf(knight, 0).includes(6) && peersOf(knight, 0).includes(9));
  assert.deepEqual(sorted(findConflicts(at([[0, 1], [6, 1]]), rulesOf(S4))), []);
  assert.deepEqual(sorted(findConflicts(at([[0, 1], [5, 1]]), rulesOf(S4, { anti_king: true }))), [0, 5]);
  const nc = rulesOf(S4, { non_consecutive: true });
  assert.deepEqual(sorted(findConflicts(at([[0, 2], [1, 3]]), nc)), [0, 1]);
  assert.deepEqual(sorted(findConflicts(at([[0, 2], [5, 3]]), nc)), []); // diagonal neighbours may be
  const parity = rulesOf(S4, { odd: [[0, 0]], even: [[0, 1]] });
  assert.deepEqual(sorted(findConflicts(at([[0, 2], [1, 4]]), parity)), [0]);
  assert.deepEqual(sorted(findConflicts(at([[0, 1], [1, 3]]), parity)), [1]);
  const cage = rulesOf(S4, { cages: [{ cells: [[0, 0], [1, 0], [1, 1]], sum: 6 }] });
  assert.deepEqual(sorted(findConflicts(at([[0, 4], [4, 3]]), cage)), [0, 4]); // 7 > 6
  assert.deepEqual(sorted(findConflicts(at([[0, 1], [4, 2]]), cage)), []); // 3, room for 3 more
  assert.deepEqual(sorted(findConflicts(at([[0, 1], [4, 2], [5, 4]]), cage)), [0, 4, 5]); // full at 7
  assert.deepEqual(sorted(findConflicts(at([[0, 1], [4, 2], [5, 3]]), cage)), []);
});

test('boardBody names the box, or the regions instead, with the rules', () => {
  assert.deepEqual(boardBody(S4), { size: 4, box: '2x2' });
  assert.deepEqual(boardBody(S4, {}), { size: 4, box: '2x2' });
  assert.deepEqual(boardBody(S4, { windows: true }), { size: 4, box: '2x2', rules: { windows: true } });
  assert.deepEqual(boardBody(S4, { regions: 'aabbaabbccddccdd' }), { size: 4, rules: { regions: 'aabbaabbccddccdd' } });
});

test('fpuzzlesText finds the f-puzzles text in a link or on its own', () => {
  assert.equal(fpuzzlesText('https://f-puzzles.com/?load=N4IgzglgXg+p/w='), 'N4IgzglgXg+p/w=');
  assert.equal(fpuzzlesText(' https://sudokupad.app/?load=N4Ig%2Bab&other=1 '), 'N4Ig+ab');
  assert.equal(fpuzzlesText('https://sudokupad.app/fpuzzlesN4IgzglgXg'), 'https://sudokupad.app/fpuzzlesN4IgzglgXg');
  assert.equal(fpuzzlesText('N4IgzglgXgpiBcAW+/='), 'N4IgzglgXgpiBcAW+/=');
  assert.equal(fpuzzlesText('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'), '');
  assert.equal(fpuzzlesText(''), '');
});
