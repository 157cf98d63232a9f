// golden.js writes golden.json: pairs of (input, compressToBase64(input))
// made by the npm package lz-string, for lzstring's tests.
//
// Run from lzstring/ with the package installed somewhere node finds it:
//   npm install --prefix /tmp/lzs lz-string
//   NODE_PATH=/tmp/lzs/node_modules node testdata/golden.js > testdata/golden.json
// or: NODE_PATH=/tmp/lzs/node_modules go test ./lzstring -run Golden -update
'use strict';
const LZString = require('lz-string');

// mulberry32: a seeded generator, so the file is the same on every run.
let seed = 38;
function rand() {
  seed = (seed + 0x6D2B79F5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (s) => s[Math.floor(rand() * s.length)];

// Alphabets: a few letters (long repeats, the dictionary grows deep),
// printable ASCII, Latin-1 and beyond (literals of 8 and 16 bits), and
// code points past U+FFFF (surrogate pairs).
const alphabets = [
  ['a', 'b'],
  Array.from('abcdefgh'),
  Array.from({length: 95}, (_, i) => String.fromCharCode(32 + i)),
  Array.from('{}[]":,0123456789RCvaluegiven'),
  Array.from('aéßø€中文数独ÿĀ'),
  ['x', '😀', '𝄞', 'é', '\u0100', '\u00ff', '\ud7ff', '\ue000', '\uffff'],
];

function randomString() {
  const alpha = pick(alphabets);
  const r = rand();
  const len = r < 0.1 ? Math.floor(rand() * 4) : r < 0.8 ? Math.floor(rand() * 200) : Math.floor(rand() * 3000);
  let s = '';
  for (let i = 0; i < len; i++) s += pick(alpha);
  return s;
}

const cases = ['', 'a', 'aa', 'aaa', 'ab', 'I have some string to be compressed', '{"size":9}', '😀', 'é'];
for (let i = 0; i < 400; i++) cases.push(randomString());
// f-puzzles' own shape of JSON: a grid of cells with givens and a cage.
for (let n of [4, 6, 9, 16]) {
  const grid = [];
  for (let r = 0; r < n; r++) {
    const row = [];
    for (let c = 0; c < n; c++) row.push(rand() < 0.3 ? {value: 1 + Math.floor(rand() * n), given: true} : {});
    grid.push(row);
  }
  cases.push(JSON.stringify({size: n, title: 'Killer', author: 'golden.js', ruleset: 'Normal sudoku rules apply.', grid,
    killercage: [{cells: ['R1C1', 'R1C2'], value: '3'}], 'diagonal+': true}));
}
const out = cases.map((input) => ({in: input, out: LZString.compressToBase64(input)}));
process.stdout.write('[' + out.map((c) => JSON.stringify(c)).join(',\n') + ']\n');
