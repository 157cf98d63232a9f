// Tests of the client against live servers (test.sh starts them):
// SUDOKUD_URL, and SUDOKUD_STRICT_URL, a server that takes one request a
// second per client (for the retries) and waits 1 s for a stream's bytes.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { inflateSync } from "node:zlib";

import {
  type BatchItem,
  type Board,
  type BatchResult,
  createSudokudClient,
  isProblem,
  type ProblemCode,
  type SudokudClient,
  type SudokudOptions,
  SudokudError,
  SudokudStreamEnd,
} from "../src/index.ts";

const url = process.env.SUDOKUD_URL;
if (url === undefined || url === "") {
  throw new Error("SUDOKUD_URL is not set: run test.sh, which starts a server, or give a running one");
}
const strictUrl = process.env.SUDOKUD_STRICT_URL;
const sudokud = createSudokudClient(url);

const classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const solved4 = "1234341221434321";
const conflict4 = "11..............";

/** Reads a board string into values, 0 for an empty cell. */
function cells(s: string): number[] {
  return [...s.toUpperCase()].map((ch) => {
    if (ch === "." || ch === "0") return 0;
    if (ch >= "1" && ch <= "9") return ch.charCodeAt(0) - 48;
    if (ch >= "A" && ch <= "Z") return ch.charCodeAt(0) - 55;
    throw new Error(`symbol ${ch} in ${s}`);
  });
}

function text(b: Board): string {
  assert.equal(typeof b, "string", `board ${JSON.stringify(b)} is not a string`);
  return b as string;
}

function grid(b: Board): number[][] {
  assert.ok(Array.isArray(b), `board ${JSON.stringify(b)} is not a grid`);
  return b as number[][];
}

/**
 * Fails unless sol fills an n×n board of br×bc boxes by the rules (each
 * value 1..n once in every row, column and box) and keeps every given of
 * puzzle.
 */
function checkSolution(n: number, br: number, bc: number, puzzle: number[], sol: number[]): void {
  assert.equal(puzzle.length, n * n, "puzzle cells");
  assert.equal(sol.length, n * n, "solution cells");
  sol.forEach((v, i) => {
    const at = `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
    assert.ok(v >= 1 && v <= n, `${at} holds ${v}, want 1..${n}`);
    if (puzzle[i] !== 0) assert.equal(v, puzzle[i], `${at}: the given changed`);
  });
  for (let u = 0; u < n; u++) {
    const r0 = Math.floor(u / (n / bc)) * br;
    const c0 = (u % (n / bc)) * bc;
    const units: Record<string, number[]> = { row: [], column: [], box: [] };
    for (let k = 0; k < n; k++) {
      units.row!.push(sol[u * n + k]!);
      units.column!.push(sol[k * n + u]!);
      units.box!.push(sol[(r0 + Math.floor(k / bc)) * n + c0 + (k % bc)]!);
    }
    for (const [what, values] of Object.entries(units)) {
      assert.equal(new Set(values).size, n, `${what} ${u + 1} repeats a value: ${values.join(",")}`);
    }
  }
}

/** Awaits p's rejection and checks it is a SudokudError of status and code. */
async function problem<C extends ProblemCode>(p: Promise<unknown>, status: number, code: C) {
  const err = await p.then(
    (v) => assert.fail(`resolved to ${JSON.stringify(v)}, want a ${code} problem`),
    (e: unknown) => e,
  );
  assert.ok(err instanceof SudokudError, `rejected with ${String(err)}, want a SudokudError`);
  assert.ok(isProblem(err, code), `code ${err.code}, want ${code}`);
  assert.equal(err.status, status);
  assert.equal(err.problem.status, status);
  return err;
}

/** The strings each page of a PDF shows, one Flate content stream a page. */
function pdfPages(pdf: Buffer): string[][] {
  const raw = pdf.toString("latin1");
  assert.ok(raw.startsWith("%PDF-") && raw.trimEnd().endsWith("%%EOF"), "a whole PDF");
  const pages: string[][] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      continue; // not a Flate stream: no text
    }
    const shown = [...content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)].map((s) => s[1]!);
    if (shown.length > 0) pages.push(shown);
  }
  assert.equal(raw.match(/\/Type\s*\/Page\b/g)?.length, pages.length, "pages and content streams with text");
  return pages;
}

/** The one-digit strings of shown, sorted, as one string. */
function digits(shown: string[]): string {
  return shown
    .filter((s) => /^[1-9]$/.test(s))
    .sort()
    .join("");
}

describe("solve", () => {
  test("a string puzzle gets a solution that obeys the rules", async () => {
    const got = await sudokud.solve({ puzzle: classic });
    checkSolution(9, 3, 3, cells(classic), cells(text(got.solution)));
    assert.equal(got.unique, true);
    assert.ok(got.stats.nodes >= 1);
  });

  test("a grid of a 6x6 with 3x2 boxes gets a grid", async () => {
    const g = [
      [1, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 6],
    ];
    const got = await sudokud.solve({ size: 6, box: "3x2", grid: g });
    checkSolution(6, 3, 2, g.flat(), grid(got.solution).flat());
    assert.equal(got.unique, false);
  });

  test("a conflict is a typed problem with its cells", async () => {
    const err = await problem(sudokud.solve({ puzzle: conflict4 }), 422, "conflict");
    // conflicts is typed as present for the conflict code.
    const at = err.problem.conflicts.map((c) => [c.row, c.col, c.value]);
    assert.deepEqual(at, [
      [0, 0, 1],
      [0, 1, 1],
    ]);
  });

  test("a short board is invalid_board", async () => {
    await problem(sudokud.solve({ puzzle: classic.slice(0, 80) }), 400, "invalid_board");
  });
});

describe("generate", () => {
  test("POST and GET give the same seeded puzzles, each with one solution", async () => {
    const req = { size: 6, box: "3x2", difficulty: "medium", seed: 7, count: 2 } as const;
    const post = await sudokud.generate(req);
    const get = await sudokud.generateGet(req);
    assert.equal(post.puzzles.length, 2);
    assert.deepEqual(
      get.puzzles.map((p) => p.puzzle),
      post.puzzles.map((p) => p.puzzle),
    );
    for (const [i, p] of post.puzzles.entries()) {
      const puzzle = text(p.puzzle);
      const solution = text(p.solution);
      checkSolution(6, 3, 2, cells(puzzle), cells(solution));
      assert.equal(p.seed, 7 + i);
      assert.equal(p.difficulty, "medium");
      assert.equal(p.givens, cells(puzzle).filter((v) => v !== 0).length);
      const solved = await sudokud.solve({ puzzle, box: "3x2" });
      assert.equal(solved.unique, true);
      assert.equal(solved.solution, solution);
    }
  });

  test("a level the size lacks is difficulty_unavailable with the levels it has", async () => {
    const err = await problem(sudokud.generateGet({ size: 4, difficulty: "expert" }), 422, "difficulty_unavailable");
    assert.deepEqual(err.problem.levels, ["easy"]);
  });
});

describe("puzzles and daily", () => {
  test("a posted board's id serves it, as a generated puzzle's does", async () => {
    const byId = await sudokud.puzzleId({ puzzle: classic });
    checkSolution(9, 3, 3, cells(classic), cells(text(byId.solution)));
    assert.equal(byId.unique, true);
    const got = await sudokud.puzzle(byId.id);
    assert.deepEqual(cells(text(got.puzzle)), cells(classic));
    assert.equal(got.solution, byId.solution);

    const [p] = (await sudokud.generate({ size: 4, seed: 3, difficulty: "easy" })).puzzles;
    assert.ok(p !== undefined);
    const again = await sudokud.puzzle(p.id);
    assert.equal(again.puzzle, p.puzzle);
    assert.equal(again.solution, p.solution);

    await problem(sudokud.puzzle("not-an-id!"), 400, "invalid_id");
    await problem(sudokud.puzzleId({ puzzle: conflict4 }), 422, "conflict");
  });

  test("drawings: the SVG holds the givens in reading order, the PNG is as wide as asked", async () => {
    const { id } = await sudokud.puzzleId({ puzzle: classic });
    const svg = await sudokud.puzzleSvg(id, { px: 450 });
    assert.match(svg, /<svg [^>]*width="450"/);
    const texts = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      text: m[3],
    }));
    texts.sort((a, b) => a.y - b.y || a.x - b.x);
    const givens = cells(classic).filter((v) => v !== 0).join("");
    assert.equal(texts.map((t) => t.text).join(""), givens);

    const png = await sudokud.puzzlePng(id, { px: 300, solution: true });
    assert.ok(png instanceof Blob);
    assert.equal(png.type, "image/png");
    const head = new DataView(await png.slice(0, 24).arrayBuffer());
    assert.equal(head.getUint32(0), 0x89504e47, "the PNG signature");
    assert.equal(head.getUint32(16), 300, "IHDR width");
    assert.equal(head.getUint32(20), 300, "IHDR height");

    await problem(sudokud.puzzlePng(id, { px: 5 }), 400, "invalid_request");
    await problem(sudokud.puzzleSvg("not-an-id!"), 400, "invalid_id");
  });

  test("print: a PDF Blob whose pages show the title, each id and its givens, then the solutions", async () => {
    const { puzzles } = await sudokud.generate({ size: 4, count: 2, seed: 1, difficulty: "easy" });
    const ids = puzzles.map((p) => p.id);
    const pdf = await sudokud.print({ ids, per_page: 1, title: "Client test" });
    assert.ok(pdf instanceof Blob);
    assert.equal(pdf.type, "application/pdf");
    const pages = pdfPages(Buffer.from(await pdf.arrayBuffer()));
    assert.equal(pages.length, 4, "2 puzzles and 2 solutions");
    puzzles.forEach((p, i) => {
      assert.ok(pages[i]!.includes("Client test") && pages[i]!.includes(p.id), `page ${i + 1}: ${pages[i]}`);
      assert.equal(digits(pages[i]!), digits([...text(p.puzzle)]), `page ${i + 1} draws the givens`);
      assert.equal(digits(pages[2 + i]!), digits([...text(p.solution)]), `page ${3 + i} draws the solution`);
    });
    const short = await sudokud.print({ ids, per_page: 1, solutions: false });
    assert.equal(pdfPages(Buffer.from(await short.arrayBuffer())).length, 2);

    await problem(sudokud.print({ ids: [ids[0]!, "not-an-id!"] }), 400, "invalid_id");
    // @ts-expect-error: the types allow 1, 2, 4 or 6 a page, and so does the server.
    await problem(sudokud.print({ ids, per_page: 3 }), 400, "invalid_request");
  });

  test("a day's puzzle is the same on every call and served by its id", async () => {
    const query = { size: 6, difficulty: "easy", date: "2026-03-14" } as const;
    const d = await sudokud.daily(query);
    checkSolution(6, 2, 3, cells(d.puzzle), cells(d.solution));
    assert.equal(d.date, "2026-03-14");
    assert.equal(d.box, "2x3");
    const again = await sudokud.daily(query);
    assert.equal(again.puzzle, d.puzzle);
    const byId = await sudokud.puzzle(d.id);
    assert.equal(byId.puzzle, d.puzzle);
    assert.equal(byId.solution, d.solution);

    await problem(sudokud.daily({ size: 4, difficulty: "expert" }), 422, "difficulty_unavailable");
    await problem(sudokud.daily({ date: "2026-02-30" }), 400, "invalid_request");
  });
});

describe("hint", () => {
  test("the next placement agrees with the solution", async () => {
    const solution = cells(text((await sudokud.solve({ puzzle: classic })).solution));
    const h = await sudokud.hint({ puzzle: classic });
    assert.equal(h.kind, "placement");
    assert.ok(h.row !== undefined && h.col !== undefined && h.value !== undefined && h.steps !== undefined);
    const cell = h.row * 9 + h.col;
    assert.equal(cells(classic)[cell], 0, "the hint's cell is empty");
    assert.equal(h.value, solution[cell]);
    assert.deepEqual(h.steps.at(-1)?.value, h.value);
  });

  test("a nudge names units, not the cell", async () => {
    const h = await sudokud.hint({ puzzle: classic, nudge: true });
    assert.equal(h.kind, "nudge");
    assert.equal(h.row, undefined);
    assert.ok((h.units ?? []).length > 0);
  });

  test("a full grid is no_empty_cells", async () => {
    await problem(sudokud.hint({ puzzle: solved4 }), 422, "no_empty_cells");
  });
});

describe("validate", () => {
  test("single boards", async () => {
    const rows = [
      { req: { puzzle: solved4 }, valid: true, complete: true, solved: true, conflicts: 0 },
      { req: { puzzle: classic, solvable: true }, valid: true, complete: false, solved: false, conflicts: 0, solvable: true },
      { req: { puzzle: conflict4 }, valid: false, complete: false, solved: false, conflicts: 2 },
      { req: { puzzle: "2234341221434321", givens: "1..............." }, valid: false, complete: true, solved: false, conflicts: 3 },
    ];
    for (const row of rows) {
      const got = await sudokud.validate(row.req);
      assert.equal(got.valid, row.valid, JSON.stringify(row.req));
      assert.equal(got.complete, row.complete);
      assert.equal(got.solved, row.solved);
      assert.equal(got.conflicts.length, row.conflicts);
      assert.equal(got.solvable, row.solvable);
    }
    // @ts-expect-error: the types require puzzle or grid, and so does the server.
    await problem(sudokud.validate({}), 400, "invalid_request");
  });

  test("a batch answers each item in order with a summary", async () => {
    const got = await sudokud.validateBatch([
      { id: "a", puzzle: solved4 },
      { id: "b", grid: [[1, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]] },
      { id: "c", puzzle: "123" },
    ]);
    const [a, b, c] = got.results;
    assert.equal(got.results.length, 3);
    assert.equal(a?.solved, true);
    assert.equal(b?.valid, false);
    assert.equal(b?.conflicts?.length, 2);
    assert.equal(c?.error?.code, "invalid_board");
    assert.deepEqual(got.summary, { total: 3, valid: 1, complete: 1, solved: 1, errors: 1 });
  });

  // Every third board clashes, every seventh is not a board.
  function item(i: number): BatchItem {
    const puzzle = i % 7 === 6 ? "12345" : i % 3 === 2 ? conflict4 : solved4;
    return { id: String(i), puzzle };
  }
  function checkResult(i: number, r: BatchResult | undefined): void {
    assert.equal(r?.id, String(i));
    if (i % 7 === 6) assert.equal(r?.error?.code, "invalid_board");
    else if (i % 3 === 2) assert.equal(r?.conflicts?.length, 2);
    else assert.equal(r?.solved, true);
  }

  test("a stream of an async iterable yields each result in order", async () => {
    const n = 500;
    async function* items() {
      for (let i = 0; i < n; i++) yield item(i);
    }
    let i = 0;
    for await (const r of sudokud.validateStream(items())) {
      checkResult(i, r);
      i++;
    }
    assert.equal(i, n);
  });

  test("a stream of an array, left early, ends its request", async () => {
    const items = Array.from({ length: 50 }, (_, i) => item(i));
    const got: BatchResult[] = [];
    for await (const r of sudokud.validateStream(items)) {
      got.push(r);
    }
    got.forEach((r, i) => checkResult(i, r));
    assert.equal(got.length, 50);

    for await (const r of sudokud.validateStream(items)) {
      checkResult(0, r);
      break;
    }
    // The server counts the stream closed.
    for (;;) {
      const open = /^sudokud_validate_streams_open (\d+)$/m.exec(await sudokud.metrics())?.[1];
      if (open === "0") break;
      await new Promise((r) => setTimeout(r, 20));
    }
  });
});

describe("shapes and techniques", () => {
  test("every shape is RxC with R·C = N, one default box per size", async () => {
    const { shapes } = await sudokud.shapes();
    const defaults = new Map<number, string>();
    for (const s of shapes) {
      const [r, c] = s.box.split("x").map(Number);
      assert.equal(r! * c!, s.size, `shape ${JSON.stringify(s)}`);
      assert.equal(s.levels[0], "easy");
      if (s.default) {
        assert.ok(!defaults.has(s.size), `size ${s.size} has two defaults`);
        defaults.set(s.size, s.box);
      }
    }
    assert.equal(defaults.size, 15);
    assert.equal(defaults.get(9), "3x3");
    assert.equal(defaults.get(6), "2x3");
  });

  test("techniques have unique names and titles; a hint's technique is one", async () => {
    const { techniques } = await sudokud.techniques();
    const titles = new Map(techniques.map((t) => [t.name, t.title]));
    assert.equal(titles.size, techniques.length);
    assert.equal(titles.get("x_wing"), "X-Wing");
    const h = await sudokud.hint({ puzzle: classic });
    assert.equal(titles.get(h.technique ?? ""), h.title);
  });
});

describe("operations", () => {
  test("healthz, readyz, metrics, the spec and the playground", async () => {
    assert.deepEqual(await sudokud.healthz(), { status: "ok" });
    assert.deepEqual(await sudokud.readyz(), { status: "ready" });
    await sudokud.solve({ puzzle: classic });
    assert.match(await sudokud.metrics(), /^sudokud_http_requests_total\{method="POST",route="\/solve",status="200"\} \d+$/m);
    const spec = readFileSync(new URL("../../../openapi.yaml", import.meta.url), "utf8");
    assert.equal(await sudokud.openapi(), spec, "the server's spec is the one the client was generated from");
    const page = await sudokud.raw.GET("/", { parseAs: "text" });
    assert.equal(page.response.status, 200);
    assert.match(page.response.headers.get("Content-Type") ?? "", /^text\/html/);
  });
});

describe("a strict server", { skip: strictUrl === undefined && "SUDOKUD_STRICT_URL is not set" }, () => {
  // That server trusts X-Forwarded-For: each test is a client of its own,
  // whose limit starts afresh.
  function as(ip: string, options: SudokudOptions = {}): SudokudClient {
    return createSudokudClient(strictUrl!, { ...options, headers: { "X-Forwarded-For": ip } });
  }

  test("a stream the server stops reading ends with a SudokudStreamEnd after its results", async () => {
    const c = as("192.0.2.4");
    async function* items() {
      yield { id: "a", puzzle: solved4 };
      yield { id: "b", puzzle: solved4 };
      await new Promise(() => {}); // sends nothing more
    }
    const ids: (string | undefined)[] = [];
    const err = await (async () => {
      for await (const r of c.validateStream(items())) ids.push(r.id);
    })().then(
      () => assert.fail("the stream ended without a StreamEnd"),
      (e: unknown) => e,
    );
    assert.deepEqual(ids, ["a", "b"]);
    assert.ok(err instanceof SudokudStreamEnd, `rejected with ${String(err)}`);
    assert.equal(err.code, "request_timeout");
    assert.equal(err.results, 2);
  });

  test("a 429 is waited out and sent again", async () => {
    const c = as("192.0.2.1");
    for (let i = 0; i < 2; i++) {
      const got = await c.solve({ puzzle: classic });
      checkSolution(9, 3, 3, cells(classic), cells(text(got.solution)));
    }
  });

  test("without retries a 429 is thrown with its Retry-After", async () => {
    const c = as("192.0.2.2", { retries: 0 });
    await c.solve({ puzzle: classic });
    const err = await problem(c.solve({ puzzle: classic }), 429, "rate_limited");
    assert.ok((err.retryAfter ?? 0) >= 1, `Retry-After ${err.retryAfter}`);
  });

  test("an abort ends the wait for a retry", async () => {
    const abort = new AbortController();
    let sent = 0;
    // The answer arrives, then the caller gives up.
    const c = as("192.0.2.3", {
      fetch: async (req) => {
        sent++;
        const rsp = await fetch(req);
        if (rsp.status === 429) abort.abort(new Error("given up"));
        return rsp;
      },
    });
    await c.solve({ puzzle: classic });
    await assert.rejects(c.solve({ puzzle: classic }, { signal: abort.signal }), /given up/);
    assert.equal(sent, 2, "no request after the abort");
  });
});
