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

// regionsOf returns the region number of each cell of a jigsaw's rules
// (N rows of N integers 0 to N-1, kept; or of other values or a string of
// N·N symbols, numbered as they first come), or null when the board keeps
// its boxes.
export function regionsOf(n, rules) {
  const g = rules && rules.regions;
  if (!g) return null;
  const flat = typeof g === 'string' ? [...g.replace(/\s/g, '')] : g.flat();
  if (flat.length !== n * n) return null;
  if (flat.every((x) => Number.isInteger(x) && x >= 0 && x < n)) return flat; // the API's own numbers
  const ids = new Map();
  return flat.map((x) => { if (!ids.has(x)) ids.set(x, ids.size); return ids.get(x); });
}

const idx = (n, p) => p[0] * n + p[1];

// unitsByKind returns the cell indexes of a board's units by the kind the
// API names them with (row, column, box or region, diagonal, window,
// extra_region, disjoint_group, cage), each list in the API's index order:
// rows and columns top to bottom and left to right, boxes left to right
// then top to bottom, diagonal 0 the main one and 1 the anti one, windows
// row by row, cages and extra regions as the rules list them, disjoint
// group k the k-th cell of every box. No value repeats in any of them.
export function unitsByKind(shape, rules) {
  const { n, r: br, c: bc } = shape, k = {};
  k.row = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => r * n + c));
  k.column = Array.from({ length: n }, (_, c) => Array.from({ length: n }, (_, r) => r * n + c));
  const regions = regionsOf(n, rules);
  if (regions) {
    k.region = Array.from({ length: n }, () => []);
    regions.forEach((g, i) => k.region[g] && k.region[g].push(i));
  } else {
    k.box = [];
    for (let b = 0; b < n; b++) {
      const r0 = Math.floor(b / (n / bc)) * br, c0 = (b % (n / bc)) * bc, u = [];
      for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) u.push((r0 + r) * n + c0 + c);
      k.box.push(u);
    }
  }
  if (!rules) return k;
  const d = rules.diagonals;
  if (d) k.diagonal = [];
  if (d === 'main' || d === 'both') k.diagonal[0] = Array.from({ length: n }, (_, j) => j * n + j);
  if (d === 'anti' || d === 'both') k.diagonal[1] = Array.from({ length: n }, (_, j) => j * n + n - 1 - j);
  if (rules.windows && br === bc) {
    k.window = [];
    for (let wr = 1; wr + br <= n; wr += br + 1) {
      for (let wc = 1; wc + bc <= n; wc += bc + 1) {
        const u = [];
        for (let r = 0; r < br; r++) for (let c = 0; c < bc; c++) u.push((wr + r) * n + wc + c);
        k.window.push(u);
      }
    }
  }
  if (rules.extra_regions) k.extra_region = rules.extra_regions.map((e) => e.map((p) => idx(n, p)));
  if (rules.disjoint_groups) {
    k.disjoint_group = [];
    for (let j = 0; j < n; j++) {
      const u = [];
      for (let b = 0; b < n; b++) {
        const r0 = Math.floor(b / (n / bc)) * br, c0 = (b % (n / bc)) * bc;
        u.push((r0 + Math.floor(j / bc)) * n + c0 + (j % bc));
      }
      k.disjoint_group.push(u);
    }
  }
  if (rules.cages) k.cage = rules.cages.map((cage) => cage.cells.map((p) => idx(n, p)));
  return k;
}

const KINDS = ['row', 'column', 'box', 'region', 'diagonal', 'window', 'extra_region', 'disjoint_group', 'cage'];

// units returns the cell indexes of every unit of unitsByKind: rows,
// columns, boxes or regions, then the houses the variant rules add.
export function units(shape, rules) {
  const k = unitsByKind(shape, rules);
  return KINDS.flatMap((kind) => (k[kind] || []).filter(Boolean));
}

// rulesOf returns a board's units (list, and by kind as the API names
// them), for each cell the units it is in (of), with the variant rules that are not houses: anti-knight,
// anti-king, non-consecutive, odd, even and cage sums.
export function rulesOf(shape, rules) {
  const n = shape.n, kinds = unitsByKind(shape, rules);
  const list = KINDS.flatMap((kind) => (kinds[kind] || []).filter(Boolean));
  const of = Array.from({ length: n * n }, () => []);
  for (const u of list) for (const i of u) of[i].push(u);
  const r = rules || {};
  const parity = new Map();
  for (const p of r.odd || []) parity.set(idx(n, p), 1);
  for (const p of r.even || []) parity.set(idx(n, p), 0);
  const sums = (r.cages || []).filter((c) => c.sum > 0).map((c) => ({ cells: c.cells.map((p) => idx(n, p)), sum: c.sum }));
  return { list, of, kinds, n, knight: !!r.anti_knight, king: !!r.anti_king, nonConsecutive: !!r.non_consecutive, parity, sums };
}

// The knight's moves, the king's diagonal steps and the orthogonal ones.
const KNIGHT = [[1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]];
const KING = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const ORTHO = [[0, 1], [1, 0], [0, -1], [-1, 0]];

// moves lists the cells one of the steps in list from cell i reaches.
function moves(rules, i, list) {
  const n = rules.n, r = Math.floor(i / n), c = i % n, out = [];
  for (const [dr, dc] of list) {
    const rr = r + dr, cc = c + dc;
    if (rr >= 0 && rr < n && cc >= 0 && cc < n) out.push(rr * n + cc);
  }
  return out;
}

// findConflicts returns the cells whose value another cell of one of its
// units holds too, and the cells that break a variant rule: a knight's or
// king's move to the same value, consecutive orthogonal neighbours, the
// wrong parity, a cage over its sum or full and not at it.
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
  if (rules.n === undefined) return bad;
  for (let i = 0; i < cells.length; i++) {
    const v = cells[i];
    if (!v) continue;
    const near = [];
    if (rules.knight) near.push(...moves(rules, i, KNIGHT).filter((j) => cells[j] === v));
    if (rules.king) near.push(...moves(rules, i, KING).filter((j) => cells[j] === v));
    if (rules.nonConsecutive) near.push(...moves(rules, i, ORTHO).filter((j) => cells[j] && Math.abs(cells[j] - v) === 1));
    if (near.length) { bad.add(i); for (const j of near) bad.add(j); }
    if (rules.parity.has(i) && v % 2 !== rules.parity.get(i)) bad.add(i);
  }
  for (const cage of rules.sums) {
    const vals = cage.cells.map((i) => cells[i]);
    const total = vals.reduce((a, b) => a + b, 0);
    if (total > cage.sum || (vals.every((v) => v) && total !== cage.sum)) for (const i of cage.cells) if (cells[i]) bad.add(i);
  }
  return bad;
}

// fpuzzlesText returns what the API's fpuzzles field takes from a pasted
// f-puzzles or SudokuPad link (the text after load=) or compressed text,
// or '' when the text is none of these.
export function fpuzzlesText(text) {
  const t = String(text).trim();
  const m = /[?&]load=([^&#\s]+)/.exec(t);
  if (m) { try { return decodeURIComponent(m[1]); } catch (_) { return m[1]; } }
  if (/^https?:\/\/\S+N4Ig/.test(t) || /^N4Ig[A-Za-z0-9+/=$-]*$/.test(t)) return t;
  return '';
}

// boardBody is the part of a request that names the board: its size, and
// its box or (a jigsaw) its regions, with the rules when there are any.
export function boardBody(shape, rules) {
  const body = { size: shape.n };
  const some = rules && Object.keys(rules).length > 0;
  if (!some || !rules.regions) body.box = `${shape.r}x${shape.c}`;
  if (some) body.rules = rules;
  return body;
}

// peersOf lists the cells that share a unit with cell i, or a knight's
// or king's move the rules forbid.
export function peersOf(rules, i) {
  const out = new Set();
  for (const u of rules.of[i]) for (const j of u) if (j !== i) out.add(j);
  if (rules.knight) for (const j of moves(rules, i, KNIGHT)) out.add(j);
  if (rules.king) for (const j of moves(rules, i, KING)) out.add(j);
  return [...out];
}

// clashesOf lists the cells that share a unit and a value with cell i.
export function clashesOf(cells, rules, i) {
  const v = cells[i];
  if (!v) return [];
  return peersOf(rules, i).filter((j) => cells[j] === v);
}

// candidatesOf returns, for every cell, the notes mask of the values the
// rules leave it (0 for a filled cell): no peer holds the value (a unit,
// a knight's or king's move), the cell's parity, no filled orthogonal
// neighbour one apart under non-consecutive, and a cage's sum reachable
// with distinct values its filled cells do not hold. Cost: O(N² · peers)
// and per cage O(N · cells · sum).
export function candidatesOf(cells, rules) {
  const n = rules.n, all = (2 << n) - 2;
  const out = new Uint32Array(cells.length);
  for (let i = 0; i < cells.length; i++) {
    if (cells[i]) continue;
    let marks = all;
    for (const j of peersOf(rules, i)) if (cells[j]) marks &= ~(1 << cells[j]);
    if (rules.parity.has(i)) marks &= rules.parity.get(i) ? ODD_MASK : ~ODD_MASK;
    if (rules.nonConsecutive) {
      for (const j of moves(rules, i, ORTHO)) if (cells[j]) marks &= ~((1 << (cells[j] - 1)) | (1 << (cells[j] + 1)));
    }
    out[i] = marks & all;
  }
  for (const cage of rules.sums) {
    const keep = cageValues(cage, cells, n);
    for (const i of cage.cells) out[i] &= keep;
  }
  return out;
}

// ODD_MASK has bit v set for every odd v.
const ODD_MASK = 0x2aaaaaaa;

// cageValues returns the mask of the values some empty cell of a cage can
// hold: v such that distinct values the cage's filled cells do not hold,
// one of them v, fill its empty cells and make its sum.
function cageValues(cage, cells, n) {
  let left = cage.sum, k = 0, used = 0;
  for (const i of cage.cells) {
    if (cells[i]) { left -= cells[i]; used |= 1 << cells[i]; } else k++;
  }
  if (k === 0 || left <= 0) return 0;
  const free = [];
  for (let v = 1; v <= n; v++) if (!(used & (1 << v))) free.push(v);
  // pre[j][c]: the sums c distinct values of free[0..j) make, as bits of
  // a BigInt; suf[j][c] the same of free[j..).
  const table = (vals) => {
    const t = [Array.from({ length: k }, (_, c) => (c === 0 ? 1n : 0n))];
    for (const v of vals) {
      const last = t[t.length - 1];
      t.push(last.map((m, c) => (c === 0 ? m : m | (last[c - 1] << BigInt(v)))));
    }
    return t;
  };
  const pre = table(free), suf = table(free.slice().reverse()).reverse();
  let keep = 0;
  free.forEach((v, j) => {
    const want = left - v;
    if (want < 0) return;
    for (let c = 0; c < k && !(keep & (1 << v)); c++) {
      const a = pre[j][c], b = suf[j + 1][k - 1 - c];
      for (let s = 0; s <= want; s++) {
        if ((a >> BigInt(s)) & 1n && (b >> BigInt(want - s)) & 1n) { keep |= 1 << v; break; }
      }
    }
  });
  return keep;
}
