// Fitting the board to the screen: whole-pixel cells in the space the
// layout leaves, and a frame that zooms and pans when cells would be too
// small for a finger. fitBoard and nextZoom are pure; createLayout wires
// them to the page.

export const MIN_CELL = 20; // smaller cells are no target for a finger: the board goes in a frame that zooms
export const ZOOM_CELL = 30; // the frame's first zoom
export const ZOOM_STEPS = [20, 24, 30, 36, 44, 54]; // the zoom buttons' cell sizes, past the one that shows the whole board

// fitBoard sizes an n×n board for a space w×h pixels: its line width
// (thick), its cell size and whether it goes in a zoom frame. In a frame,
// it also returns the frame's size and the cell sizes the frame allows
// (min shows the whole board); the cell is then want, or ZOOM_CELL, within
// them.
export function fitBoard(n, w, h, want) {
  const thick = n >= 16 ? 2 : 3;
  const room = Math.max(120, Math.min(w, h, n <= 9 ? 540 : n <= 15 ? 680 : 860));
  const cell = Math.floor((room - 2 * thick) / n);
  if (cell >= MIN_CELL) return { thick, cell, on: false };
  const fw = Math.max(120, w), fh = Math.max(120, h - 56);
  const min = Math.max(1, Math.floor((Math.min(fw, fh) - 2 * thick) / n));
  const max = ZOOM_STEPS[ZOOM_STEPS.length - 1];
  return { thick, on: true, frame: { w: fw, h: fh }, min, max, cell: Math.min(max, Math.max(min, want || ZOOM_CELL)) };
}

// nextZoom returns the cell size the zoom buttons go to from cell, in
// (dir > 0) or out, within min…max; undefined when there is none.
export function nextZoom(min, max, cell, dir) {
  const steps = [min, ...ZOOM_STEPS.filter((c) => c > min && c <= max)];
  return dir > 0 ? steps.find((c) => c > cell) : steps.filter((c) => c < cell).pop();
}

// createLayout fits the board of the page's elements (el) and keeps it
// fitted as the window changes; shape() is the shape on the board (null:
// none yet). It returns the zoom state and what the page calls.
export function createLayout(el, shape) {
  const portrait = matchMedia('(max-width: 860px) and (orientation: portrait)');
  const short = matchMedia('(orientation: landscape) and (max-height: 560px)');

  // zoom is the frame's state: the cell sizes it allows, the size shown,
  // and the size the player chose (null: ZOOM_CELL), which a new layout keeps.
  const zoom = { on: false, min: 0, max: 0, cell: 0, want: null, thick: 0 };

  function fit() {
    if (!shape()) return;
    const n = shape().n;
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
    const f = fitBoard(n, w, h, zoom.want);
    zoom.on = f.on;
    zoom.thick = f.thick;
    if (f.on) {
      // A frame the board zooms and pans in; the zoom bar under it.
      el.boardWrap.style.width = `${f.frame.w}px`;
      el.boardWrap.style.height = `${f.frame.h}px`;
      zoom.min = f.min;
      zoom.max = f.max;
    }
    el.boardWrap.classList.toggle('zoomed', zoom.on);
    el.board.dataset.zoomed = String(zoom.on);
    el.zoom.hidden = !zoom.on;
    setCell(f.cell);
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

  // reveal pans the zoom frame to the middle of the elements, unless they
  // are all in view already.
  function reveal(els) {
    if (!zoom.on || !els.length) return;
    const f = el.boardWrap.getBoundingClientRect();
    let l = Infinity, t = Infinity, r = -Infinity, b = -Infinity;
    for (const e of els) {
      const c = e.getBoundingClientRect();
      l = Math.min(l, c.left); t = Math.min(t, c.top); r = Math.max(r, c.right); b = Math.max(b, c.bottom);
    }
    if (l >= f.left && t >= f.top && r <= f.right && b <= f.bottom) return;
    el.boardWrap.scrollBy(Math.round((l + r - f.left - f.right) / 2), Math.round((t + b - f.top - f.bottom) / 2));
  }

  function zoomStep(dir) {
    const next = nextZoom(zoom.min, zoom.max, zoom.cell, dir);
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
  el.zoomIn.addEventListener('click', () => zoomStep(1));
  el.zoomOut.addEventListener('click', () => zoomStep(-1));

  let fitting = 0;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(fitting);
    fitting = requestAnimationFrame(fit);
  });

  return { zoom, fit, reveal };
}
