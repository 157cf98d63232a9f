// The board and its rules: symbols, puzzle strings, units, clashes and
// candidates. Cells are indexed row by row, i = row·n + col; a value is
// 0 (empty) to n; notes are bit masks with bit v set for candidate v.
// No DOM: Node's tests import it.

// Cell kinds: who put the value there.
export const EMPTY = 0, GIVEN = 1, ENTRY = 2, HINTED = 3, SOLVED = 4;

// ---- symbols: 1–9, then A–Z for 10 and up, '.' for empty ------------------

export const sym = (v) => (v === 0 ? '.' : v < 10 ? String(v) : String.fromCharCode(55 + v));

// show is a value as a cell shows it: nothing for empty.
export const show = (v) => (v === 0 ? '' : sym(v));

// symbolValue returns the value a key or puzzle character stands for:
// 0 for empty ('.', '0'), 1–35, or -1 if it is not a symbol.
export function symbolValue(ch) {
  if (ch === '.' || ch === '0') return 0;
  if (ch >= '1' && ch <= '9') return ch.charCodeAt(0) - 48;
  const u = ch.toUpperCase();
  if (u.length === 1 && u >= 'A' && u <= 'Z') return u.charCodeAt(0) - 55;
  return -1;
}

// parsePuzzle reads a puzzle string the way the API does (whitespace and
// | - + ignored) for a board of one of the sizes. It returns { n, vals } or
// throws with a readable message.
export function parsePuzzle(text, sizes) {
  const vals = [];
  for (const ch of text) {
    if (/\s/.test(ch) || ch === '|' || ch === '-' || ch === '+') continue;
    const v = symbolValue(ch);
    if (v < 0) throw new Error(`"${ch}" is not a Sudoku symbol`);
    vals.push(v);
  }
  const n = Math.round(Math.sqrt(vals.length));
  if (vals.length === 0) throw new Error('paste a puzzle first');
  if (n * n !== vals.length || !sizes.includes(n)) {
    const lo = Math.min(...sizes), hi = Math.max(...sizes);
    throw new Error(`${vals.length} symbols is not a supported board (${lo}×${lo} to ${hi}×${hi} needs ${lo * lo} to ${hi * hi})`);
  }
  const big = vals.find((v) => v > n);
  if (big) throw new Error(`"${sym(big)}" is too large for a ${n}×${n} board`);
  return { n, vals };
}

// boardString writes values as a puzzle string, '.' for empty.
export const boardString = (arr) => Array.from(arr, sym).join('');

// cellName names cell i of an n×n board as players read it: "r1c2".
export const cellName = (i, n) => `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;

// onBoard reports whether c is a { row, col } on an n×n board.
export const onBoard = (c, n) => !!c && Number.isInteger(c.row) && Number.isInteger(c.col) &&
  c.row >= 0 && c.row < n && c.col >= 0 && c.col < n;

// noteList lists the values a notes mask holds, smallest first.
export const noteList = (marks, n) => Array.from({ length: n }, (_, j) => j + 1).filter((v) => marks & (1 << v));

// ---- rules -------------------------------------------------------------------

// units returns the cell indexes of every row, then every column, then
// every box (left to right, top to bottom).
export function units(shape) {
  const { n, r: br, c: bc } = shape, out = [];
  for (let r = 0; r < n; r++) out.push(Array.from({ length: n }, (_, c) => r * n + c));
  for (let c = 0; c < n; c++) out.push(Array.from({ length: n }, (_, r) => r * n + c));
  for (let b = 0; b < n; b++) {
    const r0 = Math.floor(b / (n / bc)) * br, c0 = (b % (n / bc)) * bc, u = [];
    for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) u.push((r0 + r) * n + c0 + c);
    out.push(u);
  }
  return out;
}

// rulesOf returns a shape's units (list) and, for each cell, the three
// units it is in (of).
export function rulesOf(shape) {
  const list = units(shape);
  const of = Array.from({ length: shape.n * shape.n }, () => []);
  for (const u of list) for (const i of u) of[i].push(u);
  return { list, of };
}

// findConflicts returns the cells whose value another cell of one of its
// units holds too.
export function findConflicts(cells, rules) {
  const bad = new Set();
  for (const u of rules.list) {
    const seen = new Map();
    for (const i of u) {
      const v = cells[i];
      if (!v) continue;
      if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i);
    }
  }
  return bad;
}

// peersOf lists the cells that share a unit with cell i.
export function peersOf(rules, i) {
  const out = new Set();
  for (const u of rules.of[i]) for (const j of u) if (j !== i) out.add(j);
  return [...out];
}

// clashesOf lists the cells that share a unit and a value with cell i.
export function clashesOf(cells, rules, i) {
  const v = cells[i];
  if (!v) return [];
  return peersOf(rules, i).filter((j) => cells[j] === v);
}

// candidatesOf returns the notes mask of the values no peer of cell i
// holds on an n×n board.
export function candidatesOf(cells, rules, i, n) {
  let marks = 0;
  for (let v = 1; v <= n; v++) marks |= 1 << v;
  for (const j of peersOf(rules, i)) if (cells[j]) marks &= ~(1 << cells[j]);
  return marks;
}
