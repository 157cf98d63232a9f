/**
 * A typed client of the sudokud HTTP API. The types (openapi.ts) are
 * generated from openapi.yaml by openapi-typescript (`npm run generate`);
 * the calls go through openapi-fetch. Every method resolves to the answer's
 * body and rejects a problem answer with a SudokudError typed by its `code`.
 *
 * @example
 * const sudokud = createSudokudClient("http://localhost:8080");
 * const { solution } = await sudokud.solve({ puzzle: "53..7....6..195...." });
 */
import createFetchClient, { type Client as FetchClient } from "openapi-fetch";
import type { components, operations, paths } from "./openapi.js";

export type { components, operations, paths };

type Schemas = components["schemas"];
export type Board = Schemas["Board"];
export type SolveRequest = Schemas["SolveRequest"];
export type SolveResponse = Schemas["SolveResponse"];
export type HintRequest = Schemas["HintRequest"];
export type HintResponse = Schemas["HintResponse"];
export type Step = Schemas["Step"];
export type GenerateRequest = Schemas["GenerateRequest"];
export type GenerateQuery = NonNullable<operations["generateGet"]["parameters"]["query"]>;
export type GenerateResponse = Schemas["GenerateResponse"];
export type GeneratedPuzzle = Schemas["GeneratedPuzzle"];
export type ValidateRequest = Schemas["ValidateRequest"];
export type ValidateResponse = Schemas["ValidateResponse"];
export type BatchItem = Schemas["BatchItem"];
export type BatchResponse = Schemas["BatchResponse"];
export type BatchResult = Schemas["BatchResult"];
export type StreamEnd = Schemas["StreamEnd"];
export type Conflict = Schemas["Conflict"];
export type Difficulty = Schemas["Difficulty"];
export type PuzzleByID = Schemas["PuzzleByID"];
export type DrawingQuery = NonNullable<operations["puzzleSVG"]["parameters"]["query"]>;
export type PrintRequest = Schemas["PrintRequest"];
export type DailyQuery = NonNullable<operations["daily"]["parameters"]["query"]>;
export type DailyPuzzle = Schemas["DailyPuzzle"];
export type Shapes = Schemas["Shapes"];
export type Techniques = Schemas["Techniques"];
export type Status = Schemas["Status"];
export type Problem = Schemas["Problem"];
export type ProblemCode = Problem["code"];

/** The fields a problem of a code always carries, beyond every problem's. */
interface ProblemFields {
  conflict: { conflicts: Conflict[] };
  difficulty_unavailable: { levels: Difficulty[] };
}

/** The problem of one code, with the fields that code always carries. */
export type ProblemOf<C extends ProblemCode> = Problem & { code: C } & (C extends keyof ProblemFields
    ? ProblemFields[C]
    : unknown);

/**
 * A problem answer (RFC 9457): `code` says what went wrong, `problem`
 * holds the whole body. Narrow it with `err.is("conflict")` (or
 * isProblem(err, "conflict")) to reach the code's fields, such as
 * `err.problem.conflicts`.
 */
export class SudokudError extends Error {
  /** The problem's code; undefined when the answer was not a problem (a proxy's page). */
  readonly code: ProblemCode | undefined;
  constructor(
    readonly status: number,
    readonly problem: Problem,
    /** The answer's Retry-After in seconds, when it had one. */
    readonly retryAfter?: number,
  ) {
    super(`sudokud: ${problem.code ?? "status"} (${status}): ${problem.detail}`);
    this.name = "SudokudError";
    this.code = problem.code;
  }

  /** Tells whether this is the problem code, and narrows it to that code's problem. */
  is<C extends ProblemCode>(code: C): this is SudokudError & { code: C; problem: ProblemOf<C> } {
    return this.code === code;
  }
}

/** Tells whether err is a SudokudError with the problem code. */
export function isProblem<C extends ProblemCode>(
  err: unknown,
  code: C,
): err is SudokudError & { code: C; problem: ProblemOf<C> } {
  return err instanceof SudokudError && err.is(code);
}

/**
 * The last line of a validateStream that the server stopped reading:
 * `results` results came before it; the items after them were not
 * answered (send them again).
 */
export class SudokudStreamEnd extends Error {
  constructor(
    readonly code: StreamEnd["error"]["code"],
    readonly detail: string,
    readonly results: number,
  ) {
    super(`sudokud: stream ended by the server after ${results} results: ${code}: ${detail}`);
    this.name = "SudokudStreamEnd";
  }
}

export interface SudokudOptions {
  /** The fetch to call (globalThis.fetch by default). */
  fetch?: (input: Request) => Promise<Response>;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /**
   * How many times a request answered 429 or 503 is sent again after the
   * wait its Retry-After asks for (3 by default, 0 for none). A stream is
   * never sent again.
   */
  retries?: number;
  /** The longest wait before a retry, in seconds (30 by default): an answer asking for longer is thrown. */
  maxRetryWait?: number;
}

/** Per call: an AbortSignal ends the request, and any retry wait. */
export type CallOptions = {
  signal?: AbortSignal;
};

/** Creates a client of the server at baseUrl ("http://localhost:8080"). */
export function createSudokudClient(baseUrl: string, options: SudokudOptions = {}): SudokudClient {
  return new SudokudClient(baseUrl, options);
}

export class SudokudClient {
  /** The openapi-fetch client underneath: every path of openapi.yaml, typed. */
  readonly raw: FetchClient<paths>;
  readonly #baseUrl: string;
  readonly #fetch: (input: Request) => Promise<Response>;
  readonly #headers: Record<string, string>;

  constructor(baseUrl: string, options: SudokudOptions = {}) {
    this.#baseUrl = baseUrl.replace(/\/+$/, "");
    this.#fetch = options.fetch ?? ((input) => globalThis.fetch(input));
    this.#headers = options.headers ?? {};
    this.raw = createFetchClient<paths>({
      baseUrl: this.#baseUrl,
      headers: this.#headers,
      fetch: retrying(this.#fetch, options.retries ?? 3, options.maxRetryWait ?? 30),
    });
  }

  /** Solves a puzzle (POST /solve). */
  async solve(body: SolveRequest, opts: CallOptions = {}): Promise<SolveResponse> {
    return unwrap(await this.raw.POST("/solve", { body, ...opts }));
  }

  /** Returns the next step (POST /hint). */
  async hint(body: HintRequest, opts: CallOptions = {}): Promise<HintResponse> {
    return unwrap(await this.raw.POST("/hint", { body, ...opts }));
  }

  /** Generates puzzles from a JSON body (POST /generate); no body takes every default. */
  async generate(body: GenerateRequest = {}, opts: CallOptions = {}): Promise<GenerateResponse> {
    return unwrap(await this.raw.POST("/generate", { body, ...opts }));
  }

  /** Generates puzzles from a query string (GET /generate). */
  async generateGet(query: GenerateQuery = {}, opts: CallOptions = {}): Promise<GenerateResponse> {
    return unwrap(await this.raw.GET("/generate", { params: { query }, ...opts }));
  }

  /** Checks one board (POST /validate). */
  async validate(body: ValidateRequest, opts: CallOptions = {}): Promise<ValidateResponse> {
    return unwrap(await this.raw.POST("/validate", { body, ...opts })) as ValidateResponse;
  }

  /** Checks boards in one request (POST /validate with items); a bad item gets a result with an `error`. */
  async validateBatch(items: BatchItem[], opts: CallOptions = {}): Promise<BatchResponse> {
    return unwrap(await this.raw.POST("/validate", { body: { items }, ...opts })) as BatchResponse;
  }

  /**
   * Checks items as one NDJSON stream (POST /validate with
   * application/x-ndjson) and yields each result as the server writes it,
   * in input order. An array is sent as one body; an (async) iterable is
   * streamed as it yields, where the runtime's fetch streams request
   * bodies (Node ≥ 18; browsers over HTTP/2).
   *
   * Throws a SudokudError when the server refuses the stream, a
   * SudokudStreamEnd when it stopped reading (the items after the results
   * so far were not answered), and a plain Error when the answer was cut
   * off. Leaving the loop early ends the request.
   */
  async *validateStream(
    items: Iterable<BatchItem> | AsyncIterable<BatchItem>,
    opts: CallOptions = {},
  ): AsyncGenerator<BatchResult, void, undefined> {
    const abort = new AbortController();
    const onAbort = () => abort.abort(opts.signal?.reason);
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const sending = ndjson(items);
    const request = new Request(`${this.#baseUrl}/validate`, {
      method: "POST",
      headers: { ...this.#headers, "Content-Type": "application/x-ndjson" },
      body: sending.body,
      signal: abort.signal,
      duplex: "half",
    } as RequestInit & { duplex: "half" });
    let got = 0;
    try {
      const response = await this.#fetch(request);
      if (!response.ok) {
        throw await errorOf(response);
      }
      if (response.body === null) {
        throw new Error("sudokud: a stream answer without a body");
      }
      for await (const line of lines(response.body)) {
        const parsed = JSON.parse(line) as BatchResult | StreamEnd;
        if (isStreamEnd(parsed)) {
          throw new SudokudStreamEnd(parsed.error.code, parsed.error.detail, got);
        }
        got++;
        yield parsed;
      }
      const sent = await sending.count;
      if (got !== sent) {
        throw new Error(`sudokud: stream ended after ${got} results of ${sent} items`);
      }
    } finally {
      opts.signal?.removeEventListener("abort", onAbort);
      abort.abort(); // ends the request when the loop left early; a no-op after the end
    }
  }

  /** Returns a board's id with its solution and rating (POST /puzzles); puzzle(id) serves the same answer. */
  async puzzleId(body: SolveRequest, opts: CallOptions = {}): Promise<PuzzleByID> {
    return unwrap(await this.raw.POST("/puzzles", { body, ...opts }));
  }

  /** Returns the puzzle an id encodes, its solution and rating (GET /puzzles/{id}); a bad id is `invalid_id`. */
  async puzzle(id: string, opts: CallOptions = {}): Promise<PuzzleByID> {
    return unwrap(await this.raw.GET("/puzzles/{id}", { params: { path: { id } }, ...opts }));
  }

  /** Draws the puzzle an id encodes as SVG text (GET /puzzles/{id}.svg). */
  async puzzleSvg(id: string, query: DrawingQuery = {}, opts: CallOptions = {}): Promise<string> {
    return unwrap(await this.raw.GET("/puzzles/{id}.svg", { params: { path: { id }, query }, parseAs: "text", ...opts }));
  }

  /** Draws the puzzle an id encodes as a PNG image, a Blob (GET /puzzles/{id}.png). */
  async puzzlePng(id: string, query: DrawingQuery = {}, opts: CallOptions = {}): Promise<Blob> {
    return unwrap(await this.raw.GET("/puzzles/{id}.png", { params: { path: { id }, query }, parseAs: "blob", ...opts }));
  }

  /** A PDF booklet, a Blob, of the puzzles body names or generates, solutions at the back unless it says not (POST /print). */
  async print(body: PrintRequest, opts: CallOptions = {}): Promise<Blob> {
    return unwrap(await this.raw.POST("/print", { body, parseAs: "blob", ...opts }));
  }

  /** Returns the puzzle of a day for a shape and level (GET /daily); no query: today's 9×9. */
  async daily(query: DailyQuery = {}, opts: CallOptions = {}): Promise<DailyPuzzle> {
    return unwrap(await this.raw.GET("/daily", { params: { query }, ...opts }));
  }

  /** Lists the board shapes and the levels each offers (GET /shapes). */
  async shapes(opts: CallOptions = {}): Promise<Shapes> {
    return unwrap(await this.raw.GET("/shapes", opts));
  }

  /** Lists the solver's techniques in the order it tries them (GET /techniques). */
  async techniques(opts: CallOptions = {}): Promise<Techniques> {
    return unwrap(await this.raw.GET("/techniques", opts));
  }

  /** Tells whether the server is alive (GET /healthz). */
  async healthz(opts: CallOptions = {}): Promise<Status> {
    return unwrap(await this.raw.GET("/healthz", opts));
  }

  /** Tells whether the server takes work (GET /readyz): a `shutting_down` SudokudError once it stops. */
  async readyz(opts: CallOptions = {}): Promise<Status> {
    return unwrap(await this.raw.GET("/readyz", opts));
  }

  /** The Prometheus text of GET /metrics. */
  async metrics(opts: CallOptions = {}): Promise<string> {
    return unwrap(await this.raw.GET("/metrics", { parseAs: "text", ...opts }));
  }

  /** The server's openapi.yaml (GET /openapi.yaml). */
  async openapi(opts: CallOptions = {}): Promise<string> {
    return unwrap(await this.raw.GET("/openapi.yaml", { parseAs: "text", ...opts }));
  }
}

/** The result of an openapi-fetch call: its data, or a SudokudError of its error. */
function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) {
    return result.data;
  }
  throw problemError(result.response, result.error);
}

/** Reads an answer other than 200 into a SudokudError. */
async function errorOf(response: Response): Promise<SudokudError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return problemError(response, body);
}

function problemError(response: Response, body: unknown): SudokudError {
  const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
  if (typeof body === "object" && body !== null && typeof (body as Problem).code === "string") {
    return new SudokudError(response.status, body as Problem, retryAfter);
  }
  const detail = typeof body === "string" ? body.slice(0, 200) : JSON.stringify(body ?? "");
  // Not a problem: no code.
  const problem = { type: "about:blank", title: response.statusText, status: response.status, detail } as Problem;
  return new SudokudError(response.status, problem, retryAfter);
}

/** Reads Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null || value === "") {
    return undefined;
  }
  if (/^\d+$/.test(value)) {
    return Number(value);
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - Date.now()) / 1000);
}

/**
 * Wraps fetch to send a request again while it is answered 429 or 503,
 * after the wait its Retry-After asks for (1 s without one), up to retries
 * times; an answer asking for more than maxWait seconds is returned.
 */
function retrying(
  fetchFn: (input: Request) => Promise<Response>,
  retries: number,
  maxWait: number,
): (input: Request) => Promise<Response> {
  return async (input) => {
    let request = input;
    for (let attempt = 0; ; attempt++) {
      const spare = attempt < retries ? request.clone() : undefined;
      const response = await fetchFn(request);
      if (spare === undefined || (response.status !== 429 && response.status !== 503)) {
        return response;
      }
      const wait = retryAfterSeconds(response.headers.get("Retry-After")) ?? 1;
      if (wait > maxWait) {
        return response;
      }
      await response.body?.cancel();
      await sleep(wait * 1000, request.signal);
      request = spare;
    }
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** The NDJSON body of items, and the count of items sent once it is all sent. */
function ndjson(items: Iterable<BatchItem> | AsyncIterable<BatchItem>): {
  body: string | ReadableStream<Uint8Array>;
  count: Promise<number>;
} {
  if (Array.isArray(items)) {
    return { body: items.map((it) => `${JSON.stringify(it)}\n`).join(""), count: Promise.resolve(items.length) };
  }
  const iterator =
    Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<BatchItem>)[Symbol.iterator]();
  const encoder = new TextEncoder();
  let sent = 0;
  let done: (n: number) => void = () => {};
  const count = new Promise<number>((resolve) => {
    done = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done === true) {
        controller.close();
        done(sent);
        return;
      }
      sent++;
      controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return { body, count };
}

/** Splits a byte stream into its non-empty lines. */
async function* lines(stream: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let rest = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      rest += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const parts = rest.split("\n");
      rest = done ? "" : (parts.pop() ?? "");
      for (const part of parts) {
        if (part.trim() !== "") {
          yield part;
        }
      }
      if (done) {
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function isStreamEnd(line: BatchResult | StreamEnd): line is StreamEnd {
  const streamEndCodes: readonly string[] = ["request_timeout", "invalid_body", "overloaded"];
  return !("id" in line) && !("valid" in line) && line.error !== undefined && streamEndCodes.includes(line.error.code);
}
