// Calls to the public API. A seed is an int64, more than a JS number holds
// exactly: it travels as the digits the server sent, never through a float.
// No DOM: Node's tests import it.

// APIError is a failed call: the HTTP status (0: the server was not
// reached), the problem+json code, a readable detail and the whole problem.
export class APIError extends Error {
  constructor(status, code, detail, problem) {
    super(detail);
    this.status = status;
    this.code = code;
    this.detail = detail;
    this.problem = problem || {};
  }
}

// encodeBody writes a request body as JSON; a seed given as a string of
// digits goes out as a JSON number with those digits.
export function encodeBody(body) {
  const json = JSON.stringify(body);
  return typeof body.seed === 'string' ? json.replace(/"seed":"(-?\d+)"/, '"seed":$1') : json;
}

// seedsOf lists the seeds an answer's JSON text holds, as digit strings,
// in the order they come.
export const seedsOf = (text) => (text.match(/"seed"\s*:\s*-?\d+/g) || []).map((m) => m.replace(/^.*:\s*/, ''));

// decodeAnswer turns an answer's status and text into its JSON object,
// with the seeds as digits in a hidden seeds field, or throws an APIError
// carrying the problem+json code, detail and conflicts.
export function decodeAnswer(path, status, statusText, ok, text) {
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { data = null; }
  if (!ok) {
    const p = data && typeof data === 'object' ? data : {};
    const plain = /^\s*</.test(text) ? '' : text.trim().slice(0, 200); // a proxy's HTML page is no message
    let detail = p.detail || p.title || plain || `${status} ${statusText}`.trim();
    if (Array.isArray(p.errors) && p.errors.length) {
      detail += ' (' + p.errors.map((e) => `${e.field}: ${e.message}`).join('; ') + ')';
    }
    throw new APIError(status, p.code || `http_${status}`, detail, p);
  }
  if (!data || typeof data !== 'object') {
    throw new APIError(status, 'bad_response', `${path} answered without JSON`);
  }
  Object.defineProperty(data, 'seeds', { value: seedsOf(text) });
  return data;
}

// request sends a call: a POST of body as JSON, or a GET when there is
// no body. accept is the media type wanted.
async function request(path, body, accept) {
  let init = { method: 'GET', headers: { Accept: accept } };
  if (body !== undefined) {
    init = { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: accept }, body: encodeBody(body) };
  }
  try {
    return await fetch(path, init);
  } catch (err) {
    throw new APIError(0, 'network', `could not reach the server (${err.message})`);
  }
}

// api posts JSON to an endpoint of the public API (relative, so the page
// works under any prefix), or GETs it when there is no body, and returns
// the decoded answer (see decodeAnswer).
export async function api(path, body) {
  const res = await request(path, body, 'application/json');
  return decodeAnswer(path, res.status, res.statusText, res.ok, await res.text());
}

// apiFile asks as api does for a file (a PDF booklet, an image) and
// returns it as a Blob, or throws the APIError of a failure.
export async function apiFile(path, body) {
  const res = await request(path, body, '*/*');
  if (!res.ok) decodeAnswer(path, res.status, res.statusText, false, await res.text());
  return res.blob();
}
