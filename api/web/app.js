// sudokud playground: a Sudoku game that talks only to the public API
// (/generate, /hint, /solve, /validate, /shapes, /techniques). No build
// step, no dependencies.
'use strict';

(() => {
  const LEVELS = ['easy', 'medium', 'hard', 'expert'];
  const PRESETS = [4, 6, 8, 9, 10, 12, 15, 16];

  // Cell kinds: who put the value there.
  const EMPTY = 0, GIVEN = 1, ENTRY = 2, HINTED = 3, SOLVED = 4;

  const $ = (id) => document.getElementById(id);
  const el = {
    size: $('size'), box: $('box'), difficulty: $('difficulty'), newGame: $('new-game'),
    board: $('board'), pad: $('pad'), status: $('status'), timer: $('timer'), info: $('info'),
    hint: $('hint'), undo: $('undo'), reset: $('reset'), solve: $('solve'), notes: $('notes'),
    paste: $('paste'), pasteBox: $('paste-box'), pastePlay: $('paste-play'),
    pasteSolve: $('paste-solve'), pasteExport: $('paste-export'),
    pause: $('pause'), resume: $('resume'), paused: $('paused'), details: $('details'), stats: $('stats'),
    fillNotes: $('fill-notes'), checkEntries: $('check-entries'),
    confirm: $('confirm'), confirmText: $('confirm-text'), confirmYes: $('confirm-yes'), confirmNo: $('confirm-no'),
    won: $('won'), wonNew: $('won-new'), wonClose: $('won-close'),
    boardWrap: $('board-wrap'), side: $('side'), zoom: $('zoom'), zoomIn: $('zoom-in'), zoomOut: $('zoom-out'),
  };

  // ---- shapes ---------------------------------------------------------------

  // splits lists every box R×C with R·C = n and R, C ≥ 2, the default first
  // (R ≤ C with R as large as possible), then the others by R.
  function splits(n) {
    const all = [];
    for (let r = 2; r <= n / 2; r++) {
      if (n % r === 0 && n / r >= 2) all.push({ n, r, c: n / r });
    }
    const def = all.filter((s) => s.r <= s.c).pop();
    return def ? [def, ...all.filter((s) => s !== def)] : [];
  }
  const boxName = (s) => `${s.r}x${s.c}`;
  const shapeKey = (s) => `${s.n}:${boxName(s)}`;

  // ---- symbols: 1–9, then A–Z for 10 and up, '.' for empty ------------------

  const sym = (v) => (v === 0 ? '.' : v < 10 ? String(v) : String.fromCharCode(55 + v));
  const show = (v) => (v === 0 ? '' : sym(v));

  // symbolValue returns the value a key or puzzle character stands for:
  // 0 for empty ('.', '0'), 1–35, or -1 if it is not a symbol.
  function symbolValue(ch) {
    if (ch === '.' || ch === '0') return 0;
    if (ch >= '1' && ch <= '9') return ch.charCodeAt(0) - 48;
    const u = ch.toUpperCase();
    if (u.length === 1 && u >= 'A' && u <= 'Z') return u.charCodeAt(0) - 55;
    return -1;
  }

  // parsePuzzle reads a puzzle string the way the API does (whitespace and
  // | - + ignored). It returns the values or throws with a readable message.
  function parsePuzzle(text) {
    const vals = [];
    for (const ch of text) {
      if (/\s/.test(ch) || ch === '|' || ch === '-' || ch === '+') continue;
      const v = symbolValue(ch);
      if (v < 0) throw new Error(`"${ch}" is not a Sudoku symbol`);
      vals.push(v);
    }
    const n = Math.round(Math.sqrt(vals.length));
    if (vals.length === 0) throw new Error('paste a puzzle first');
    if (n * n !== vals.length || splits(n).length === 0) {
      throw new Error(`${vals.length} symbols is not a supported board (4×4 to 25×25 needs 16 to 625)`);
    }
    const big = vals.find((v) => v > n);
    if (big) throw new Error(`"${sym(big)}" is too large for a ${n}×${n} board`);
    return { n, vals };
  }

  const boardString = (arr) => Array.from(arr, sym).join('');

  // ---- API ------------------------------------------------------------------

  class APIError extends Error {
    constructor(status, code, detail, problem) {
      super(detail);
      this.status = status;
      this.code = code;
      this.detail = detail;
      this.problem = problem || {};
    }
  }

  // api posts JSON to an endpoint of the public API (relative, so the page
  // works under any prefix), or GETs it when there is no body, and returns
  // the decoded answer, or throws an APIError carrying the problem+json
  // code, detail and conflicts.
  // A seed is an int64, more than a JS number holds exactly: it travels as
  // the digits the server sent, never through a float.
  async function api(path, body) {
    let res;
    let init = { method: 'GET', headers: { Accept: 'application/json' } };
    if (body !== undefined) {
      let json = JSON.stringify(body);
      if (typeof body.seed === 'string') json = json.replace(/"seed":"(-?\d+)"/, '"seed":$1');
      init = { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: json };
    }
    try {
      res = await fetch(path, init);
    } catch (err) {
      throw new APIError(0, 'network', `could not reach the server (${err.message})`);
    }
    const text = await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
    if (!res.ok) {
      const p = data && typeof data === 'object' ? data : {};
      const plain = /^\s*</.test(text) ? '' : text.trim().slice(0, 200); // a proxy's HTML page is no message
      let detail = p.detail || p.title || plain || `${res.status} ${res.statusText}`.trim();
      if (Array.isArray(p.errors) && p.errors.length) {
        detail += ' (' + p.errors.map((e) => `${e.field}: ${e.message}`).join('; ') + ')';
      }
      throw new APIError(res.status, p.code || `http_${res.status}`, detail, p);
    }
    if (!data || typeof data !== 'object') {
      throw new APIError(res.status, 'bad_response', `${path} answered without JSON`);
    }
    Object.defineProperty(data, 'seeds', { value: (text.match(/"seed"\s*:\s*-?\d+/g) || []).map((m) => m.replace(/^.*:\s*/, '')) });
    return data;
  }

  // ---- difficulty levels per shape ------------------------------------------

  const levelCache = new Map(); // shapeKey → levels the server offers
  try {
    const saved = JSON.parse(sessionStorage.getItem('sudokud.levels') || '{}');
    for (const [k, v] of Object.entries(saved)) levelCache.set(k, v);
  } catch (_) { /* private mode: no cache across reloads */ }

  function rememberLevels(shape, levels) {
    levelCache.set(shapeKey(shape), levels);
    try { sessionStorage.setItem('sudokud.levels', JSON.stringify(Object.fromEntries(levelCache))); } catch (_) { /* ignore */ }
  }

  // levelsFromProblem reads the levels a 422 difficulty_unavailable answer
  // names: a list field if the server sends one, else the level words of its
  // detail, less the level that was refused.
  function levelsFromProblem(p, refused) {
    const onlyLevels = (a) => Array.isArray(a) && a.length > 0 && a.every((x) => LEVELS.includes(String(x).toLowerCase()));
    for (const key of ['levels', 'available', 'available_levels', 'offered', 'difficulties']) {
      if (onlyLevels(p[key])) return sortLevels(p[key]);
    }
    for (const v of Object.values(p)) if (onlyLevels(v)) return sortLevels(v);
    const words = String(p.detail || '').toLowerCase().match(/\b(easy|medium|hard|expert)\b/g) || [];
    return sortLevels(words.filter((w) => w !== refused));
  }
  const sortLevels = (a) => LEVELS.filter((l) => a.map((x) => String(x).toLowerCase()).includes(l));

  // closestLevel picks the offered level nearest to the wanted one, the
  // harder one on a tie.
  function closestLevel(levels, want) {
    const w = LEVELS.indexOf(want);
    return levels.slice().sort((a, b) => {
      const da = Math.abs(LEVELS.indexOf(a) - w), db = Math.abs(LEVELS.indexOf(b) - w);
      return da - db || LEVELS.indexOf(b) - LEVELS.indexOf(a);
    })[0];
  }

  function fillDifficulty(shape, want) {
    const levels = levelCache.get(shapeKey(shape)) || LEVELS;
    const keep = want || el.difficulty.value;
    el.difficulty.replaceChildren(...levels.map((l) => new Option(l[0].toUpperCase() + l.slice(1), l)));
    el.difficulty.value = levels.includes(keep) ? keep : closestLevel(levels, keep);
  }

  // ---- controls: size, box ----------------------------------------------------

  function fillSizes() {
    const classic = document.createElement('optgroup');
    classic.label = 'Classic';
    const more = document.createElement('optgroup');
    more.label = 'More sizes';
    for (let n = 4; n <= 25; n++) {
      if (splits(n).length === 0) continue;
      (PRESETS.includes(n) ? classic : more).append(new Option(`${n}×${n}`, String(n)));
    }
    el.size.append(classic, more);
  }

  function fillBoxes(n, want) {
    const list = splits(n);
    el.box.replaceChildren(...list.map((s) =>
      new Option(`${s.r}×${s.c}`, boxName(s))));
    el.box.value = list.some((s) => boxName(s) === want) ? want : boxName(list[0]);
  }

  function chosenShape() {
    const n = Number(el.size.value);
    return splits(n).find((s) => boxName(s) === el.box.value) || splits(n)[0];
  }

  // ---- game state -------------------------------------------------------------

  const game = {
    id: 0,          // bumps on every new board; stale answers are dropped
    shape: null,
    givens: null,   // Uint8Array of the original puzzle
    cells: null,    // Uint8Array of what is on the board now
    kind: null,     // Uint8Array of EMPTY/GIVEN/ENTRY/HINTED/SOLVED
    sel: -1,
    conflicts: new Set(),
    notes: null,    // Uint32Array: bit v set when the player noted v as a candidate
    notesMode: false,
    history: [],    // undo stack of { sel, cells: [[index, value, kind, notes], ...] } or { sel, snap }
    mistake: -1,
    hintCell: -1,
    hintRelated: new Set(),
    shown: null,    // the hint shown and not yet applied: { check, res, marks, nudge }
    paused: false,
    solution: null, // Uint8Array from /solve, while entries are checked
    stats: '',      // the last solve's numbers, for the info panel
    hints: 0,
    finished: false,
    meta: {},
    check: 0,       // bumps on every change; a stale /validate answer is dropped
  };
  let cellEls = [];

  const timer = { start: 0, elapsed: 0, running: false, tick: 0 };

  function fmtTime(ms) {
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    const ss = String(s % 60).padStart(2, '0');
    return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
  }
  function timerNow() { return timer.running ? timer.elapsed + (performance.now() - timer.start) : timer.elapsed; }
  function showTime() { el.timer.textContent = fmtTime(timerNow()); }
  function startTimer(from = 0) {
    stopTimer();
    timer.elapsed = from;
    timer.start = performance.now();
    timer.running = true;
    timer.tick = setInterval(showTime, 250);
    showTime();
  }
  function stopTimer() {
    if (timer.running) timer.elapsed += performance.now() - timer.start;
    timer.running = false;
    clearInterval(timer.tick);
    showTime();
  }

  function setStatus(text, tone) {
    el.status.textContent = text;
    el.status.dataset.tone = tone || 'info';
  }

  const cellName = (i) => `r${Math.floor(i / game.shape.n) + 1}c${(i % game.shape.n) + 1}`;
  const levelText = (l) => (l ? l[0].toUpperCase() + l.slice(1) : '');

  // ---- rules, computed here on every entry -------------------------------------

  // units returns the cell indexes of every row, column and box.
  function units(shape) {
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
  let unitList = [];
  let unitsOf = []; // cell index → the three units it is in

  function findConflicts() {
    const bad = new Set();
    for (const u of unitList) {
      const seen = new Map();
      for (const i of u) {
        const v = game.cells[i];
        if (!v) continue;
        if (seen.has(v)) { bad.add(i); bad.add(seen.get(v)); } else seen.set(v, i);
      }
    }
    return bad;
  }

  // clashesOf lists the cells that share a unit and a value with cell i.
  function clashesOf(i) {
    const v = game.cells[i], out = new Set();
    if (!v) return [];
    for (const u of unitsOf[i]) for (const j of u) if (j !== i && game.cells[j] === v) out.add(j);
    return [...out];
  }

  // ---- board ------------------------------------------------------------------

  function buildBoard() {
    const { n, r: br, c: bc } = game.shape;
    el.board.style.setProperty('--n', n);
    el.board.style.setProperty('--br', br);
    el.board.style.setProperty('--bc', bc);
    el.board.style.setProperty('--bmax', Math.max(br, bc));
    el.board.dataset.size = n;
    el.board.dataset.box = boxName(game.shape);
    el.board.className = 'board' + (n >= 16 ? ' big' : n >= 10 ? ' mid' : '');
    el.board.setAttribute('aria-label', `Sudoku board, ${n} by ${n}, boxes ${br} by ${bc}`);
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
    zoom.want = null;
    fit();
    unitList = units(game.shape);
    unitsOf = Array.from({ length: n * n }, () => []);
    for (const u of unitList) for (const i of u) unitsOf[i].push(u);
    buildPad();
  }

  // ---- fit the screen: whole-pixel cells in the space the layout leaves --------

  const portrait = matchMedia('(max-width: 860px) and (orientation: portrait)');
  const short = matchMedia('(orientation: landscape) and (max-height: 560px)');
  const MIN_CELL = 20; // smaller cells are no target for a finger: the board goes in a frame that zooms
  const ZOOM_CELL = 30; // the frame's first zoom
  const ZOOM_STEPS = [20, 24, 30, 36, 44, 54]; // the zoom buttons' cell sizes, past the one that shows the whole board

  // zoom is the frame's state: the cell sizes it allows, the size shown,
  // and the size the player chose (null: ZOOM_CELL), which a new layout keeps.
  const zoom = { on: false, min: 0, max: 0, cell: 0, want: null, thick: 0 };

  function fit() {
    if (!game.shape) return;
    const n = game.shape.n, thick = n >= 16 ? 2 : 3;
    const vw = document.documentElement.clientWidth, vh = window.innerHeight;
    el.boardWrap.style.width = el.boardWrap.style.height = '';
    const top = el.board.getBoundingClientRect().top + window.scrollY;
    let w, h;
    if (short.matches) { // the rest of the page beside the board
      w = vw - 24 - 16 - 300;
      h = vh - top - 8;
    } else if (portrait.matches) { // the status under the board
      w = vw - 24;
      h = vh - top - 84;
    } else {
      w = Math.min(vw, 1200) - 32 - 24 - el.side.offsetWidth;
      h = vh - top - 12;
    }
    const room = Math.max(120, Math.min(w, h, n <= 9 ? 540 : n <= 15 ? 680 : 860));
    let cell = Math.floor((room - 2 * thick) / n);
    zoom.on = cell < MIN_CELL;
    zoom.thick = thick;
    if (zoom.on) {
      // A frame the board zooms and pans in; the zoom bar under it.
      const fw = Math.max(120, w), fh = Math.max(120, h - 56);
      el.boardWrap.style.width = `${fw}px`;
      el.boardWrap.style.height = `${fh}px`;
      zoom.min = Math.max(1, Math.floor((Math.min(fw, fh) - 2 * thick) / n));
      zoom.max = ZOOM_STEPS[ZOOM_STEPS.length - 1];
      cell = Math.min(zoom.max, Math.max(zoom.min, zoom.want || ZOOM_CELL));
    }
    el.boardWrap.classList.toggle('zoomed', zoom.on);
    el.board.dataset.zoomed = String(zoom.on);
    el.zoom.hidden = !zoom.on;
    setCell(cell);
    el.board.dataset.fit = `${window.innerWidth}x${vh}`; // the screen it was fitted to
  }

  // setCell sets the cell size and moves the board to whole pixels from the
  // page's edge, so that thin lines stay crisp.
  function setCell(cell) {
    zoom.cell = cell;
    el.board.style.setProperty('--cell', `${cell}px`);
    el.board.style.translate = '';
    const at = el.board.getBoundingClientRect();
    el.board.style.translate = `${Math.round(at.left) - at.left}px ${Math.round(at.top) - at.top}px`;
    el.zoomOut.disabled = cell <= zoom.min;
    el.zoomIn.disabled = cell >= zoom.max;
  }

  // zoomTo zooms the frame to a cell size (whole pixels, within the
  // frame's range), keeping the board's point at (x, y) on the screen
  // where it is; without a point, the middle of the frame.
  function zoomTo(want, x, y) {
    if (!zoom.on) return;
    const cell = Math.min(zoom.max, Math.max(zoom.min, Math.round(want)));
    if (cell === zoom.cell) return;
    const f = el.boardWrap.getBoundingClientRect();
    if (x === undefined) { x = f.left + f.width / 2; y = f.top + f.height / 2; }
    const b = el.board.getBoundingClientRect(), t = zoom.thick;
    const u = (x - b.left - t) / zoom.cell, v = (y - b.top - t) / zoom.cell; // in cells
    zoom.want = cell;
    setCell(cell);
    const nb = el.board.getBoundingClientRect();
    el.boardWrap.scrollLeft = Math.round(el.boardWrap.scrollLeft + nb.left + t + u * cell - x);
    el.boardWrap.scrollTop = Math.round(el.boardWrap.scrollTop + nb.top + t + v * cell - y);
    setCell(cell); // the scroll may have moved the board between pixels
  }

  // reveal pans the zoom frame to the middle of the cells, unless they are
  // all in view already.
  function reveal(cells) {
    if (!zoom.on || !cells.length) return;
    const f = el.boardWrap.getBoundingClientRect();
    let l = Infinity, t = Infinity, r = -Infinity, b = -Infinity;
    for (const i of cells) {
      const c = cellEls[i].getBoundingClientRect();
      l = Math.min(l, c.left); t = Math.min(t, c.top); r = Math.max(r, c.right); b = Math.max(b, c.bottom);
    }
    if (l >= f.left && t >= f.top && r <= f.right && b <= f.bottom) return;
    el.boardWrap.scrollBy(Math.round((l + r - f.left - f.right) / 2), Math.round((t + b - f.top - f.bottom) / 2));
  }

  function zoomStep(dir) {
    const steps = [zoom.min, ...ZOOM_STEPS.filter((c) => c > zoom.min && c <= zoom.max)];
    const next = dir > 0 ? steps.find((c) => c > zoom.cell) : steps.filter((c) => c < zoom.cell).pop();
    if (next !== undefined) zoomTo(next);
  }

  // Two fingers on the frame zoom it (one finger pans it, as the browser
  // scrolls); the page itself keeps its scale.
  let pinch = null;
  const spread = (ts) => Math.hypot(ts[0].clientX - ts[1].clientX, ts[0].clientY - ts[1].clientY);
  el.boardWrap.addEventListener('touchstart', (e) => {
    if (!zoom.on || e.touches.length !== 2) return;
    if (e.cancelable) e.preventDefault();
    pinch = { d: spread(e.touches), cell: zoom.cell };
  }, { passive: false });
  el.boardWrap.addEventListener('touchmove', (e) => {
    if (!pinch || e.touches.length !== 2) return;
    if (e.cancelable) e.preventDefault();
    const [a, b] = e.touches;
    zoomTo(pinch.cell * spread(e.touches) / pinch.d, (a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2);
  }, { passive: false });
  const endPinch = (e) => { if (e.touches.length < 2) pinch = null; };
  el.boardWrap.addEventListener('touchend', endPinch);
  el.boardWrap.addEventListener('touchcancel', endPinch);
  // A trackpad's pinch (or Ctrl with the wheel) zooms the frame too.
  el.boardWrap.addEventListener('wheel', (e) => {
    if (!zoom.on || !e.ctrlKey) return;
    e.preventDefault();
    zoomTo(zoom.cell * Math.exp(-e.deltaY / 200), e.clientX, e.clientY);
  }, { passive: false });

  let fitting = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(fitting);
    fitting = requestAnimationFrame(fit);
  });

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
    const sr = sel >= 0 ? Math.floor(sel / n) : -1, sc = sel >= 0 ? sel % n : -1;
    const sb = sel >= 0 ? Math.floor(sr / br) * br + Math.floor(sc / bc) : -1;
    const sv = sel >= 0 ? game.cells[sel] : 0;
    const counts = new Array(n + 1).fill(0);
    for (let i = 0; i < n * n; i++) {
      const v = game.cells[i], k = game.kind[i];
      counts[v]++;
      const r = Math.floor(i / n), c = i % n, b = Math.floor(r / br) * br + Math.floor(c / bc);
      let cls = 'cell';
      if (c === n - 1) cls += ' edge-r';
      else if ((c + 1) % bc === 0) cls += ' box-r';
      if (r === n - 1) cls += ' edge-b';
      else if ((r + 1) % br === 0) cls += ' box-b';
      if (k === GIVEN) cls += ' given';
      else if (k === ENTRY) cls += ' entry';
      else if (k === HINTED) cls += ' hinted';
      else if (k === SOLVED) cls += ' solved';
      if (i === sel) cls += ' selected';
      else if (r === sr || c === sc || b === sb) cls += ' peer';
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
      if (e.dataset.render !== key) {
        e.dataset.render = key;
        e.dataset.value = sym(v);
        if (marks) e.replaceChildren(notesEl(marks, sv));
        else e.textContent = show(v);
      }
      let label = `Row ${r + 1}, column ${c + 1}, `;
      label += v ? (k === GIVEN ? `given ${sym(v)}` : sym(v)) : 'empty';
      if (marks) label += `, notes ${noteList(marks).map(sym).join(' ')}`;
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

  const noteList = (marks) => Array.from({ length: game.shape.n }, (_, j) => j + 1).filter((v) => marks & (1 << v));

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
    if (game.kind[i] === GIVEN) { setStatus(`${cellName(i)} is a given; it cannot change.`); return; }
    if (v > game.shape.n) { setStatus(`Values on this board go from 1 to ${sym(game.shape.n)}.`); return; }
    if (game.notesMode && (v !== 0 || (game.cells[i] === 0 && game.notes[i]))) {
      if (game.cells[i]) { setStatus('Notes go in empty cells: clear this one first.'); return; }
      record(i, [i]);
      game.notes[i] = v ? game.notes[i] ^ (1 << v) : 0;
      paint();
      return;
    }
    if (game.cells[i] === v) return;
    // Placing a value rubs it out of the notes of the cell's peers.
    const peers = v ? peersOf(i).filter((j) => game.notes[j] & (1 << v)) : [];
    record(i, [i, ...peers]);
    for (const j of peers) game.notes[j] &= ~(1 << v);
    put(i, v, v ? ENTRY : EMPTY);
    const clash = clashesOf(i);
    if (clash.length) {
      setStatus(`${sym(v)} at ${cellName(i)} clashes with ${clash.map(cellName).join(', ')}.`, 'warn');
    } else if (['warn', 'error', 'hint'].includes(el.status.dataset.tone)) {
      setStatus('');
    }
    checkWin();
  }

  function put(i, v, k) {
    game.cells[i] = v;
    game.kind[i] = k;
    game.check++;
    if (i === game.mistake) game.mistake = -1;
    game.hintCell = -1;
    game.hintRelated = new Set();
    game.shown = null;
    game.conflicts = findConflicts();
    paint();
  }

  function peersOf(i) {
    const out = new Set();
    for (const u of unitsOf[i]) for (const j of u) if (j !== i) out.add(j);
    return [...out];
  }

  // record saves cells before a change, as one step for Undo.
  function record(sel, indexes) {
    game.history.push({ sel, cells: indexes.map((j) => [j, game.cells[j], game.kind[j], game.notes[j]]) });
  }

  // snapshot saves the whole game before Reset or Solve, as one step for Undo.
  function snapshot(what) {
    game.history.push({
      sel: Math.max(0, game.sel), what,
      snap: { cells: game.cells.slice(), kind: game.kind.slice(), notes: game.notes.slice(), hints: game.hints, elapsed: timerNow() },
    });
  }

  function undo() {
    if (!game.shape || game.won || game.paused) return;
    const last = game.history.pop();
    if (!last) { setStatus('Nothing to undo.'); return; }
    if (last.snap) {
      game.cells = last.snap.cells;
      game.kind = last.snap.kind;
      game.notes = last.snap.notes;
      game.hints = last.snap.hints;
      game.finished = false;
      game.mistake = -1;
      startTimer(last.snap.elapsed);
      game.sel = last.sel;
      put(last.sel, game.cells[last.sel], game.kind[last.sel]);
      cellEls[last.sel].focus();
      setStatus(`Undid ${last.what}: your game is back.`);
      return;
    }
    for (const [j, v, k, marks] of last.cells) {
      game.cells[j] = v;
      game.kind[j] = k;
      game.notes[j] = marks;
    }
    game.sel = last.sel;
    put(last.sel, game.cells[last.sel], game.kind[last.sel]);
    cellEls[last.sel].focus();
    setStatus(`Undid ${cellName(last.sel)}.`);
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
    const played = game.kind.some((k) => k === ENTRY || k === HINTED || k === SOLVED) || game.notes.some((m) => m);
    if (played && !game.won) snapshot('Reset');
    const history = game.won ? [] : game.history;
    clearBoard();
    game.history = history;
    paint();
    setStatus(history.length ? 'Board reset to the givens. Undo brings your game back.' : 'Board reset to the givens.');
  }

  function clearBoard() {
    game.cells = game.givens.slice();
    game.kind = game.givens.map((v) => (v ? GIVEN : EMPTY));
    game.notes = new Uint32Array(game.givens.length);
    game.history = [];
    game.mistake = -1;
    game.hintCell = -1;
    game.hintRelated = new Set();
    game.finished = false;
    game.won = false;
    game.check++;
    game.conflicts = findConflicts();
    game.hints = 0;
    game.shown = null;
    game.paused = false;
    el.paused.hidden = true;
    el.board.classList.remove('hidden');
    startTimer();
  }

  // loadGame puts a new puzzle on the board and starts the clock.
  function loadGame(shape, givens, meta) {
    game.id++;
    game.loading = true; // keep the saved game until restoreGame has read it
    game.shape = shape;
    game.givens = Uint8Array.from(givens);
    game.meta = meta || {};
    game.solution = null;
    buildBoard();
    game.sel = -1;
    clearBoard(); // also zeroes the hints and starts the clock
    game.sel = Math.max(0, game.cells.indexOf(0));
    game.stats = '';
    paint();
    const parts = [`${shape.n}×${shape.n}`];
    if (splits(shape.n).length > 1) parts.push(`box ${shape.r}×${shape.c}`);
    parts.push(meta.difficulty ? levelText(meta.difficulty) : 'Your puzzle');
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
      localStorage.setItem(SAVE_KEY, JSON.stringify({
        box: boxName(game.shape),
        givens: boardString(game.givens),
        cells: boardString(game.cells),
        kind: Array.from(game.kind).join(''),
        notes: Array.from(game.notes),
        elapsed: Math.round(timerNow()),
        hints: game.hints,
        finished: game.finished,
      }));
    } catch (_) { /* storage full or off: the game just is not kept */ }
  }

  // restoreGame brings back the saved entries, notes and time when the saved
  // game is this puzzle (the same givens and box) and was not finished.
  function restoreGame() {
    let saved;
    try { saved = JSON.parse(localStorage.getItem(SAVE_KEY) || 'null'); } catch (_) { return false; }
    const size = game.givens.length;
    if (!saved || saved.finished || saved.box !== boxName(game.shape) || saved.givens !== boardString(game.givens) ||
        typeof saved.cells !== 'string' || typeof saved.kind !== 'string' || saved.kind.length !== size ||
        !Array.isArray(saved.notes) || saved.notes.length !== size) {
      return false;
    }
    let cells;
    try { cells = parsePuzzle(saved.cells).vals; } catch (_) { return false; }
    if (cells.length !== size) return false;
    for (let i = 0; i < size; i++) {
      if (game.givens[i]) continue;
      const k = Number(saved.kind[i]);
      game.cells[i] = cells[i];
      game.kind[i] = cells[i] ? (k === HINTED || k === ENTRY ? k : ENTRY) : EMPTY;
      game.notes[i] = Number(saved.notes[i]) >>> 0;
    }
    game.hints = Number(saved.hints) || 0;
    game.conflicts = findConflicts();
    game.sel = Math.max(0, game.cells.indexOf(0));
    startTimer(Number(saved.elapsed) || 0);
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
        size: shape.n, box: boxName(shape),
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
      setStatus(`Solved! ${shape.n}×${shape.n}${lvl} in ${fmtTime(timer.elapsed)}${hints}.`, 'win');
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
    const id = game.id; // a puzzle pasted meanwhile wins over this one
    setStatus(`Generating a ${shape.n}×${shape.n} ${el.difficulty.value} puzzle…`, 'busy');
    await withBusy(async () => {
      let note = '';
      for (let attempt = 0; attempt < 2; attempt++) {
        const level = el.difficulty.value;
        const body = { size: shape.n, box: boxName(shape), difficulty: level };
        if (opts.seed !== undefined) body.seed = String(opts.seed);
        try {
          const res = await api('generate', body);
          if (id !== game.id) return;
          const p = res.puzzles && res.puzzles[0];
          if (!p || typeof p.puzzle !== 'string') throw new APIError(200, 'bad_response', 'no puzzle in the answer');
          const parsed = parsePuzzle(p.puzzle);
          if (parsed.n !== shape.n) throw new APIError(200, 'bad_response', `asked for ${shape.n}×${shape.n}, got ${parsed.n}×${parsed.n}`);
          const seed = res.seeds[0] !== undefined ? res.seeds[0] : p.seed;
          const lvl = p.difficulty || level;
          const back = loadGame(shape, parsed.vals, { difficulty: lvl, seed, source: 'generate', rating: p.rating });
          setStatus(back
            ? `Welcome back: your ${shape.n}×${shape.n} ${lvl} game is where you left it. Good luck!`
            : `${note}New ${shape.n}×${shape.n} ${lvl} puzzle. Good luck!`);
          rememberURL({ size: shape.n, box: boxName(shape), difficulty: lvl, seed });
          return;
        } catch (err) {
          if (id !== game.id) return;
          if (err.code === 'difficulty_unavailable' && attempt === 0) {
            const levels = levelsFromProblem(err.problem, level);
            if (levels.length) {
              rememberLevels(shape, levels);
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
        size: shape.n, box: boxName(shape),
        puzzle: boardString(game.cells), givens: boardString(game.givens),
      };
      // Notes in every empty cell are the player's candidates: the hint is
      // then the next step on them.
      const noted = game.cells.every((v, i) => v || game.notes[i]);
      if (noted) body.candidates = Array.from(game.cells, (v, i) => (v ? '' : noteList(game.notes[i]).map(sym).join('')));
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
      const onBoard = (c) => c && Number.isInteger(c.row) && Number.isInteger(c.col) && c.row >= 0 && c.row < n && c.col >= 0 && c.col < n;
      if (res.kind !== 'elimination' && res.kind !== 'nudge' && !onBoard(res)) {
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
        setStatus(res.explanation ? `Mistake: ${res.explanation}` : `Mistake at ${cellName(i)}: ${sym(res.value)} does not belong there.`, 'warn');
        return;
      }
      game.shown = { check: game.check, res, marks: hintMarks(res, onBoard), nudge: res.kind === 'nudge' };
      if (res.kind === 'placement') game.sel = res.row * n + res.col;
      paint();
      if (game.sel >= 0) cellEls[game.sel].focus({ preventScroll: true });
      reveal([...game.shown.marks.keys()]);
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

  // hintMarks maps a cell to the class that shows its part in the hint:
  // the units looked at, the pattern's cells, fins, sets, eliminations and
  // the target.
  function hintMarks(res, onBoard) {
    const n = game.shape.n, marks = new Map();
    const steps = [res, ...(res.steps || [])];
    // The units of the hint itself; its steps' units would cover the board.
    for (const u of res.units || []) {
      const list = u.kind === 'row' ? unitList[u.index] : u.kind === 'column' ? unitList[n + u.index] : unitList[2 * n + u.index];
      for (const i of list || []) marks.set(i, 'hint-unit');
    }
    for (const st of steps) {
      for (const e of st.eliminations || []) if (onBoard(e)) marks.set(e.row * n + e.col, 'hint-elim');
      for (const c of st.cells || []) if (onBoard(c)) marks.set(c.row * n + c.col, 'hint-cell');
      const pt = st.pattern || {};
      for (const set of pt.sets || []) for (const c of set) if (onBoard(c)) marks.set(c.row * n + c.col, 'hint-set');
      for (const c of pt.fins || []) if (onBoard(c)) marks.set(c.row * n + c.col, 'hint-fin');
    }
    if (res.kind === 'placement') marks.set(res.row * n + res.col, 'hint-target');
    return marks;
  }

  // applyHint places the shown hint's value, or takes its eliminations out
  // of the notes.
  function applyHint() {
    const { res } = game.shown, n = game.shape.n;
    if (res.kind === 'elimination') {
      const list = (res.eliminations || []).filter((e) => e.row >= 0 && e.row < n && e.col >= 0 && e.col < n);
      const idx = list.map((e) => e.row * n + e.col);
      record(idx[0] || 0, idx);
      for (const e of list) for (const v of e.values) game.notes[e.row * n + e.col] &= ~(1 << v);
      game.check++;
      game.shown = null;
      paint();
      setStatus(`Hint applied: ${list.length} cell${list.length === 1 ? '' : 's'} lost candidates.`, 'hint');
      return;
    }
    const i = res.row * n + res.col;
    if (game.cells[i] === 0 && res.value >= 1 && res.value <= n) {
      // Like an entry, the hinted value rubs its mark out of the peers' notes.
      const peers = peersOf(i).filter((j) => game.notes[j] & (1 << res.value));
      record(i, [i, ...peers]);
      for (const j of peers) game.notes[j] &= ~(1 << res.value);
      game.sel = i;
      put(i, res.value, HINTED);
    }
    game.sel = i;
    game.hintCell = i;
    game.hintRelated = new Set();
    paint();
    cellEls[i].focus();
    setStatus(`Hint applied: ${sym(res.value)} at ${cellName(i)}.`, 'hint');
    checkWin();
  }

  // drawPattern draws the shown hint's links between candidates: strong
  // links solid, weak ones dashed, each with an arrow in chain order.
  function drawPattern() {
    let svg = el.board.querySelector('svg.pattern');
    const links = [];
    if (game.shown) for (const st of [game.shown.res, ...(game.shown.res.steps || [])]) links.push(...((st.pattern && st.pattern.links) || []));
    if (!links.length) { if (svg) svg.remove(); return; }
    const { n, r: br, c: bc } = game.shape;
    if (!svg) {
      el.board.insertAdjacentHTML('beforeend', '<svg class="pattern" aria-hidden="true"></svg>'); // the HTML parser makes it SVG
      svg = el.board.querySelector('svg.pattern');
    }
    svg.setAttribute('viewBox', `0 0 ${n} ${n}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    // where candidate v sits in a cell, as in the notes grid
    const at = (c, v) => [c.col + 0.06 + ((v - 1) % bc + 0.5) / bc * 0.88, c.row + 0.06 + (Math.floor((v - 1) / bc) + 0.5) / br * 0.88];
    const centre = (node) => {
      const pts = (node.cells || []).map((c) => at(c, node.value));
      return pts.reduce((a, p) => [a[0] + p[0] / pts.length, a[1] + p[1] / pts.length], [0, 0]);
    };
    let body = `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrowhead"/></marker></defs>`;
    const dot = 0.5 / Math.max(br, bc);
    for (const l of links) {
      const [x1, y1] = centre(l.from), [x2, y2] = centre(l.to);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1, ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      body += `<line class="link ${l.strong ? 'strong' : 'weak'}" x1="${x1 + ux * dot}" y1="${y1 + uy * dot}" x2="${x2 - ux * dot}" y2="${y2 - uy * dot}" marker-end="url(#arrow)"/>`;
      for (const node of [l.from, l.to]) for (const c of node.cells || []) {
        const [x, y] = at(c, node.value);
        body += `<circle class="node" cx="${x}" cy="${y}" r="${dot}"/>`;
      }
    }
    svg.innerHTML = body;
  }

  async function solve() {
    if (!game.shape || game.finished || game.paused || game.conflicts.size) return;
    const id = game.id, check = game.check, shape = game.shape;
    setStatus('Solving…', 'busy');
    await withBusy(async () => {
      let res;
      try {
        res = await api('solve', { size: shape.n, box: boxName(shape), puzzle: boardString(game.cells) });
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
      try { sol = parsePuzzle(String(res.solution)); } catch (e) { setStatus(`Odd solution from the server: ${e.message}`, 'error'); return; }
      snapshot('Solve');
      for (let i = 0; i < sol.vals.length; i++) {
        if (game.cells[i] === 0) { game.cells[i] = sol.vals[i]; game.kind[i] = SOLVED; }
      }
      stopTimer();
      game.finished = true;
      game.sel = -1;
      game.check++;
      game.conflicts = findConflicts();
      paint();
      const st = res.stats || {};
      const plural = (k, word) => `${k} ${word}${k === 1 ? '' : word.endsWith('s') ? 'es' : 's'}`;
      const took = st.duration_us >= 1000 ? `${(st.duration_us / 1000).toFixed(1)} ms` : `${st.duration_us} µs`;
      game.stats = st.nodes !== undefined ? `Solver: ${plural(st.nodes, 'node')}, ${plural(st.guesses, 'guess')}, ${took}` : '';
      showStats();
      setStatus(`Solved${res.unique === false ? ': one of several solutions' : ''}. Undo takes it back.`, 'info');
    });
  }

  // loadPasted reads the paste box, checks it with /validate and starts a game.
  async function loadPasted(thenSolve) {
    let parsed;
    try { parsed = parsePuzzle(el.paste.value); } catch (e) { setStatus(`Cannot read that puzzle: ${e.message}.`, 'error'); return; }
    const picked = chosenShape();
    const shape = picked.n === parsed.n ? picked : splits(parsed.n)[0];
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

  // rememberURL keeps the game in the address bar, so a link replays it.
  function rememberURL(params) {
    try {
      const u = new URL(location.href);
      u.search = '';
      for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) u.searchParams.set(k, v);
      history.replaceState(null, '', u);
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
    startTimer(timer.elapsed);
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
    const empty = [];
    for (let i = 0; i < game.cells.length; i++) if (!game.cells[i]) empty.push(i);
    record(Math.max(0, game.sel), empty);
    for (const i of empty) {
      let marks = 0;
      for (let v = 1; v <= game.shape.n; v++) marks |= 1 << v;
      for (const j of peersOf(i)) if (game.cells[j]) marks &= ~(1 << game.cells[j]);
      game.notes[i] = marks;
    }
    game.check++;
    game.shown = null;
    paint();
    setStatus('Notes hold every candidate the rules allow. Undo takes them back.');
  }

  // fetchSolution asks /solve for the solution once, while entries are
  // checked as they are made.
  async function fetchSolution() {
    if (!el.checkEntries.checked || !game.shape || game.solution) return;
    const id = game.id, shape = game.shape;
    try {
      const res = await api('solve', { size: shape.n, box: boxName(shape), puzzle: boardString(game.givens) });
      if (id !== game.id) return;
      game.solution = Uint8Array.from(parsePuzzle(String(res.solution)).vals);
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

  // showWin opens the win overlay and keeps the best time per shape and level.
  function showWin() {
    const level = game.meta.difficulty || 'custom', key = `${game.shape.n}:${boxName(game.shape)}:${level}`;
    const time = Math.round(timer.elapsed);
    let best = {};
    try { best = JSON.parse(localStorage.getItem(BEST_KEY) || '{}') || {}; } catch (_) { best = {}; }
    const before = Number(best[key]) || 0;
    const record = !before || time < before;
    if (record) {
      best[key] = time;
      try { localStorage.setItem(BEST_KEY, JSON.stringify(best)); } catch (_) { /* not kept */ }
    }
    $('won-time').textContent = fmtTime(time);
    $('won-level').textContent = `${game.shape.n}×${game.shape.n} ${game.meta.difficulty ? levelText(level) : '(your puzzle)'}`;
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
    fillDifficulty(chosenShape());
  });
  el.box.addEventListener('change', () => fillDifficulty(chosenShape()));
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
  el.zoomIn.addEventListener('click', () => zoomStep(1));
  el.zoomOut.addEventListener('click', () => zoomStep(-1));
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

  // ---- start: a link with ?size=&box=&difficulty=&seed= or ?puzzle= replays a game --

  // loadShapes asks /shapes for the levels each shape offers, so that the
  // difficulty menu lists only real choices; without an answer the menu
  // falls back to learning them from a 422 difficulty_unavailable.
  async function loadShapes() {
    try {
      const data = await api('shapes');
      for (const s of data.shapes || []) {
        const [r, c] = String(s.box).split('x').map(Number);
        if (Array.isArray(s.levels) && s.levels.length) rememberLevels({ n: s.size, r, c }, sortLevels(s.levels));
      }
    } catch (_) { /* offline or an old server: the 422 fallback remains */ }
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

  fillSizes();
  loadTechniques();
  const q = new URLSearchParams(location.search);
  const qn = Number(q.get('size'));
  const startSize = splits(qn).length ? qn : 9;
  el.size.value = String(startSize);
  fillBoxes(startSize, q.get('box'));
  const ql = (q.get('difficulty') || '').toLowerCase();
  fillDifficulty(chosenShape(), LEVELS.includes(ql) ? ql : 'medium');
  updateButtons();

  loadShapes().then(() => {
    fillDifficulty(chosenShape(), LEVELS.includes(ql) ? ql : 'medium');
    start();
  });

  function start() {
    if (q.get('puzzle')) {
      el.paste.value = q.get('puzzle');
      el.pasteBox.open = true;
      try {
        const { n } = parsePuzzle(q.get('puzzle'));
        el.size.value = String(n);
        fillBoxes(n, q.get('box'));
      } catch (_) { /* loadPasted reports it */ }
      loadPasted(false);
    } else {
      const seed = q.get('seed');
      newGame(seed !== null && /^-?\d+$/.test(seed) ? { seed } : {});
    }
  }

  // For people poking at the page from the console.
  window.sudokud = { game, enterValue, newGame, hint, solve, pause, fit, zoom };
})();
