// The game in play: its state, the moves that change it, Undo, the clock,
// the saved game, best times and the link that replays it. No DOM: Node's
// tests import it; the page (app.js) draws what these functions leave.

import {
  EMPTY, GIVEN, ENTRY, HINTED, SOLVED,
  rulesOf, findConflicts, peersOf, candidatesOf, boardString, parsePuzzle,
} from './board.js';
import { LEVELS, boxName, variantOf } from './shapes.js';

// createGame returns the state of a page with no game yet.
export function createGame() {
  return {
    id: 0,          // bumps on every new board; stale answers are dropped
    shape: null,
    rules: null,    // rulesOf(shape)
    givens: null,   // Uint8Array of the original puzzle
    cells: null,    // Uint8Array of what is on the board now
    kind: null,     // Uint8Array of EMPTY/GIVEN/ENTRY/HINTED/SOLVED
    sel: -1,
    conflicts: new Set(),
    notes: null,    // Uint32Array: bit v set when the player noted v as a candidate
    notesMode: false,
    history: [],    // undo stack of { sel, cells: [[index, value, kind, notes], ...] } or { sel, what, snap }
    mistake: -1,
    hintCell: -1,
    hintRelated: new Set(),
    shown: null,    // the hint shown and not yet applied: { check, res, marks, nudge }
    paused: false,
    solution: null, // Uint8Array from /solve, while entries are checked
    stats: '',      // the last solve's numbers, for the info panel
    hints: 0,
    finished: false,
    won: false,
    meta: {},
    check: 0,       // bumps on every change; a stale /validate answer is dropped
  };
}

// loadPuzzle puts a new puzzle on the board, cleared to its givens, with
// the first empty cell selected. A puzzle whose meta names no variant (one
// opened by id, link or paste) gets the one its rules make, which keys its
// best times.
export function loadPuzzle(g, shape, givens, meta) {
  g.id++;
  g.shape = shape;
  g.meta = { ...meta };
  g.meta.variant = g.meta.variant || variantOf(g.meta.rules) || undefined;
  g.rules = rulesOf(shape, g.meta.rules);
  g.givens = Uint8Array.from(givens);
  g.solution = null;
  g.sel = -1;
  clearBoard(g);
  g.sel = Math.max(0, g.cells.indexOf(0));
  g.stats = '';
}

// clearBoard puts the board back to the givens with no notes, no history
// and no hint counted.
export function clearBoard(g) {
  g.cells = g.givens.slice();
  g.kind = g.givens.map((v) => (v ? GIVEN : EMPTY));
  g.notes = new Uint32Array(g.givens.length);
  g.history = [];
  g.mistake = -1;
  g.hintCell = -1;
  g.hintRelated = new Set();
  g.finished = false;
  g.won = false;
  g.check++;
  g.conflicts = findConflicts(g.cells, g.rules);
  g.hints = 0;
  g.shown = null;
  g.paused = false;
}

// played reports whether the player changed anything: an entry, a hinted
// or solved value, a note.
export const played = (g) => g.kind.some((k) => k === ENTRY || k === HINTED || k === SOLVED) || g.notes.some((m) => m);

// put sets cell i to value v of kind k; a mistake marked there and a hint
// shown go.
export function put(g, i, v, k) {
  g.cells[i] = v;
  g.kind[i] = k;
  g.check++;
  if (i === g.mistake) g.mistake = -1;
  g.hintCell = -1;
  g.hintRelated = new Set();
  g.shown = null;
  g.conflicts = findConflicts(g.cells, g.rules);
}

// place puts value v (0 clears) in cell i as kind k, as one step for Undo.
// A value rubs its mark out of the notes of the cell's peers.
export function place(g, i, v, k) {
  const peers = v ? peersOf(g.rules, i).filter((j) => g.notes[j] & (1 << v)) : [];
  record(g, i, [i, ...peers]);
  for (const j of peers) g.notes[j] &= ~(1 << v);
  put(g, i, v, k);
}

// toggleNote adds or removes note v of cell i (v = 0 removes them all), as
// one step for Undo.
export function toggleNote(g, i, v) {
  record(g, i, [i]);
  g.notes[i] = v ? g.notes[i] ^ (1 << v) : 0;
}

// fillNotes notes every candidate the rules leave in every empty cell, as
// one step for Undo.
export function fillNotes(g) {
  const empty = [];
  for (let i = 0; i < g.cells.length; i++) if (!g.cells[i]) empty.push(i);
  record(g, Math.max(0, g.sel), empty);
  const marks = candidatesOf(g.cells, g.rules);
  for (const i of empty) g.notes[i] = marks[i];
  g.check++;
  g.shown = null;
}

// eliminate takes a hint's eliminations ([{ row, col, values }]) out of the
// notes, as one step for Undo, and returns how many cells lost candidates.
export function eliminate(g, eliminations) {
  const n = g.shape.n;
  const list = (eliminations || []).filter((e) => e.row >= 0 && e.row < n && e.col >= 0 && e.col < n);
  const idx = list.map((e) => e.row * n + e.col);
  record(g, idx[0] || 0, idx);
  for (const e of list) for (const v of e.values) g.notes[e.row * n + e.col] &= ~(1 << v);
  g.check++;
  g.shown = null;
  return list.length;
}

// fillSolution fills the empty cells from a solution and ends the game,
// as one step for Undo; elapsed is the clock's time, which Undo restores.
export function fillSolution(g, vals, elapsed) {
  snapshot(g, 'Solve', elapsed);
  for (let i = 0; i < vals.length; i++) {
    if (g.cells[i] === 0) { g.cells[i] = vals[i]; g.kind[i] = SOLVED; }
  }
  g.finished = true;
  g.sel = -1;
  g.check++;
  g.conflicts = findConflicts(g.cells, g.rules);
}

// resetBoard puts the board back to the givens for a fresh attempt. Unless
// the game was won, the game before is one step for Undo, which resetBoard
// reports; elapsed is the clock's time, which Undo restores.
export function resetBoard(g, elapsed) {
  if (played(g) && !g.won) snapshot(g, 'Reset', elapsed);
  const history = g.won ? [] : g.history;
  clearBoard(g);
  g.history = history;
  return history.length > 0;
}

// record saves cells before a change, as one step for Undo.
export function record(g, sel, indexes) {
  g.history.push({ sel, cells: indexes.map((j) => [j, g.cells[j], g.kind[j], g.notes[j]]) });
}

// snapshot saves the whole game before Reset or Solve, as one step for Undo.
export function snapshot(g, what, elapsed) {
  g.history.push({
    sel: Math.max(0, g.sel), what,
    snap: { cells: g.cells.slice(), kind: g.kind.slice(), notes: g.notes.slice(), hints: g.hints, elapsed },
  });
}

// undoStep takes the last step off the history and puts the game back as
// it was before it, with that step's cell selected. It returns the step
// (with snap.elapsed for the clock when it was a Reset or Solve), or
// undefined when there is nothing to undo.
export function undoStep(g) {
  const last = g.history.pop();
  if (!last) return undefined;
  if (last.snap) {
    g.cells = last.snap.cells;
    g.kind = last.snap.kind;
    g.notes = last.snap.notes;
    g.hints = last.snap.hints;
    g.finished = false;
    g.mistake = -1;
  } else {
    for (const [j, v, k, marks] of last.cells) {
      g.cells[j] = v;
      g.kind[j] = k;
      g.notes[j] = marks;
    }
  }
  g.sel = last.sel;
  put(g, last.sel, g.cells[last.sel], g.kind[last.sel]);
  return last;
}

// ---- the clock ------------------------------------------------------------------

// Clock measures the time played in milliseconds, from now(), a monotonic
// clock such as performance.now.
export class Clock {
  constructor(now) {
    this.now = now;
    this.start = 0;
    this.elapsed = 0; // up to the last stop
    this.running = false;
  }

  // read returns the time played so far.
  read() { return this.running ? this.elapsed + (this.now() - this.start) : this.elapsed; }

  // run starts the clock at from.
  run(from = 0) {
    this.elapsed = from;
    this.start = this.now();
    this.running = true;
  }

  stop() {
    if (this.running) this.elapsed += this.now() - this.start;
    this.running = false;
  }
}

// fmtTime writes a duration in milliseconds as m:ss, or h:mm:ss from an hour.
export function fmtTime(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// ---- the game in progress survives a reload ------------------------------------

// savedGame is what the page keeps of the game, as JSON, to bring it back
// after a reload; elapsed is the clock's time.
export function savedGame(g, elapsed) {
  return {
    box: boxName(g.shape),
    givens: boardString(g.givens),
    cells: boardString(g.cells),
    kind: Array.from(g.kind).join(''),
    notes: Array.from(g.notes),
    elapsed: Math.round(elapsed),
    hints: g.hints,
    finished: g.finished,
  };
}

// restoreGame brings back the saved entries, notes and hints when the saved
// game is the puzzle on the board (the same givens and box) and was not
// finished, and selects the first empty cell. It returns the clock's time
// to go on from, or -1 when the saved game does not fit (the board is then
// unchanged). sizes are the board sizes there are.
export function restoreGame(g, saved, sizes) {
  const size = g.givens.length;
  if (!saved || saved.finished || saved.box !== boxName(g.shape) || saved.givens !== boardString(g.givens) ||
      typeof saved.cells !== 'string' || typeof saved.kind !== 'string' || saved.kind.length !== size ||
      !Array.isArray(saved.notes) || saved.notes.length !== size) {
    return -1;
  }
  let cells;
  try { cells = parsePuzzle(saved.cells, sizes).vals; } catch (_) { return -1; }
  if (cells.length !== size) return -1;
  for (let i = 0; i < size; i++) {
    if (g.givens[i]) continue;
    const k = Number(saved.kind[i]);
    g.cells[i] = cells[i];
    g.kind[i] = cells[i] ? (k === HINTED || k === ENTRY ? k : ENTRY) : EMPTY;
    g.notes[i] = Number(saved.notes[i]) >>> 0;
  }
  g.hints = Number(saved.hints) || 0;
  g.conflicts = findConflicts(g.cells, g.rules);
  g.sel = Math.max(0, g.cells.indexOf(0));
  return Number(saved.elapsed) || 0;
}

// ---- best times -------------------------------------------------------------------

// bestKey names the best time of a shape, variant (none for classic) and
// level ('custom' for a pasted puzzle).
export const bestKey = (shape, level, variant) => `${shape.n}:${boxName(shape)}:${variant ? variant + ':' : ''}${level}`;

// keepBest keeps time in best[key] when it is the first or beats the one
// there. It returns the time there before (0: none) and whether time is a
// new best.
export function keepBest(best, key, time) {
  const before = Number(best[key]) || 0;
  const record = !before || time < before;
  if (record) best[key] = time;
  return { before, record };
}

// ---- links: ?size=&box=&variant=&difficulty=&seed=, ?puzzle=&box=, ?fpuzzles= or ?id= replays a game --

// linkParams reads a link's query string: the size (9 unless one of sizes
// is asked), box, level (medium unless a known one is asked), puzzle ('' for
// none), f-puzzles text ('' for none), puzzle id ('' for none, base64url
// only), variant ('' for classic) and seed (digits, or undefined).
export function linkParams(search, sizes) {
  const q = new URLSearchParams(search);
  const n = Number(q.get('size'));
  const level = (q.get('difficulty') || '').toLowerCase();
  const seed = q.get('seed');
  return {
    size: sizes.includes(n) ? n : 9,
    box: q.get('box'),
    level: LEVELS.includes(level) ? level : 'medium',
    variant: /^[a-z_+]+$/.test(q.get('variant') || '') ? q.get('variant') : '',
    puzzle: q.get('puzzle') || '',
    fpuzzles: (q.get('fpuzzles') || '').replace(/ /g, '+'), // a '+' of its base64 reads as a space
    id: /^[A-Za-z0-9_-]+$/.test(q.get('id') || '') ? q.get('id') : '',
    seed: seed !== null && /^-?\d+$/.test(seed) ? seed : undefined,
  };
}

// linkTo returns href with its query replaced by params, those undefined
// or null left out.
export function linkTo(href, params) {
  const u = new URL(href);
  u.search = '';
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) u.searchParams.set(k, v);
  return u.href;
}

// FPUZZLES is where an f-puzzles link opens; its compressed text follows.
export const FPUZZLES = 'https://www.f-puzzles.com/?load=';

// fpuzzlesLink is the f-puzzles link of a puzzle's compressed f-puzzles
// text, or '' when the text is not f-puzzles' own (LZString base64 of its
// JSON, which starts N4Ig): a SudokuPad text opens in SudokuPad only.
export const fpuzzlesLink = (text) => (/^N4Ig[A-Za-z0-9+/=]*$/.test(text || '') ? FPUZZLES + text : '');
