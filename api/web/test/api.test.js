import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';

import { APIError, encodeBody, seedsOf, decodeAnswer, api, apiFile } from '../api.js';

// A seed past 2^53, which a JS number would round.
const SEED = '9007199254740993';

test('encodeBody sends a seed of digits as a number with those digits', () => {
  assert.equal(encodeBody({ size: 9, seed: SEED }), `{"size":9,"seed":${SEED}}`);
  assert.equal(encodeBody({ seed: '-42' }), '{"seed":-42}');
  assert.equal(encodeBody({ puzzle: '1.2' }), '{"puzzle":"1.2"}');
  assert.equal(encodeBody({ seed: 'soon' }), '{"seed":"soon"}', 'no digits: left a string');
});

test('seedsOf keeps every seed of an answer exact', () => {
  const text = `{"puzzles":[{"seed": ${SEED},"puzzle":"."},{"seed":-7}]}`;
  assert.deepEqual(seedsOf(text), [SEED, '-7']);
  assert.notEqual(String(JSON.parse(text).puzzles[0].seed), SEED, 'JSON.parse rounds it');
  assert.deepEqual(seedsOf('{"valid":true}'), []);
});

test('decodeAnswer returns the JSON with its seeds hidden beside it', () => {
  const data = decodeAnswer('generate', 200, 'OK', true, `{"puzzles":[{"seed":${SEED}}]}`);
  assert.deepEqual(data.seeds, [SEED]);
  assert.deepEqual(Object.keys(data), ['puzzles'], 'seeds is not enumerable');
});

test('decodeAnswer turns a failure into an APIError', () => {
  const cases = [
    {
      name: 'problem+json with field errors',
      status: 400, text: JSON.stringify({ code: 'invalid_request', detail: 'bad request', errors: [{ field: 'size', message: 'must be 4 to 25' }] }),
      code: 'invalid_request', detail: 'bad request (size: must be 4 to 25)',
    },
    {
      name: 'problem with a title only',
      status: 422, text: JSON.stringify({ code: 'unsolvable', title: 'No solution', conflicts: [{ row: 1, col: 2 }] }),
      code: 'unsolvable', detail: 'No solution',
    },
    { name: "a proxy's HTML page", status: 502, statusText: 'Bad Gateway', text: '<html><body>oops</body></html>', code: 'http_502', detail: '502 Bad Gateway' },
    { name: 'plain text', status: 503, text: 'overloaded, try later\n', code: 'http_503', detail: 'overloaded, try later' },
    { name: 'nothing', status: 500, statusText: '', text: '', code: 'http_500', detail: '500' },
  ];
  for (const tc of cases) {
    assert.throws(() => decodeAnswer('solve', tc.status, tc.statusText || '', false, tc.text), (err) => {
      assert.ok(err instanceof APIError, tc.name);
      assert.equal(err.status, tc.status, tc.name);
      assert.equal(err.code, tc.code, tc.name);
      assert.equal(err.detail, tc.detail, tc.name);
      assert.equal(err.message, tc.detail, tc.name);
      return true;
    });
  }
  assert.throws(() => decodeAnswer('solve', 200, 'OK', true, 'hello'), { code: 'bad_response', detail: 'solve answered without JSON' });
  assert.throws(() => decodeAnswer('solve', 422, '', false, '{"code":"conflict","conflicts":[{"row":0,"col":1}]}'),
    (err) => err.problem.conflicts[0].col === 1);
});

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; });

test('api GETs without a body and POSTs JSON with one', async () => {
  const asked = [];
  globalThis.fetch = async (path, init) => {
    asked.push({ path, init });
    return new Response(`{"ok":true,"seed":${SEED}}`, { status: 200 });
  };
  assert.deepEqual(await api('shapes'), { ok: true, seed: Number(SEED) });
  const got = await api('generate', { size: 9, seed: SEED });
  assert.deepEqual(got.seeds, [SEED]);
  assert.equal(asked[0].path, 'shapes');
  assert.equal(asked[0].init.method, 'GET');
  assert.equal(asked[0].init.body, undefined);
  assert.equal(asked[1].init.method, 'POST');
  assert.equal(asked[1].init.headers['Content-Type'], 'application/json');
  assert.equal(asked[1].init.body, `{"size":9,"seed":${SEED}}`);
});

test('api reports an unreachable server as status 0', async () => {
  globalThis.fetch = async () => { throw new TypeError('Failed to fetch'); };
  await assert.rejects(api('solve', {}), { status: 0, code: 'network', detail: 'could not reach the server (Failed to fetch)' });
  globalThis.fetch = async () => new Response('{"code":"rate_limited","detail":"slow down"}', { status: 429 });
  await assert.rejects(api('hint', {}), { status: 429, code: 'rate_limited', detail: 'slow down' });
});

test('apiFile returns a file as a Blob and a failure as an APIError', async () => {
  const asked = [];
  globalThis.fetch = async (path, init) => {
    asked.push({ path, init });
    return new Response('%PDF-1.7 ...', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
  };
  const pdf = await apiFile('print', { ids: ['AQAAOCQMa6M'], per_page: 1 });
  assert.equal(pdf.type, 'application/pdf');
  assert.equal(await pdf.text(), '%PDF-1.7 ...');
  assert.equal(asked[0].init.method, 'POST');
  assert.equal(asked[0].init.body, '{"ids":["AQAAOCQMa6M"],"per_page":1}');
  assert.equal((await apiFile('puzzles/AQAAOCQMa6M.svg')).size, 12);
  assert.equal(asked[1].init.method, 'GET');
  globalThis.fetch = async () => new Response('{"code":"invalid_id","detail":"ids[0]: not an id"}', { status: 400 });
  await assert.rejects(apiFile('print', { ids: ['x'] }), { status: 400, code: 'invalid_id', detail: 'ids[0]: not an id' });
  globalThis.fetch = async () => { throw new TypeError('Failed to fetch'); };
  await assert.rejects(apiFile('puzzles/x.png'), { status: 0, code: 'network' });
});
