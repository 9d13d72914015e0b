/**
 * The explorer's history and answers, as plain functions: credentials masked wherever they appear
 * (src/explorer-history.ts), bodies cut at 64 KB on a character boundary, 20 entries per operation and
 * 200 in all, the browser's quota honoured; an answer's kind and the name its download takes
 * (src/components/ExplorerAnswer/kinds.ts, src/explorer-exchange.ts). The browser proof is
 * tests/e2e/explorer-history.spec.ts and explorer-answers.spec.ts.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {answerFilename, answerKind, formatBytes} from '../../src/components/ExplorerAnswer/kinds';
import {dispositionFilename} from '../../src/explorer-exchange';
import {
  basicCredential,
  cutText,
  historyKey,
  maskForm,
  masked,
  maskHeaders,
  maskText,
  maskUrl,
  maxEntries,
  maxKeptBytes,
  maxPerOperation,
  readHistory,
  withEntry,
  writeHistory,
  type HistoryEntry,
  type Secrets,
} from '../../src/explorer-history';

const key = 'sk-live-4f2a9c7d';
const secrets: Secrets = {values: [key], headers: ['X-Public-Key'], query: ['api_key'], cookies: ['session']};

test('credential headers are masked by name, keeping the scheme; a typed key is masked in any other header', () => {
  const headers = maskHeaders(
    [
      ['Authorization', 'Bearer eyJhbGciOi.payload.sig'],
      ['x-public-key', 'whatever-was-typed'],
      ['Cookie', 'session=abc123; theme=dark'],
      ['x-echo', `you sent ${key}`],
      ['content-type', 'application/json'],
    ],
    secrets,
  );
  assert.deepEqual(headers, [
    ['Authorization', `Bearer ${masked}`],
    ['x-public-key', masked],
    ['Cookie', `session=${masked}; theme=${masked}`],
    ['x-echo', `you sent ${masked}`],
    ['content-type', 'application/json'],
  ]);
});

test('a query-string credential is masked by name, and a typed key anywhere in the URL, encoded or not', () => {
  assert.equal(
    maskUrl('https://api.example.com/v1/items?api_key=abc&page=2', secrets),
    `https://api.example.com/v1/items?api_key=${encodeURIComponent(masked)}&page=2`,
  );
  const withSymbols = {...secrets, values: ['k/ey+with=symbols']};
  assert.equal(
    maskUrl(`https://api.example.com/v1/${encodeURIComponent('k/ey+with=symbols')}/x`, withSymbols),
    `https://api.example.com/v1/${masked}/x`,
  );
});

test('Basic credentials are masked as their base64 pair, and values too short to search for are left to the names', () => {
  const basic = basicCredential('ada', 'hunter22');
  assert.equal(basic, Buffer.from('ada:hunter22').toString('base64'));
  const pair: Secrets = {values: ['ada', 'hunter22', basic], headers: [], query: [], cookies: []};
  assert.equal(maskText(`token ${basic} and hunter22`, pair), `token ${masked} and ${masked}`);
  // "ada" is shorter than a credential worth searching for: masking it would blank every "ada".
  assert.equal(maskText('metadata', pair), 'metadata');
});

test('the form kept with an entry masks credential parameters and typed keys in the body', () => {
  const form = maskForm(
    {
      parameters: [
        {name: 'model_id', in: 'path', value: 'sentiment'},
        {name: 'x-public-key', in: 'header', value: 'typed-into-a-parameter'},
      ],
      body: `{"key": "${key}"}`,
      server: 'https://api.example.com',
    },
    secrets,
  );
  assert.deepEqual(form.parameters, [
    {name: 'model_id', in: 'path', value: 'sentiment'},
    {name: 'x-public-key', in: 'header', value: masked},
  ]);
  assert.equal(form.body, `{"key": "${masked}"}`);
});

test('a body is cut at 64 KB of UTF-8, never inside a character, and says so', () => {
  const small = cutText('café');
  assert.deepEqual(small, {text: 'café', bytes: 5, cut: false});
  const large = cutText('é'.repeat(maxKeptBytes)); // two bytes each
  assert.equal(large.cut, true);
  assert.equal(large.bytes, maxKeptBytes * 2);
  assert.equal(large.text, 'é'.repeat(maxKeptBytes / 2));
  const odd = cutText(`a${'é'.repeat(maxKeptBytes)}`);
  assert.equal(Buffer.byteLength(odd.text), maxKeptBytes - 1);
  assert.ok(!odd.text.includes('\uFFFD'));
});

function entry(operation: string, at: number): HistoryEntry {
  return {
    id: `${operation}-${at}`,
    operation,
    at,
    method: 'GET',
    url: `https://api.example.com${operation}`,
    requestHeaders: [],
    responseHeaders: [],
    form: {parameters: []},
  };
}

test(`at most ${maxPerOperation} entries per operation and ${maxEntries} in all, the oldest dropped`, () => {
  let entries: HistoryEntry[] = [];
  for (let at = 0; at < maxPerOperation + 5; at += 1) entries = withEntry(entries, entry('/a', at));
  assert.equal(entries.length, maxPerOperation);
  assert.equal(entries[0]!.at, 5);
  for (let at = 100; at < 100 + maxEntries; at += 1) entries = withEntry(entries, entry(`/op-${at % 15}`, at));
  assert.equal(entries.length, maxEntries);
  assert.ok(!entries.some((kept) => kept.operation === '/a'), 'the oldest operation went first');
  for (const operation of new Set(entries.map((kept) => kept.operation)))
    assert.ok(entries.filter((kept) => kept.operation === operation).length <= maxPerOperation);
});

/** A Storage that refuses to hold more than `limit` characters, as a browser's quota does. */
function storageOf(limit: number): Storage & {items: Map<string, string>} {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (name) => items.get(name) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (name) => void items.delete(name),
    setItem: (name, value) => {
      if (value.length > limit) throw new RangeError('The quota is exceeded.');
      items.set(name, value);
    },
  };
}

test('when the quota cannot hold every entry, the oldest are dropped until it does; junk is not read', () => {
  const storage = storageOf(2_000);
  const entries = Array.from({length: 30}, (_, at) => entry('/a', at));
  const kept = writeHistory(entries, storage);
  assert.ok(kept.length > 0 && kept.length < 30);
  assert.equal(kept.at(-1)!.at, 29, 'the newest are kept');
  assert.deepEqual(readHistory(storage), kept);
  storage.items.set(historyKey, JSON.stringify([{id: 1}, entry('/b', 1), 'junk']));
  assert.deepEqual(readHistory(storage), [entry('/b', 1)]);
  storage.items.set(historyKey, '{not json');
  assert.deepEqual(readHistory(storage), []);
});

test("a download takes the Content-Disposition's name (filename* first), never a path, else one from the type", () => {
  assert.equal(dispositionFilename('attachment; filename="weights-v2.bin"'), 'weights-v2.bin');
  assert.equal(
    dispositionFilename(`attachment; filename="a.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`),
    'résumé.pdf',
  );
  assert.equal(dispositionFilename('attachment; filename=plain.csv'), 'plain.csv');
  assert.equal(dispositionFilename('attachment; filename="../../etc/passwd"'), 'passwd');
  assert.equal(dispositionFilename('attachment; filename="..\\\\..\\\\boot.ini"'), 'boot.ini');
  assert.equal(dispositionFilename('attachment; filename=".."'), undefined);
  assert.equal(dispositionFilename('inline'), undefined);
  assert.equal(answerFilename({headers: [], contentType: 'application/octet-stream'}), 'answer.bin');
  assert.equal(answerFilename({headers: [], contentType: 'image/png'}), 'answer.png');
  assert.equal(answerFilename({headers: [], contentType: 'application/vnd.api+json'}), 'answer.json');
  assert.equal(
    answerFilename({headers: [['Content-Disposition', 'attachment; filename="x.wav"']], contentType: 'audio/wav'}),
    'x.wav',
  );
});

test('an answer is shown by its kind', () => {
  assert.equal(answerKind('application/json', 10), 'json');
  assert.equal(answerKind('application/problem+json', 10), 'json');
  assert.equal(answerKind('image/webp', 10), 'image');
  assert.equal(answerKind('audio/mpeg', 10), 'audio');
  assert.equal(answerKind('application/pdf', 10), 'pdf');
  assert.equal(answerKind('text/csv', 10), 'text');
  assert.equal(answerKind('application/xml', 10), 'text');
  assert.equal(answerKind('application/zip', 10), 'binary');
  assert.equal(answerKind('application/json', 0), 'empty');
  assert.equal(formatBytes(999), '999 B');
  assert.equal(formatBytes(3000), '3.0 kB');
});
