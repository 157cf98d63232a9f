// What a hint from POST /hint shows on the board: the class each cell gets
// and the drawing of its links. No DOM: Node's tests import it.

import { onBoard } from './board.js';

// hintAreas lists, for each innies-and-outies step of a hint (the hint
// and its steps), the area its rule of 45 adds up: { area, kind, cells },
// the cells of the units the step names (rows, columns, a box or region),
// 'innies' or 'outies', and the step's cells (its pattern's set: inside the
// area for innies, outside it for outies). rules is rulesOf(shape, rules).
export function hintAreas(res, shape, rules) {
  const n = shape.n, out = [];
  for (const st of [res, ...(res.steps || [])]) {
    const set = st.technique === 'innies_outies' && st.pattern && st.pattern.sets && st.pattern.sets[0];
    if (!set || !set.length || !set.every((c) => onBoard(c, n))) continue;
    const area = (st.units || []).flatMap((u) => (rules.kinds[u.kind] || [])[u.index] || []);
    if (!area.length) continue;
    const cells = set.map((c) => c.row * n + c.col);
    out.push({ area, kind: area.includes(cells[0]) ? 'innies' : 'outies', cells });
  }
  return out;
}

// hintMarks maps a cell to the class that shows its part in the hint:
// the units looked at, the pattern's cells, fins, sets, eliminations and
// the target; of an innies-and-outies step (areas, from hintAreas) the
// area and its innies or outies. rules is rulesOf(shape, rules): a unit
// of any kind the API names (a cage, a region, a diagonal, …) is marked.
export function hintMarks(res, shape, rules, areas = []) {
  const n = shape.n, marks = new Map();
  const at = (c) => c.row * n + c.col;
  const steps = [res, ...(res.steps || [])];
  // The units of the hint itself; its steps' units would cover the board.
  for (const u of res.units || []) {
    const kind = rules.kinds && rules.kinds[u.kind];
    const list = kind ? kind[u.index] : u.kind === 'row' ? rules.list[u.index] : u.kind === 'column' ? rules.list[n + u.index] : rules.list[2 * n + u.index];
    for (const i of list || []) marks.set(i, 'hint-unit');
  }
  for (const st of steps) {
    for (const e of st.eliminations || []) if (onBoard(e, n)) marks.set(at(e), 'hint-elim');
    for (const c of st.cells || []) if (onBoard(c, n)) marks.set(at(c), 'hint-cell');
    const pt = st.pattern || {};
    for (const set of pt.sets || []) for (const c of set) if (onBoard(c, n)) marks.set(at(c), 'hint-set');
    for (const c of pt.fins || []) if (onBoard(c, n)) marks.set(at(c), 'hint-fin');
  }
  for (const a of areas) {
    for (const i of a.area) if (!marks.has(i)) marks.set(i, 'hint-unit');
    for (const i of a.cells) marks.set(i, a.kind === 'innies' ? 'hint-innie' : 'hint-outie');
  }
  if (res.kind === 'placement') marks.set(at(res), 'hint-target');
  return marks;
}

// hintLinks lists the links between candidates of a hint and its steps.
export function hintLinks(res) {
  const links = [];
  for (const st of [res, ...(res.steps || [])]) links.push(...((st.pattern && st.pattern.links) || []));
  return links;
}

// areaMarkup outlines each area (from hintAreas) on a board of size n,
// in an SVG whose viewBox is n×n: a line along every side of its cells
// that does not face another cell of it.
export function areaMarkup(areas, n) {
  let body = '';
  for (const { area } of areas) {
    const inside = new Set(area);
    let d = '';
    for (const i of area) {
      const r = Math.floor(i / n), c = i % n;
      if (r === 0 || !inside.has(i - n)) d += `M${c} ${r}h1`;
      if (r === n - 1 || !inside.has(i + n)) d += `M${c} ${r + 1}h1`;
      if (c === 0 || !inside.has(i - 1)) d += `M${c} ${r}v1`;
      if (c === n - 1 || !inside.has(i + 1)) d += `M${c + 1} ${r}v1`;
    }
    body += `<path class="area" d="${d}"/>`;
  }
  return body;
}

// patternMarkup draws links on a board of the shape, in an SVG whose
// viewBox is n×n, one unit a cell: strong links solid, weak ones dashed,
// each with an arrow in chain order, every candidate a dot where the notes
// grid shows it; in a forcing chain a node "on" (the cell holds the value)
// is a filled dot, one "off" a dashed ring.
export function patternMarkup(links, shape) {
  const { r: br, c: bc } = shape;
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
      const state = node.state === 'on' || node.state === 'off' ? ` ${node.state}` : '';
      body += `<circle class="node${state}" cx="${x}" cy="${y}" r="${dot}"/>`;
    }
  }
  return body;
}
