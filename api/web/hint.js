// What a hint from POST /hint shows on the board: the class each cell gets
// and the drawing of its links. No DOM: Node's tests import it.

import { onBoard } from './board.js';

// hintAreas finds, for each innies-and-outies step of a hint (the hint
// and its steps), the area its rule of 45 adds up: { area, kind, cells },
// the area's cells, 'innies' or 'outies', and the step's cells. The
// answer names only those cells (its pattern's set: the empty innies, or
// outies, of the area), so the area is found as the engine finds it:
// single rows, columns and boxes or regions, then bands of 2 to N-1
// adjacent rows or columns, the first whose empty innies (or outies, when
// sum cages cover every innie) are the step's cells. rules is
// rulesOf(shape, rules); cells the board the hint was asked on.
export function hintAreas(res, shape, rules, cells) {
  const n = shape.n, out = [];
  let areas = null;
  for (const st of [res, ...(res.steps || [])]) {
    const set = st.technique === 'innies_outies' && st.pattern && st.pattern.sets && st.pattern.sets[0];
    if (!set || !set.every((c) => onBoard(c, n))) continue;
    areas = areas || areasOf(n, rules);
    const want = set.map((c) => c.row * n + c.col).sort((a, b) => a - b).join();
    for (const area of areas) {
      const found = ['innies', 'outies'].find((kind) => sumCells(area, kind, rules).filter((i) => !cells[i]).sort((a, b) => a - b).join() === want);
      if (found) { out.push({ area, kind: found, cells: set.map((c) => c.row * n + c.col) }); break; }
    }
  }
  return out;
}

// areasOf lists the areas of the rule of 45 in the engine's order: rows,
// columns, boxes or regions, then for widths 2 to N-1 and each first line
// a band of rows and one of columns.
function areasOf(n, rules) {
  const k = rules.kinds, areas = [...k.row, ...k.column, ...(k.box || k.region || [])];
  for (let w = 2; w < n; w++) {
    for (let start = 0; start + w <= n; start++) {
      areas.push(k.row.slice(start, start + w).flat(), k.column.slice(start, start + w).flat());
    }
  }
  return areas;
}

// sumCells returns the innies of an area (its cells outside every sum
// cage that lies inside it) or its outies (the cells outside it of the sum
// cages that cross its edge; none when a cell of it is in no sum cage).
function sumCells(area, kind, rules) {
  const inside = new Set(area), cageOf = new Map();
  for (const cage of rules.sums) for (const i of cage.cells) cageOf.set(i, cage);
  if (kind === 'innies') return area.filter((i) => !(cageOf.has(i) && cageOf.get(i).cells.every((j) => inside.has(j))));
  if (area.some((i) => !cageOf.has(i))) return [];
  return rules.sums.filter((c) => c.cells.some((i) => inside.has(i))).flatMap((c) => c.cells.filter((i) => !inside.has(i)));
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
// grid shows it.
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
      body += `<circle class="node" cx="${x}" cy="${y}" r="${dot}"/>`;
    }
  }
  return body;
}
