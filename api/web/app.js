// sudokud playground: a Sudoku game that talks only to the public API
// (/generate, /hint, /solve, /validate, /shapes, /techniques, /puzzles,
// /print). No build
// step, no dependencies: ES modules the server sends as they are.
// app.js starts the page, draws the game and handles the player's input.
// The other modules do not touch the page when imported, so that Node can
// import and test them:
//   api.js     the calls to the API
//   shapes.js  board shapes and difficulty levels, from /shapes
//   board.js   symbols, puzzle strings, units, clashes, candidates
//   hint.js    what a hint marks and draws on the board
//   game.js    the game's state, moves, Undo, clock, saved game, best times, links
//   layout.js  fitting the board to the screen, and zoom (createLayout wires it up)

import { APIError, api, apiFile } from './api.js';
import {
  boxName, levelText, shapesFrom, sizesOf, boxesOf, shapeOf, closestLevel, levelsFromProblem,
  variantText, levelsOf, rulesText, variantOf,
} from './shapes.js';
import {
  EMPTY, GIVEN, ENTRY, HINTED, SOLVED, sym, show, symbolValue, parsePuzzle, boardString, cellName, onBoard, noteList,
  clashesOf, boardBody, regionsOf, peersOf, fpuzzlesText,
} from './board.js';
import { hintMarks, hintLinks, hintAreas, patternMarkup, areaMarkup } from './hint.js';
import * as play from './game.js';
import { Clock, fmtTime } from './game.js';
import { createLayout } from './layout.js';

const PRESETS = [4, 6, 8, 9, 10, 12, 15, 16];

const $ = (id) => document.getElementById(id);
const el = {
  size: $('size'), box: $('box'), variant: $('variant'), difficulty: $('difficulty'), rulesLine: $('rules-line'), newGame: $('new-game'),
  board: $('board'), pad: $('pad'), status: $('status'), timer: $('timer'), info: $('info'),
  hint: $('hint'), undo: $('undo'), reset: $('reset'), solve: $('solve'), notes: $('notes'),
  paste: $('paste'), pasteBox: $('paste-box'), pastePlay: $('paste-play'),
  pasteSolve: $('paste-solve'), pasteExport: $('paste-export'),
  pause: $('pause'), resume: $('resume'), paused: $('paused'), details: $('details'), stats: $('stats'),
  fillNotes: $('fill-notes'), checkEntries: $('check-entries'),
  confirm: $('confirm'), confirmText: $('confirm-text'), confirmYes: $('confirm-yes'), confirmNo: $('confirm-no'),
  won: $('won'), wonNew: $('won-new'), wonClose: $('won-close'),
  share: $('share'), shareOut: $('share-out'), shareLink: $('share-link'),
  fpuzzlesExport: $('fpuzzles-export'), fpuzzlesOut: $('fpuzzles-out'), fpuzzlesLink: $('fpuzzles-link'),
  print: $('print'), printSolution: $('print-solution'), imageSvg: $('image-svg'), imagePng: $('image-png'),
  fileOut: $('file-out'), fileLink: $('file-link'),
  boardWrap: $('board-wrap'), side: $('side'), zoom: $('zoom'), zoomIn: $('zoom-in'), zoomOut: $('zoom-out'),
};

const game = play.createGame();
let cellEls = [];
const layout = createLayout(el, () => game.shape);

// shapes are the board shapes from /shapes; sizes their sizes.
let shapes = [];
let sizes = [];

const parse = (text) => parsePuzzle(text, sizes);
const nameOf = (i) => cellName(i, game.shape.n);

// ---- the clock ----------------------------------------------------------------

const clock = new Clock(() => performance.now());
let tick = 0;
function showTime() { el.timer.textContent = fmtTime(clock.read()); }
function startTimer(from = 0) {
  stopTimer();
  clock.run(from);
  tick = setInterval(showTime, 250);
  showTime();
}
function stopTimer() {
  clock.stop();
  clearInterval(tick);
  showTime();
}

function setStatus(text, tone) {
  el.status.textContent = text;
  el.status.dataset.tone = tone || 'info';
}

// ---- controls: size, box, difficulty -------------------------------------------

function fillSizes() {
  const classic = document.createElement('optgroup');
  classic.label = 'Classic';
  const more = document.createElement('optgroup');
  more.label = 'More sizes';
  for (const n of sizes) (PRESETS.includes(n) ? classic : more).append(new Option(`${n}×${n}`, String(n)));
  el.size.replaceChildren(classic, more);
}

function fillBoxes(n, want) {
  const list = boxesOf(shapes, n);
  el.box.replaceChildren(...list.map((s) => new Option(`${s.r}×${s.c}`, boxName(s))));
  el.box.value = list.some((s) => boxName(s) === want) ? want : boxName(list[0]);
}

// fillVariants lists the variants the shape offers, Classic first.
function fillVariants(shape, want) {
  const keep = want !== undefined ? want : el.variant.value;
  const list = (shape && shape.variants) || [];
  el.variant.replaceChildren(new Option('Classic', ''), ...list.map((v) => new Option(variantText(v.name), v.name)));
  el.variant.value = list.some((v) => v.name === keep) ? keep : '';
  el.variant.disabled = list.length === 0;
}

function fillDifficulty(shape, want) {
  const levels = levelsOf(shape, el.variant.value);
  const keep = want || el.difficulty.value;
  el.difficulty.replaceChildren(...levels.map((l) => new Option(levelText(l), l)));
  el.difficulty.value = levels.includes(keep) ? keep : closestLevel(levels, keep);
}

const chosenShape = () => shapeOf(shapes, Number(el.size.value), el.box.value);

// ---- the board ------------------------------------------------------------------

// cellFacts holds, for each cell, what the variant rules say of it: the
// classes that draw it, the words its accessible name adds, its cage's sum
// (on the cage's first cell) and the jigsaw regions.
let cellFacts = [];

function factsOf(n, rules) {
  const r = rules || {};
  const region = regionsOf(n, r);
  const facts = Array.from({ length: n * n }, () => ({ cls: '', label: '', sum: '', region }));
  const add = (i, cls, label) => { facts[i].cls += ' ' + cls; if (label) facts[i].label += ', ' + label; };
  if (region) region.forEach((g, i) => { facts[i].label += `, region ${g + 1}`; });
  for (let k = 0; k < n; k++) {
    const main = r.diagonals === 'main' || r.diagonals === 'both', anti = r.diagonals === 'anti' || r.diagonals === 'both';
    if (main) add(k * n + k, 'diag', 'diagonal');
    if (anti && !(main && k === n - 1 - k)) add(k * n + n - 1 - k, 'diag', 'diagonal');
  }
  const box = game.shape;
  if (r.windows && box.r === box.c) {
    for (let wr = 1; wr + box.r < n; wr += box.r + 1) {
      for (let wc = 1; wc + box.c < n; wc += box.c + 1) {
        for (let y = 0; y < box.r; y++) for (let x = 0; x < box.c; x++) add((wr + y) * n + wc + x, 'window', 'window');
      }
    }
  }
  (r.extra_regions || []).forEach((e, k) => { for (const p of e) add(p[0] * n + p[1], 'extra', `extra region ${k + 1}`); });
  for (const p of r.odd || []) add(p[0] * n + p[1], 'odd', 'odd');
  for (const p of r.even || []) add(p[0] * n + p[1], 'even', 'even');
  (r.cages || []).forEach((cage, k) => {
    const cells = cage.cells.map((p) => p[0] * n + p[1]);
    const first = Math.min(...cells);
    const inCage = new Set(cells);
    for (const i of cells) {
      let cls = 'cage';
      if (i % n === n - 1 || !inCage.has(i + 1)) cls += ' cage-r';
      if (i % n === 0 || !inCage.has(i - 1)) cls += ' cage-l';
      if (!inCage.has(i + n)) cls += ' cage-b';
      if (!inCage.has(i - n)) cls += ' cage-t';
      add(i, cls, cage.sum ? `cage ${k + 1} of ${cells.length} cells, sum ${cage.sum}` : `cage ${k + 1} of ${cells.length} cells`);
    }
    if (cage.sum) facts[first].sum = String(cage.sum);
  });
  return facts;
}

function buildBoard() {
  const { n, r: br, c: bc } = game.shape;
  el.board.style.setProperty('--n', n);
  el.board.style.setProperty('--br', br);
  el.board.style.setProperty('--bc', bc);
  el.board.style.setProperty('--bmax', Math.max(br, bc));
  el.board.dataset.size = n;
  el.board.dataset.box = boxName(game.shape);
  el.board.className = 'board' + (n >= 16 ? ' big' : n >= 10 ? ' mid' : '');
  const rules = game.meta.rules;
  const kind = game.meta.variant ? `${variantText(game.meta.variant)} Sudoku board` : 'Sudoku board';
  el.board.setAttribute('aria-label', rules && rules.regions ? `${kind}, ${n} by ${n}, jigsaw regions` : `${kind}, ${n} by ${n}, boxes ${br} by ${bc}`);
  el.rulesLine.textContent = rulesText(rules);
  el.rulesLine.hidden = !el.rulesLine.textContent;
  cellFacts = factsOf(n, rules);
  const frag = document.createDocumentFragment();
  cellEls = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'cell';
    b.dataset.row = r;
    b.dataset.col = c;
    b.dataset.index = i;
    b.tabIndex = -1;
    frag.append(b);
    cellEls.push(b);
  }
  el.board.replaceChildren(frag);
  layout.zoom.want = null;
  layout.fit();
  buildPad();
}

function buildPad() {
  const n = game.shape.n;
  el.pad.style.setProperty('--pad-cols', n <= 4 ? 2 : n <= 9 ? 3 : n <= 16 ? 4 : 5);
  el.pad.style.setProperty('--pad-cols-narrow', Math.ceil(n / Math.ceil(n / 9)));
  el.pad.style.setProperty('--pad-cols-wide', Math.ceil(n / Math.ceil(n / 8)));
  const keys = [];
  for (let v = 1; v <= n; v++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'key';
    b.dataset.value = v;
    b.innerHTML = `<span class="sym">${sym(v)}</span><span class="left" aria-hidden="true"></span>`;
    keys.push(b);
  }
  const clear = document.createElement('button');
  clear.type = 'button';
  clear.className = 'key clear';
  clear.dataset.value = 0;
  clear.textContent = 'Clear';
  keys.push(clear);
  el.pad.replaceChildren(...keys);
}

function paint() {
  const { n, r: br, c: bc } = game.shape;
  const sel = game.sel;
  const peers = new Set(sel >= 0 ? peersOf(game.rules, sel) : []);
  const sv = sel >= 0 ? game.cells[sel] : 0;
  const counts = new Array(n + 1).fill(0);
  for (let i = 0; i < n * n; i++) {
    const v = game.cells[i], k = game.kind[i];
    counts[v]++;
    const r = Math.floor(i / n), c = i % n;
    const f = cellFacts[i];
    let cls = 'cell' + f.cls;
    if (c === n - 1) cls += ' edge-r';
    else if (f.region ? f.region[i] !== f.region[i + 1] : (c + 1) % bc === 0) cls += ' box-r';
    if (r === n - 1) cls += ' edge-b';
    else if (f.region ? f.region[i] !== f.region[i + n] : (r + 1) % br === 0) cls += ' box-b';
    if (k === GIVEN) cls += ' given';
    else if (k === ENTRY) cls += ' entry';
    else if (k === HINTED) cls += ' hinted';
    else if (k === SOLVED) cls += ' solved';
    if (i === sel) cls += ' selected';
    else if (peers.has(i)) cls += ' peer';
    if (sv && v === sv && i !== sel) cls += ' same';
    if (game.conflicts.has(i)) cls += ' conflict';
    if (i === game.mistake) cls += ' mistake';
    if (i === game.hintCell) cls += ' hint';
    else if (game.hintRelated.has(i)) cls += ' hint-related';
    const mark = game.shown && game.shown.marks.get(i);
    if (mark) cls += ' ' + mark;
    const wrong = k === ENTRY && game.solution && el.checkEntries.checked && game.solution[i] !== v;
    if (wrong) cls += ' wrong';
    const e = cellEls[i];
    if (e.className !== cls) e.className = cls;
    const marks = v ? 0 : game.notes[i];
    const key = marks ? `n${marks}:${sv}` : sym(v);
    if (f.sum && e.dataset.sum !== f.sum) e.dataset.sum = f.sum;
    if (e.dataset.render !== key) {
      e.dataset.render = key;
      e.dataset.value = sym(v);
      if (marks) e.replaceChildren(notesEl(marks, sv));
      else e.textContent = show(v);
    }
    let label = `Row ${r + 1}, column ${c + 1}${f.label}, `;
    label += v ? (k === GIVEN ? `given ${sym(v)}` : sym(v)) : 'empty';
    if (marks) label += `, notes ${noteList(marks, n).map(sym).join(' ')}`;
    if (game.conflicts.has(i)) label += ', conflict';
    if (i === game.mistake) label += ', mistake';
    if (wrong) label += ', wrong';
    if (e.getAttribute('aria-label') !== label) e.setAttribute('aria-label', label);
    e.tabIndex = i === (sel >= 0 ? sel : 0) ? 0 : -1;
  }
  for (const key of el.pad.children) {
    const v = Number(key.dataset.value);
    if (!v) continue;
    const left = n - counts[v];
    key.classList.toggle('done', left <= 0);
    key.classList.toggle('active', v === sv);
    key.querySelector('.left').textContent = left > 0 ? left : '✓';
  }
  el.board.classList.toggle('finished', game.finished);
  el.board.classList.toggle('won', !!game.won);
  drawPattern();
  updateButtons();
  saveGame();
}

// notesEl draws a cell's pencil marks in a small grid shaped like a box.
function notesEl(marks, highlight) {
  const box = document.createElement('span');
  box.className = 'notes';
  box.setAttribute('aria-hidden', 'true');
  for (let v = 1; v <= game.shape.n; v++) {
    const m = document.createElement('span');
    if (marks & (1 << v)) {
      m.dataset.n = sym(v);
      if (v === highlight) m.className = 'hl';
    }
    box.append(m);
  }
  return box;
}

// drawPattern draws the shown hint's links between candidates and the
// outlines of the areas its innies and outies add up.
function drawPattern() {
  let svg = el.board.querySelector('svg.pattern');
  const links = game.shown ? hintLinks(game.shown.res) : [];
  const areas = game.shown ? game.shown.areas : [];
  if (!links.length && !areas.length) { if (svg) svg.remove(); return; }
  const n = game.shape.n;
  if (!svg) {
    el.board.insertAdjacentHTML('beforeend', '<svg class="pattern" aria-hidden="true"></svg>'); // the HTML parser makes it SVG
    svg = el.board.querySelector('svg.pattern');
  }
  svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.innerHTML = areaMarkup(areas, n) + (links.length ? patternMarkup(links, game.shape) : '');
}

let busy = 0;
function updateButtons() {
  const has = !!game.shape;
  const off = !has || game.finished || game.paused;
  el.solve.disabled = off || game.conflicts.size > 0 || busy > 0;
  el.solve.title = game.conflicts.size > 0 ? 'Fix the clashing cells first' : '';
  el.hint.disabled = off || busy > 0;
  el.hint.textContent = !game.shown ? 'Hint' : game.shown.nudge ? 'Show how' : 'Apply hint';
  el.undo.disabled = !has || game.won || game.paused || game.history.length === 0;
  el.reset.disabled = !has || game.paused;
  el.notes.disabled = off;
  el.fillNotes.disabled = off;
  el.pause.disabled = !has || game.finished;
  el.pause.setAttribute('aria-pressed', String(game.paused));
  el.pause.textContent = game.paused ? 'Resume' : 'Pause';
  el.notes.setAttribute('aria-pressed', String(game.notesMode));
  el.pad.classList.toggle('notes-mode', game.notesMode);
  el.newGame.disabled = busy > 0;
  el.pasteExport.disabled = !has;
  for (const b of [el.share, el.fpuzzlesExport, el.print, el.imageSvg, el.imagePng]) b.disabled = !has || busy > 0;
  for (const key of el.pad.children) key.disabled = off;
}

// withBusy runs fn with the buttons that start requests disabled. A
// disabled button loses the focus; if nothing took it meanwhile, the
// button gets it back once it is enabled again.
async function withBusy(fn) {
  const had = document.activeElement;
  busy++;
  updateButtons();
  document.body.classList.add('busy');
  try { return await fn(); } finally {
    busy--;
    if (!busy) document.body.classList.remove('busy');
    updateButtons();
    if (had instanceof HTMLButtonElement && !had.disabled && (!document.activeElement || document.activeElement === document.body)) had.focus();
  }
}

function select(i, focus = true) {
  if (!game.shape || i < 0 || i >= cellEls.length) return;
  game.sel = i;
  paint();
  if (focus) cellEls[i].focus({ preventScroll: false });
}

function move(dr, dc) {
  if (!game.shape) return;
  const n = game.shape.n;
  if (game.sel < 0) { select(0); return; }
  const r = Math.min(n - 1, Math.max(0, Math.floor(game.sel / n) + dr));
  const c = Math.min(n - 1, Math.max(0, (game.sel % n) + dc));
  select(r * n + c);
}

// ---- the one input path: number pad and keyboard both land here -------------

function enterValue(v) {
  if (!game.shape) { setStatus('Start a new game or paste a puzzle first.'); return; }
  if (game.paused) return;
  if (game.finished) { setStatus('This game is over. Start a new one, or Reset to play it again.'); return; }
  const i = game.sel;
  if (i < 0) { setStatus('Pick a cell first.'); return; }
  if (game.kind[i] === GIVEN) { setStatus(`${nameOf(i)} is a given; it cannot change.`); return; }
  if (v > game.shape.n) { setStatus(`Values on this board go from 1 to ${sym(game.shape.n)}.`); return; }
  if (game.notesMode && (v !== 0 || (game.cells[i] === 0 && game.notes[i]))) {
    if (game.cells[i]) { setStatus('Notes go in empty cells: clear this one first.'); return; }
    play.toggleNote(game, i, v);
    paint();
    return;
  }
  if (game.cells[i] === v) return;
  play.place(game, i, v, v ? ENTRY : EMPTY);
  paint();
  const clash = clashesOf(game.cells, game.rules, i);
  if (clash.length) {
    setStatus(`${sym(v)} at ${nameOf(i)} clashes with ${clash.map(nameOf).join(', ')}.`, 'warn');
  } else if (['warn', 'error', 'hint'].includes(el.status.dataset.tone)) {
    setStatus('');
  }
  checkWin();
}

function undo() {
  if (!game.shape || game.won || game.paused) return;
  const last = play.undoStep(game);
  if (!last) { setStatus('Nothing to undo.'); return; }
  if (last.snap) startTimer(last.snap.elapsed);
  paint();
  cellEls[last.sel].focus();
  if (last.snap) {
    setStatus(`Undid ${last.what}: your game is back.`);
    return;
  }
  setStatus(`Undid ${nameOf(last.sel)}.`);
  checkWin(); // Undo can bring back a full board whose check was dropped
}

function toggleNotes() {
  if (!game.shape || game.finished || game.paused) return;
  game.notesMode = !game.notesMode;
  updateButtons();
  setStatus(game.notesMode
    ? 'Notes on: keys add or remove pencil marks in the selected cell.'
    : 'Notes off: keys enter values.');
}

// reset puts the board back to the givens for a fresh attempt: the clock
// starts again from 0:00 and no hint is counted. Undo brings the game back.
function reset() {
  if (!game.shape || game.paused) return;
  const back = play.resetBoard(game, clock.read());
  boardCleared();
  paint();
  setStatus(back ? 'Board reset to the givens. Undo brings your game back.' : 'Board reset to the givens.');
}

// boardCleared shows a board just put back to its givens, unpaused, and
// starts the clock from 0:00.
function boardCleared() {
  el.paused.hidden = true;
  el.board.classList.remove('hidden');
  startTimer();
}

// loadGame puts a new puzzle on the board and starts the clock. It returns
// whether the saved game of this puzzle came back.
function loadGame(shape, givens, meta) {
  game.loading = true; // keep the saved game until restoreGame has read it
  play.loadPuzzle(game, shape, givens, meta);
  for (const out of [el.shareOut, el.fpuzzlesOut, el.fileOut]) out.hidden = true; // they were the last puzzle's
  buildBoard();
  boardCleared();
  paint();
  const parts = [`${shape.n}×${shape.n}`];
  if (boxesOf(shapes, shape.n).length > 1) parts.push(`box ${shape.r}×${shape.c}`);
  parts.push(game.meta.difficulty ? levelText(game.meta.difficulty) : 'Your puzzle');
  el.info.textContent = parts.join(' · ');
  showStats();
  const restored = restoreGame();
  game.loading = false;
  saveGame();
  fetchSolution();
  cellEls[game.sel].focus({ preventScroll: true });
  return restored;
}

// ---- the game in progress survives a reload ------------------------------------

const SAVE_KEY = 'sudokud.game';

function saveGame() {
  if (!game.shape || game.loading) return;
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify(play.savedGame(game, clock.read())));
  } catch (_) { /* storage full or off: the game just is not kept */ }
}

// restoreGame brings back the saved game when it is this puzzle's.
function restoreGame() {
  let saved;
  try { saved = JSON.parse(localStorage.getItem(SAVE_KEY) || 'null'); } catch (_) { return false; }
  const elapsed = play.restoreGame(game, saved, sizes);
  if (elapsed < 0) return false;
  startTimer(elapsed);
  paint();
  // The player may have left before a full board was checked (a pasted
  // full grid is no game: nothing was played to win it).
  if (game.givens.includes(0)) checkWin();
  return true;
}

// ---- win: full and conflict-free, confirmed by /validate -----------------------

// A check refused for now (unreachable, 429, 503, or a proxy's 502 or
// 504) is tried again while the board stays as it is: the full grid has
// no other way to be checked.
async function checkWin(attempt = 0) {
  if (game.finished || game.cells.includes(0) || game.conflicts.size) return;
  const id = game.id, check = game.check;
  const shape = game.shape;
  let res;
  try {
    res = await api('validate', {
      ...boardBody(shape, game.meta.rules),
      puzzle: boardString(game.cells), givens: boardString(game.givens),
    });
  } catch (err) {
    if (id !== game.id || check !== game.check) return;
    const again = attempt < 5 && [0, 429, 502, 503, 504].includes(err.status);
    setStatus(`Could not check the board: ${err.detail}${again ? ' Trying again…' : ''}`, 'error');
    if (again) {
      setTimeout(() => { if (id === game.id && check === game.check) checkWin(attempt + 1); }, 1000 * 2 ** attempt);
    }
    return;
  }
  if (id !== game.id || check !== game.check) return; // the board changed meanwhile
  if (res.solved) {
    stopTimer();
    game.finished = true;
    game.won = true;
    game.sel = -1;
    paint();
    const lvl = game.meta.difficulty ? ` ${game.meta.difficulty}` : '';
    const hints = game.hints ? ` with ${game.hints} hint${game.hints > 1 ? 's' : ''}` : '';
    setStatus(`Solved! ${shape.n}×${shape.n}${lvl} in ${fmtTime(clock.elapsed)}${hints}.`, 'win');
    showWin();
  } else {
    markServerConflicts(res.conflicts);
    setStatus('The board is full but not solved: the server sees a clash.', 'warn');
  }
}

function markServerConflicts(list) {
  if (!Array.isArray(list)) return;
  const n = game.shape.n;
  for (const c of list) if (Number.isInteger(c.row) && Number.isInteger(c.col)) game.conflicts.add(c.row * n + c.col);
  paint();
}

// ---- endpoints ----------------------------------------------------------------

async function newGame(opts = {}) {
  const shape = chosenShape();
  if (!shape) return; // no /shapes yet: its status says why
  const id = game.id; // a puzzle pasted meanwhile wins over this one
  setStatus(`Generating a ${shape.n}×${shape.n} ${el.difficulty.value} puzzle…`, 'busy');
  await withBusy(async () => {
    let note = '';
    for (let attempt = 0; attempt < 2; attempt++) {
      const level = el.difficulty.value;
      const variant = el.variant.value;
      const body = { size: shape.n, box: boxName(shape), difficulty: level, format: 'fpuzzles' };
      if (variant) body.variant = variant;
      if (opts.seed !== undefined) body.seed = String(opts.seed);
      try {
        const res = await api('generate', body);
        if (id !== game.id) return;
        const p = res.puzzles && res.puzzles[0];
        if (!p || typeof p.puzzle !== 'string') throw new APIError(200, 'bad_response', 'no puzzle in the answer');
        const parsed = parse(p.puzzle);
        if (parsed.n !== shape.n) throw new APIError(200, 'bad_response', `asked for ${shape.n}×${shape.n}, got ${parsed.n}×${parsed.n}`);
        const seed = res.seeds[0] !== undefined ? res.seeds[0] : p.seed;
        const lvl = p.difficulty || level;
        const rules = p.rules && Object.keys(p.rules).length ? p.rules : undefined;
        const back = loadGame(shape, parsed.vals, {
          difficulty: lvl, seed, source: 'generate', rating: p.rating, variant: variant || undefined, rules, id: p.id, fpuzzles: p.fpuzzles,
        });
        setStatus(back
          ? `Welcome back: your ${shape.n}×${shape.n} ${lvl} game is where you left it. Good luck!`
          : `${note}New ${shape.n}×${shape.n} ${lvl} puzzle. Good luck!`);
        rememberURL({ size: shape.n, box: boxName(shape), variant: variant || undefined, difficulty: lvl, seed });
        return;
      } catch (err) {
        if (id !== game.id) return;
        if (err.code === 'difficulty_unavailable' && attempt === 0) {
          const levels = levelsFromProblem(err.problem, level);
          if (levels.length) {
            const v = variant && shape.variants.find((x) => x.name === variant);
            if (v) v.levels = levels; else shape.levels = levels;
            fillDifficulty(shape);
            const alt = closestLevel(levels, level);
            note = `A ${shape.n}×${shape.n} board with ${shape.r}×${shape.c} boxes offers ${levels.join(', ')}. `;
            setStatus(`${note}Making a ${alt} one…`, 'busy');
            continue;
          }
        }
        setStatus(`Could not generate a puzzle: ${err.detail}`, 'error');
        return;
      }
    }
  });
}

// outdated reports whether an answer asked for game id at board version
// check no longer fits: another game is on, or the board has changed (a
// hint or clash may name a cell the player has filled or mended since),
// which the status then says.
function outdated(id, check, what) {
  if (id !== game.id) return true;
  if (check === game.check) return false;
  setStatus(`The board changed while ${what}: ask again.`, 'warn');
  return true;
}

// hint teaches in three presses. The first asks for a nudge: the
// technique and the region to look at, nothing more, so that the player
// may find the step alone. The second shows the step: the cells it is
// about, its eliminations and its pattern. The third applies it.
async function hint() {
  if (!game.shape || game.finished || game.paused) return;
  const shown = game.shown && game.shown.check === game.check ? game.shown : null;
  if (shown && !shown.nudge) { applyHint(); return; }
  const nudge = !shown;
  const id = game.id, check = game.check, shape = game.shape;
  setStatus(nudge ? 'Looking for a hint…' : 'Looking for the step…', 'busy');
  await withBusy(async () => {
    let res;
    const body = {
      ...boardBody(shape, game.meta.rules),
      puzzle: boardString(game.cells), givens: boardString(game.givens),
    };
    // Notes in every empty cell are the player's candidates: the hint is
    // then the next step on them.
    const noted = game.cells.every((v, i) => v || game.notes[i]);
    if (noted) body.candidates = Array.from(game.cells, (v, i) => (v ? '' : noteList(game.notes[i], shape.n).map(sym).join('')));
    if (nudge) body.nudge = true;
    try {
      res = await api('hint', body);
    } catch (err) {
      if (outdated(id, check, 'the hint was on its way')) return;
      if (err.code === 'conflict') {
        markServerConflicts(err.problem.conflicts);
        setStatus(`No hint while cells clash: ${err.detail}`, 'warn');
      } else if (err.code === 'no_empty_cells') {
        setStatus('The board is full: nothing left to hint.', 'warn');
      } else {
        setStatus(`Could not get a hint: ${err.detail}`, 'error');
      }
      return;
    }
    if (outdated(id, check, 'the hint was on its way')) return;
    const n = shape.n;
    if (res.kind !== 'elimination' && res.kind !== 'nudge' && !onBoard(res, n)) {
      setStatus('The hint named no cell on this board.', 'error');
      return;
    }
    if (nudge) game.hints++; // a nudge and the step it leads to are one hint
    if (res.kind === 'mistake') {
      const i = res.row * n + res.col;
      game.sel = i;
      game.mistake = i;
      game.hintCell = -1;
      game.hintRelated = new Set();
      game.shown = null;
      paint();
      cellEls[i].focus();
      setStatus(res.explanation ? `Mistake: ${res.explanation}` : `Mistake at ${nameOf(i)}: ${sym(res.value)} does not belong there.`, 'warn');
      return;
    }
    const areas = hintAreas(res, shape, game.rules);
    game.shown = { check: game.check, res, areas, marks: hintMarks(res, shape, game.rules, areas), nudge: res.kind === 'nudge' };
    if (res.kind === 'placement') game.sel = res.row * n + res.col;
    paint();
    if (game.sel >= 0) cellEls[game.sel].focus({ preventScroll: true });
    layout.reveal([...game.shown.marks.keys()].map((i) => cellEls[i]));
    const said = String(res.explanation || '').replace(/([^.!?])$/, '$1.');
    if (res.kind === 'nudge') {
      setStatus(`Nudge: ${said} Show how points at the cells.`, 'hint');
      return;
    }
    const tech = res.title ? ` (${res.title})` : '';
    const then = res.kind === 'elimination' ? 'Apply hint takes them out of your notes.' : 'Apply hint places it.';
    setStatus(`Hint${tech}: ${said} ${then}`, 'hint');
  });
}

// applyHint places the shown hint's value, or takes its eliminations out
// of the notes.
function applyHint() {
  const { res } = game.shown, n = game.shape.n;
  if (res.kind === 'elimination') {
    const k = play.eliminate(game, res.eliminations);
    paint();
    setStatus(`Hint applied: ${k} cell${k === 1 ? '' : 's'} lost candidates.`, 'hint');
    return;
  }
  const i = res.row * n + res.col;
  if (game.cells[i] === 0 && res.value >= 1 && res.value <= n) {
    // Like an entry, the hinted value rubs its mark out of the peers' notes.
    game.sel = i;
    play.place(game, i, res.value, HINTED);
  }
  game.sel = i;
  game.hintCell = i;
  game.hintRelated = new Set();
  paint();
  cellEls[i].focus();
  setStatus(`Hint applied: ${sym(res.value)} at ${nameOf(i)}.`, 'hint');
  checkWin();
}

async function solve() {
  if (!game.shape || game.finished || game.paused || game.conflicts.size) return;
  const id = game.id, check = game.check, shape = game.shape;
  setStatus('Solving…', 'busy');
  await withBusy(async () => {
    let res;
    try {
      res = await api('solve', { ...boardBody(shape, game.meta.rules), puzzle: boardString(game.cells) });
    } catch (err) {
      if (outdated(id, check, 'it was being solved')) return;
      if (err.code === 'unsolvable' && game.kind.some((k) => k === ENTRY)) {
        setStatus('No solution from here: one of your entries is wrong. Hint shows which.', 'warn');
      } else if (err.code === 'conflict') {
        markServerConflicts(err.problem.conflicts);
        setStatus(`Cells clash: ${err.detail}`, 'warn');
      } else {
        setStatus(`Could not solve: ${err.detail}`, 'error');
      }
      return;
    }
    if (outdated(id, check, 'it was being solved')) return;
    let sol;
    try { sol = parse(String(res.solution)); } catch (e) { setStatus(`Odd solution from the server: ${e.message}`, 'error'); return; }
    play.fillSolution(game, sol.vals, clock.read());
    stopTimer();
    paint();
    const st = res.stats || {};
    const plural = (k, word) => `${k} ${word}${k === 1 ? '' : word.endsWith('s') ? 'es' : 's'}`;
    const took = st.duration_us >= 1000 ? `${(st.duration_us / 1000).toFixed(1)} ms` : `${st.duration_us} µs`;
    game.stats = st.nodes !== undefined ? `Solver: ${plural(st.nodes, 'node')}, ${plural(st.guesses, 'guess')}, ${took}` : '';
    showStats();
    setStatus(`Solved${res.unique === false ? ': one of several solutions' : ''}. Undo takes it back.`, 'info');
  });
}

// openPuzzle opens a puzzle the server describes, as GET /puzzles/{id}
// does (board, box, rules, level, id), from ask(); the game keeps its
// rules. whose names it for the status; link(answer) is the address that
// opens it again; fpuzzles is its f-puzzles text, if it came as one
// (else the server's).
async function openPuzzle(ask, { source, whose, link, fpuzzles }) {
  const id = game.id;
  setStatus(`Opening ${whose}…`, 'busy');
  await withBusy(async () => {
    let res, parsed;
    try {
      res = await ask();
      parsed = parse(String(res.puzzle));
    } catch (err) {
      if (id === game.id) setStatus(`Could not open ${whose}: ${err.detail || err.message}`, 'error');
      return;
    }
    if (id !== game.id) return;
    const shape = shapeOf(shapes, parsed.n, res.box);
    if (!shape) { setStatus(`A ${parsed.n}×${parsed.n} board is not offered here.`, 'error'); return; }
    const rules = res.rules && Object.keys(res.rules).length ? res.rules : undefined;
    const variant = variantOf(rules);
    el.size.value = String(shape.n);
    fillBoxes(shape.n, boxName(shape));
    fillVariants(shape, variant);
    fillDifficulty(shape, res.difficulty);
    const back = loadGame(shape, parsed.vals, { source, rules, difficulty: res.difficulty, rating: res.rating, id: res.id, fpuzzles: fpuzzles || res.fpuzzles });
    rememberURL(link(res));
    const what = [`${shape.n}×${shape.n}`, variant && variantText(variant), res.difficulty].filter(Boolean).join(' ');
    setStatus(back ? `Welcome back: ${whose} (${what}) is where you left it. Good luck!` : `${whose[0].toUpperCase()}${whose.slice(1)} (${what}) is on the board. Good luck!`);
  });
}

// loadFpuzzles opens an f-puzzles puzzle: POST /puzzles reads its text.
const loadFpuzzles = (text) => openPuzzle(() => api('puzzles', { fpuzzles: text }),
  { source: 'fpuzzles', whose: 'the f-puzzles puzzle', link: () => ({ fpuzzles: text }), fpuzzles: text });

// loadById opens the puzzle of a shared link (/?id=) from GET /puzzles/{id}.
const loadById = (pid) => openPuzzle(() => api(`puzzles/${encodeURIComponent(pid)}`),
  { source: 'id', whose: 'the shared puzzle', link: (res) => ({ id: res.id }) });

// loadPasted reads the paste box, checks it with /validate and starts a game.
async function loadPasted(thenSolve) {
  if (!sizes.length) return; // no /shapes yet: its status says why
  const fp = fpuzzlesText(el.paste.value);
  if (fp) { await loadFpuzzles(fp); if (thenSolve && game.meta.source === 'fpuzzles') solve(); return; }
  let parsed;
  try { parsed = parse(el.paste.value); } catch (e) { setStatus(`Cannot read that puzzle: ${e.message}.`, 'error'); return; }
  const picked = chosenShape();
  const shape = picked.n === parsed.n ? picked : boxesOf(shapes, parsed.n)[0];
  const puzzle = boardString(parsed.vals);
  let res;
  setStatus('Checking the puzzle…', 'busy');
  // Ask whether it has a solution (Solve this finds out by solving). A
  // search that runs out of budget does not stop the game: the puzzle is
  // checked again without that question.
  const body = { size: shape.n, box: boxName(shape), puzzle };
  const ok = await withBusy(async () => {
    try {
      res = await api('validate', thenSolve ? body : { ...body, solvable: true });
      return true;
    } catch (err) {
      let last = err;
      if (err.code === 'search_limit' || err.status === 503) {
        try {
          res = await api('validate', body);
          res.undecided = true;
          return true;
        } catch (err2) { last = err2; }
      }
      const refused = last.status >= 400 && last.status < 500 && last.status !== 429;
      setStatus(`${refused ? 'The server rejected that puzzle' : 'Could not check the puzzle'}: ${last.detail}`, 'error');
      return false;
    }
  });
  if (!ok) return;
  el.size.value = String(shape.n);
  fillBoxes(shape.n, boxName(shape));
  fillVariants(shape, '');
  fillDifficulty(shape);
  const back = loadGame(shape, parsed.vals, { source: 'paste' });
  rememberURL({ puzzle, box: boxName(shape) });
  if (!res.valid) {
    setStatus('That puzzle breaks a rule: the clashing givens are marked.', 'warn');
    markServerConflicts(res.conflicts);
  } else if (res.solvable === false) {
    setStatus('That puzzle has no solution.', 'warn');
  } else if (res.complete) {
    setStatus('That grid is already full.', 'info');
  } else if (thenSolve) {
    await solve();
  } else {
    const unsure = res.undecided ? ' (The server could not tell in time whether it has a solution.)' : '';
    setStatus(back
      ? `Welcome back: your ${shape.n}×${shape.n} puzzle is where you left it.${unsure} Good luck!`
      : `Your ${shape.n}×${shape.n} puzzle is on the board.${unsure} Good luck!`);
  }
}

function exportCurrent() {
  if (!game.shape) return;
  el.pasteBox.open = true;
  el.paste.value = boardString(game.givens);
  el.paste.select();
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(el.paste.value).then(
      () => setStatus('The givens are in the box and on the clipboard.'),
      () => setStatus('The givens are in the box: copy them from there.'));
  } else {
    setStatus('The givens are in the box: copy them from there.');
  }
}

// ---- share, export and print -------------------------------------------------------

// described returns the id and the f-puzzles text of the puzzle on the
// board: those it came with, else those POST /puzzles gives its givens and
// rules.
async function described() {
  if (game.meta.id && game.meta.fpuzzles) return { id: game.meta.id, fpuzzles: game.meta.fpuzzles };
  const id = game.id;
  const res = await api('puzzles', { ...boardBody(game.shape, game.meta.rules), puzzle: boardString(game.givens) });
  if (id === game.id) {
    game.meta.id ||= res.id;
    game.meta.fpuzzles ||= res.fpuzzles;
  }
  return { id: game.meta.id || res.id, fpuzzles: game.meta.fpuzzles || res.fpuzzles };
}

// copyText puts text on the clipboard and says so, or that the link shown
// is there to copy.
function copyText(text, what) {
  const shown = () => setStatus(`${what} is below the buttons: copy it from there.`);
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(() => setStatus(`${what} is on the clipboard and below the buttons.`), shown);
  } else {
    shown();
  }
}

// showLink shows url as the text and target of a link in out.
function showLink(out, a, url) {
  a.href = url;
  a.textContent = url;
  out.hidden = false;
}

// offerLink shows and copies the link that link(described()) makes of
// this puzzle, in the link a of out; the texts say what it is making, what
// it could not make, what it copied and that the puzzle has none.
async function offerLink(link, out, a, { making, failed, copied, none }) {
  if (!game.shape) return;
  const id = game.id;
  setStatus(`Making ${making}…`, 'busy');
  await withBusy(async () => {
    let url;
    try { url = link(await described()); } catch (err) {
      if (id === game.id) setStatus(`Could not make ${failed}: ${err.detail}`, 'error');
      return;
    }
    if (id !== game.id) return;
    if (!url) { setStatus(none, 'error'); return; }
    showLink(out, a, url);
    copyText(url, copied);
  });
}

// share offers the link /?id= that opens this puzzle, with its rules.
const share = () => offerLink((d) => play.linkTo(location.href, { id: d.id }), el.shareOut, el.shareLink,
  { making: 'the link', failed: 'a link to this puzzle', copied: 'The link to this puzzle', none: 'This puzzle has no link.' });

// exportFpuzzles offers the link that opens this puzzle in f-puzzles.
const exportFpuzzles = () => offerLink((d) => play.fpuzzlesLink(d.fpuzzles), el.fpuzzlesOut, el.fpuzzlesLink,
  { making: 'the f-puzzles link', failed: 'the f-puzzles link', copied: 'The f-puzzles link', none: 'This puzzle has no f-puzzles link.' });

// file is the last file made (a Blob), fileURL its object URL.
let file = null, fileURL = '';

// offerFile downloads a file the API made, and keeps a link to it.
function offerFile(blob, name, kind) {
  if (fileURL) URL.revokeObjectURL(fileURL);
  file = blob;
  fileURL = URL.createObjectURL(blob);
  el.fileLink.href = fileURL;
  el.fileLink.download = name;
  el.fileLink.textContent = `${name} (${Math.max(1, Math.round(blob.size / 1024))} KB)`;
  el.fileOut.hidden = false;
  el.fileLink.click();
  setStatus(`The ${kind} is downloading; the link below the buttons has it too.`);
}

// makeFile asks the API for a file (a kind, named .ext) of this puzzle:
// what(id) returns the path and body of the call.
async function makeFile(kind, ext, what) {
  if (!game.shape) return;
  const id = game.id;
  setStatus(`Making the ${kind}…`, 'busy');
  await withBusy(async () => {
    let pid, blob;
    try {
      ({ id: pid } = await described());
      const [path, body] = what(pid);
      blob = await apiFile(path, body);
    } catch (err) {
      if (id === game.id) setStatus(`Could not make the ${kind}: ${err.detail}`, 'error');
      return;
    }
    if (id === game.id) offerFile(blob, `sudoku-${pid}.${ext}`, kind);
  });
}

const printPdf = () => makeFile('PDF', 'pdf', (pid) => ['print', { ids: [pid], per_page: 1, solutions: el.printSolution.checked }]);
const imageSvg = () => makeFile('image', 'svg', (pid) => [`puzzles/${encodeURIComponent(pid)}.svg`]);
const imagePng = () => makeFile('image', 'png', (pid) => [`puzzles/${encodeURIComponent(pid)}.png?px=1200`]);

// rememberURL keeps the game in the address bar, so a link replays it.
function rememberURL(params) {
  try {
    history.replaceState(null, '', play.linkTo(location.href, params));
  } catch (_) { /* file:// or sandboxed: fine without */ }
}

// ---- what players expect: pause, notes, checks, details, a real win ---------------

function pause() {
  if (!game.shape || game.finished || game.paused) return;
  stopTimer();
  game.paused = true;
  el.board.classList.add('hidden');
  el.paused.hidden = false;
  updateButtons();
  saveGame();
  setStatus('Paused: the clock has stopped.');
  el.resume.focus();
}

function resume() {
  if (!game.paused) return;
  game.paused = false;
  el.board.classList.remove('hidden');
  el.paused.hidden = true;
  startTimer(clock.elapsed);
  updateButtons();
  setStatus('');
  if (cellEls[game.sel]) cellEls[game.sel].focus({ preventScroll: true });
}

// showStats fills the info panel: what players do not need to see, but
// may want to (the seed to share, the techniques, the solver's numbers).
function showStats() {
  if (!game.shape) return;
  const m = game.meta, parts = [`${game.givens.filter((v) => v).length} givens`];
  if (m.seed !== undefined && m.seed !== null) parts.push(`seed ${m.seed}`);
  const tech = m.rating && m.rating.techniques ? Object.entries(m.rating.techniques) : [];
  if (tech.length) parts.push('techniques: ' + tech.sort((a, b) => b[1] - a[1]).map(([k, v]) => `${techTitles.get(k) || k} ×${v}`).join(', '));
  if (game.stats) parts.push(game.stats);
  el.stats.textContent = parts.join(' · ');
}

// fillNotes notes every candidate the rules leave in every empty cell, as
// one step for Undo.
function fillNotes() {
  if (!game.shape || game.finished || game.paused) return;
  play.fillNotes(game);
  paint();
  setStatus('Notes hold every candidate the rules allow. Undo takes them back.');
}

// fetchSolution asks /solve for the solution once, while entries are
// checked as they are made.
async function fetchSolution() {
  if (!el.checkEntries.checked || !game.shape || game.solution) return;
  const id = game.id, shape = game.shape;
  try {
    const res = await api('solve', { ...boardBody(shape, game.meta.rules), puzzle: boardString(game.givens) });
    if (id !== game.id) return;
    game.solution = Uint8Array.from(parse(String(res.solution)).vals);
    paint();
  } catch (err) {
    if (id === game.id) setStatus(`Could not check entries: ${err.detail}`, 'error');
  }
}

// confirmThen asks in the page before progress is thrown away; it
// resolves true when the player says yes.
function confirmThen(text, yes) {
  if (!game.shape || game.finished || !game.kind.some((k) => k === ENTRY || k === HINTED)) return Promise.resolve(true);
  el.confirmText.textContent = text;
  el.confirmYes.textContent = yes;
  return new Promise((resolve) => {
    const done = (ok) => () => {
      el.confirmYes.onclick = el.confirmNo.onclick = el.confirm.oncancel = null;
      el.confirm.close();
      resolve(ok);
    };
    el.confirmYes.onclick = done(true);
    el.confirmNo.onclick = done(false);
    el.confirm.oncancel = done(false);
    el.confirm.showModal();
    el.confirmNo.focus();
  });
}

const BEST_KEY = 'sudokud.best';

// showWin opens the win overlay and keeps the best time per shape, variant
// and level.
function showWin() {
  const level = game.meta.difficulty || 'custom';
  const time = Math.round(clock.elapsed);
  let best = {};
  try { best = JSON.parse(localStorage.getItem(BEST_KEY) || '{}') || {}; } catch (_) { best = {}; }
  const { before, record } = play.keepBest(best, play.bestKey(game.shape, level, game.meta.variant), time);
  if (record) {
    try { localStorage.setItem(BEST_KEY, JSON.stringify(best)); } catch (_) { /* not kept */ }
  }
  $('won-time').textContent = fmtTime(time);
  const variant = game.meta.variant ? variantText(game.meta.variant) + ' ' : '';
  $('won-level').textContent = `${game.shape.n}×${game.shape.n} ${variant}${game.meta.difficulty ? levelText(level) : '(your puzzle)'}`;
  $('won-hints').textContent = String(game.hints);
  $('won-best').textContent = record ? (before ? `${fmtTime(time)}, a new best (was ${fmtTime(before)})` : `${fmtTime(time)}, your first`) : fmtTime(before);
  if (!el.won.open) el.won.showModal();
  el.wonNew.focus();
}

// ---- wiring -----------------------------------------------------------------------

el.board.addEventListener('click', (e) => {
  const cell = e.target.closest('.cell');
  if (cell) select(Number(cell.dataset.index));
});
el.pad.addEventListener('click', (e) => {
  const key = e.target.closest('.key');
  if (!key || key.disabled) return;
  enterValue(Number(key.dataset.value));
  if (game.sel >= 0 && cellEls[game.sel]) cellEls[game.sel].focus({ preventScroll: true });
});
// Keep the board selection when the pad is tapped.
el.pad.addEventListener('mousedown', (e) => { if (e.target.closest('.key')) e.preventDefault(); });

document.addEventListener('keydown', (e) => {
  const t = e.target;
  if (t && t.closest && t.closest('input, textarea, select, dialog, [contenteditable="true"]')) return;
  if (game.paused) return;
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'z') {
    e.preventDefault();
    undo();
    return;
  }
  if (e.ctrlKey || e.metaKey || e.altKey || !game.shape) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[e.key]) {
    e.preventDefault();
    move(...moves[e.key]);
    return;
  }
  if (e.key === ' ' && (t === document.body || (t.classList && t.classList.contains('cell')))) {
    e.preventDefault();
    if (!e.repeat) toggleNotes(); // Space held down switches once
    return;
  }
  if (e.key === 'Backspace' || e.key === 'Delete') {
    e.preventDefault();
    enterValue(0);
    return;
  }
  if (e.key.length === 1) {
    const v = symbolValue(e.key);
    if (v >= 0) {
      e.preventDefault();
      if (!e.repeat) enterValue(v); // a key held down toggles its mark once
    }
  }
});

el.size.addEventListener('change', () => {
  fillBoxes(Number(el.size.value));
  fillVariants(chosenShape());
  fillDifficulty(chosenShape());
});
el.box.addEventListener('change', () => {
  fillVariants(chosenShape());
  fillDifficulty(chosenShape());
});
el.variant.addEventListener('change', () => fillDifficulty(chosenShape()));
el.newGame.addEventListener('click', async () => {
  if (await confirmThen('Start a new game? This one cannot be brought back.', 'New game')) newGame();
});
el.pause.addEventListener('click', () => (game.paused ? resume() : pause()));
el.resume.addEventListener('click', resume);
el.fillNotes.addEventListener('click', fillNotes);
el.details.addEventListener('click', () => {
  const open = el.stats.hidden;
  el.stats.hidden = !open;
  el.details.setAttribute('aria-expanded', String(open));
});
try { el.checkEntries.checked = localStorage.getItem('sudokud.check') === '1'; } catch (_) { /* off */ }
el.checkEntries.addEventListener('change', () => {
  try { localStorage.setItem('sudokud.check', el.checkEntries.checked ? '1' : '0'); } catch (_) { /* not kept */ }
  fetchSolution();
  if (game.shape) paint();
});
el.wonNew.addEventListener('click', () => { el.won.close(); newGame(); });
el.wonClose.addEventListener('click', () => el.won.close());
el.hint.addEventListener('click', hint);
el.solve.addEventListener('click', solve);
el.undo.addEventListener('click', undo);
el.reset.addEventListener('click', reset);
el.notes.addEventListener('click', toggleNotes);
window.addEventListener('pagehide', saveGame);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') pause(); // the clock stops while the tab is away
  saveGame();
});
const pasteWarn = 'Play the pasted puzzle? This game cannot be brought back.';
el.pastePlay.addEventListener('click', async () => { if (await confirmThen(pasteWarn, 'Play it')) loadPasted(false); });
el.pasteSolve.addEventListener('click', async () => { if (await confirmThen(pasteWarn, 'Solve it')) loadPasted(true); });
el.pasteExport.addEventListener('click', exportCurrent);
el.share.addEventListener('click', share);
el.fpuzzlesExport.addEventListener('click', exportFpuzzles);
el.print.addEventListener('click', printPdf);
el.imageSvg.addEventListener('click', imageSvg);
el.imagePng.addEventListener('click', imagePng);

// ---- start: the menus from /shapes, then the game a link asks for -------------------

// loadShapes asks /shapes for the board shapes and the levels each offers,
// which the menus list. A refusal for now (unreachable, 429, 502, 503 or
// 504) is tried again.
async function loadShapes(attempt = 0) {
  try {
    shapes = shapesFrom(await api('shapes'));
    if (!shapes.length) throw new APIError(200, 'bad_response', 'no shapes in the answer');
    sizes = sizesOf(shapes);
    return true;
  } catch (err) {
    const again = attempt < 5 && [0, 429, 502, 503, 504].includes(err.status);
    setStatus(`Could not load the board sizes: ${err.detail || err.message}${again ? ' Trying again…' : ''}`, 'error');
    if (!again) return false;
    await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
    return loadShapes(attempt + 1);
  }
}

// techTitles maps a technique's API name to how players call it, from
// /techniques (x_wing → X-Wing).
const techTitles = new Map();
async function loadTechniques() {
  try {
    const data = await api('techniques');
    for (const t of data.techniques || []) techTitles.set(t.name, t.title);
    showStats();
  } catch (_) { /* offline or an old server: the info panel shows the API's names */ }
}

async function start() {
  if (!await loadShapes()) return;
  const link = play.linkParams(location.search, sizes);
  fillSizes();
  el.size.value = String(link.size);
  fillBoxes(link.size, link.box);
  fillVariants(chosenShape(), link.variant);
  fillDifficulty(chosenShape(), link.level);
  if (link.id) {
    loadById(link.id);
  } else if (link.fpuzzles) {
    loadFpuzzles(link.fpuzzles);
  } else if (link.puzzle) {
    el.paste.value = link.puzzle;
    el.pasteBox.open = true;
    try {
      const { n } = parse(link.puzzle);
      el.size.value = String(n);
      fillBoxes(n, link.box);
      fillVariants(chosenShape(), '');
    } catch (_) { /* loadPasted reports it */ }
    loadPasted(false);
  } else {
    newGame(link.seed !== undefined ? { seed: link.seed } : {});
  }
}

loadTechniques();
updateButtons();
start();

// For people poking at the page from the console.
window.sudokud = { game, enterValue, newGame, hint, solve, pause, fit: layout.fit, zoom: layout.zoom, get file() { return file; } };
