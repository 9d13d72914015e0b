/**
 * The hosting rules, as a browser or a crawler gets them from each host the build configures: the
 * Node server of `npm run serve`, Caddy (deploy/Caddyfile) and nginx (deploy/nginx.conf), the same
 * checks against each. Also: what the build wrote is what the rules give for this build, and the
 * policy it wrote allows every inline script of every page as it finally stands. Run `npm run build`
 * first; Caddy and nginx come from Debian (scripts/test-tools.sh).
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {request} from 'node:http';
import {request as httpsRequest} from 'node:https';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import zlib from 'node:zlib';

import {caddyfile, headersFile, nginxConf} from '../../hosting/configs';
import {cacheControl, contentTypes, securityHeaders, strictTransportSecurity} from '../../hosting/rules';
import {readSiteFacts, scriptsNotAllowed} from '../../hosting/site';
import {deployDir, startCaddy, startNginx, startNodeServer, type Host} from '../support/hosts';
import {buildDir, requireBuild} from '../support/twins';

type Answer = {status: number; headers: Record<string, string | string[] | undefined>; body: Buffer};

/** One GET as a client sends it, the body as it came over the wire (no decompression); over HTTPS, the host's own certificate. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  const send = url.startsWith('https:')
    ? (callback: Parameters<typeof request>[2]) =>
        httpsRequest(url, {headers, rejectUnauthorized: false, servername: 'localhost'}, callback)
    : (callback: Parameters<typeof request>[2]) => request(url, {headers}, callback);
  return new Promise((resolve, reject) => {
    send((response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks)}),
      );
    })
      .on('error', reject)
      .end();
  });
}

/** The body decoded as its Content-Encoding says. */
function decoded({headers, body}: Answer): Buffer {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  assert.equal(encoding, undefined, `unexpected Content-Encoding ${String(encoding)}`);
  return body;
}

const header = (answer: Answer, name: string) => [answer.headers[name] ?? []].flat().join(', ');
/** The names a Vary header lists, in lower case. */
const varies = (answer: Answer) => header(answer, 'vary').toLowerCase().split(/\s*,\s*/);
const built = (file: string) => readFileSync(path.join(buildDir, file));

requireBuild();
const mainScript = `/assets/js/${readFileSync(path.join(buildDir, 'index.html'), 'utf8').match(/"\/assets\/js\/(main\.\w+\.js)"/)![1]}`;
const brOrGzip = {'accept-encoding': 'gzip, deflate, br'};

test('the build wrote each host its files from the rules and this build, and its policy allows every inline script of every final page', async () => {
  const facts = await readSiteFacts(buildDir);
  assert.ok(facts.scriptHashes.length >= 2, 'the theme and boot scripts are inline on every page');
  assert.equal(readFileSync(path.join(buildDir, '_headers'), 'utf8'), headersFile(facts));
  assert.equal(readFileSync(path.join(deployDir, 'Caddyfile'), 'utf8'), caddyfile(facts));
  assert.equal(readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8'), nginxConf(facts));
  const written = /script-src ([^;]*)/.exec(readFileSync(path.join(buildDir, '_headers'), 'utf8'))![1]!;
  const hashes = [...written.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]!);
  assert.deepEqual(await scriptsNotAllowed(buildDir, hashes), []);
});

for (const start of [startNodeServer, startCaddy, startNginx]) {
  describe(start.name.replace(/^start/, ''), () => {
    let host: Host;
    before(async () => {
      host = await start();
    });
    after(() => host?.stop());
    const security = async () => securityHeaders(await readSiteFacts(buildDir));

    test('hashed assets: cached for a year, immutable; brotli, gzip or plain as the client asks, byte for byte', async () => {
      const raw = built(mainScript);
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await get(host.url + mainScript, {'accept-encoding': accept});
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['content-encoding'], encoding, `Accept-Encoding: ${accept}`);
        assert.match(header(answer, 'vary'), /accept-encoding/i);
        assert.equal(header(answer, 'cache-control'), cacheControl.immutable);
        assert.match(header(answer, 'content-type'), /^(text|application)\/javascript\b/);
        assert.ok(decoded(answer).equals(raw), `${mainScript} as ${accept} is the built file`);
      }
    });

    test('pages: revalidated on every visit, with and without the trailing slash, no redirect, and a 304 when unchanged', async () => {
      const page = built('docs/intro/index.html');
      for (const route of ['/docs/intro', '/docs/intro/']) {
        const answer = await get(host.url + route, brOrGzip);
        assert.equal(answer.status, 200, route);
        assert.equal(header(answer, 'cache-control'), cacheControl.revalidate, route);
        assert.match(header(answer, 'content-type'), /^text\/html; ?charset=utf-8$/i, route);
        assert.ok(decoded(answer).equals(page), `${route} serves docs/intro/index.html`);
        assert.match(header(answer, 'link'), /<\/docs\/intro\.md>; rel="alternate"; type="text\/markdown"/, route);
        assert.match(header(answer, 'link'), /<\/llms\.txt>; rel="llms-txt"/, route);
        assert.ok(answer.headers.etag, `${route}: no ETag to revalidate with`);
        const again = await get(host.url + route, {...brOrGzip, 'if-none-match': header(answer, 'etag')});
        assert.equal(again.status, 304, `${route} revalidated`);
      }
      const home = await get(`${host.url}/`, brOrGzip);
      assert.match(header(home, 'link'), /<\/index\.md>; rel="alternate"/);
    });

    test('Markdown twins, llms.txt, the sitemap and the OpenAPI downloads: revalidated, with their content types', async () => {
      for (const [file, type] of [
        ['/docs/intro.md', contentTypes['.md']],
        ['/openapi/trainer.yaml', contentTypes['.yaml']],
        ['/llms.txt', 'text/plain'],
        ['/sitemap.xml', /^(text|application)\/xml/],
      ] as const) {
        const answer = await get(host.url + file, brOrGzip);
        assert.equal(answer.status, 200, file);
        assert.equal(header(answer, 'cache-control'), cacheControl.revalidate, file);
        const received = header(answer, 'content-type').replace(/;\s*/, '; ');
        assert.ok(typeof type === 'string' ? received.startsWith(type) : type.test(received), `${file}: ${received}`);
        assert.ok(decoded(answer).equals(built(file.slice(1))), `${file} is the built file`);
      }
    });

    test("unknown paths answer the site's 404 page with status 404, never cached as an asset; the hosts' own files are not served", async () => {
      const notFound = built('404.html');
      for (const route of ['/no-such-page', '/docs/no-such-page/', '/assets/js/no-such-file.js', '/_headers', '/_redirects']) {
        const answer = await get(host.url + route, brOrGzip);
        assert.equal(answer.status, 404, route);
        assert.equal(header(answer, 'cache-control'), cacheControl.revalidate, route);
        assert.match(header(answer, 'content-type'), /^text\/html/, route);
        assert.ok(decoded(answer).equals(notFound), `${route} shows 404.html`);
      }
    });

    test('a page asked for as Markdown (Accept: text/markdown) answers its twin from the same address: Vary: Accept, an ETag of its own and 304, precompressed', async () => {
      const twin = built('docs/intro.md');
      const page = built('docs/intro/index.html');
      for (const route of ['/docs/intro', '/docs/intro/']) {
        for (const [accept, acceptEncoding, encoding] of [
          ['text/markdown', 'gzip, deflate, br', 'br'],
          ['text/markdown, text/html;q=0.9, */*;q=0.8', 'gzip', 'gzip'],
          ['Text/Markdown', 'identity', undefined],
        ] as const) {
          const label = `${route}, Accept: ${accept}, Accept-Encoding: ${acceptEncoding}`;
          const asked = {accept, 'accept-encoding': acceptEncoding};
          const answer = await get(host.url + route, asked);
          assert.equal(answer.status, 200, label);
          assert.match(header(answer, 'content-type'), /^text\/markdown; ?charset=utf-8$/i, label);
          assert.equal(answer.headers['content-encoding'], encoding, label);
          assert.ok(decoded(answer).equals(twin), `${label}: the twin`);
          assert.ok(varies(answer).includes('accept'), `${label}: Vary ${header(answer, 'vary')}`);
          assert.ok(varies(answer).includes('accept-encoding'), `${label}: Vary ${header(answer, 'vary')}`);
          assert.equal(header(answer, 'cache-control'), cacheControl.revalidate, label);
          assert.ok(answer.headers.etag, `${label}: no ETag`);
          const again = await get(host.url + route, {...asked, 'if-none-match': header(answer, 'etag')});
          assert.equal(again.status, 304, `${label}: revalidated`);
        }
        // A browser still gets the page, which says it varies by Accept; page and twin have ETags of their own.
        const html = await get(host.url + route, {accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...brOrGzip});
        assert.ok(decoded(html).equals(page), `${route}: the page`);
        assert.ok(varies(html).includes('accept'), `${route}: Vary ${header(html, 'vary')}`);
        const markdown = await get(host.url + route, {accept: 'text/markdown', ...brOrGzip});
        assert.notEqual(header(html, 'etag'), header(markdown, 'etag'), route);
        const crossed = await get(host.url + route, {accept: 'text/markdown', ...brOrGzip, 'if-none-match': header(html, 'etag')});
        assert.equal(crossed.status, 200, `${route}: the page's ETag does not revalidate the twin`);
      }
      const home = await get(`${host.url}/`, {accept: 'text/markdown', ...brOrGzip});
      assert.ok(decoded(home).equals(built('index.md')), 'the home page as Markdown');
      // What has no twin answers as before.
      const missing = await get(`${host.url}/no-such-page`, {accept: 'text/markdown', ...brOrGzip});
      assert.equal(missing.status, 404);
      assert.ok(decoded(missing).equals(built('404.html')));
      const script = await get(host.url + mainScript, {accept: 'text/markdown', ...brOrGzip});
      assert.ok(decoded(script).equals(built(mainScript)));
      assert.ok(!varies(script).includes('accept'), `${mainScript}: Vary ${header(script, 'vary')}`);
    });

    test('over plain HTTP, no Strict-Transport-Security', async () => {
      for (const route of ['/docs/intro', '/docs/intro.md', mainScript, '/no-such-page']) {
        const answer = await get(host.url + route, brOrGzip);
        assert.equal(answer.headers['strict-transport-security'], undefined, route);
      }
    });

    test('security headers on a page, an asset and a 404: the policy of the rules, nosniff, referrer and permissions policies', async () => {
      const expected = await security();
      for (const route of ['/docs/intro', mainScript, '/no-such-page']) {
        const answer = await get(host.url + route, brOrGzip);
        for (const [name, value] of Object.entries(expected)) assert.equal(header(answer, name.toLowerCase()), value, `${route}: ${name}`);
      }
      const policy = expected['Content-Security-Policy'];
      const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!;
      assert.doesNotMatch(scriptSrc, /'unsafe-inline'|'unsafe-eval'/);
      assert.match(policy, /frame-ancestors 'none'/);
      assert.match(policy, /connect-src 'self' http:\/\/127\.0\.0\.1:4010 https:\/\/api\.orchard\.example/);
      assert.match(expected['Permissions-Policy'], /camera=\(\).*clipboard-write=\(self\)/);
    });
  });
}

for (const start of [startCaddy, startNginx]) {
  describe(`${start.name.replace(/^start/, '')} over HTTPS`, () => {
    let host: Host;
    before(async () => {
      host = await start({tls: true});
    });
    after(() => host?.stop());

    test('every answer carries Strict-Transport-Security: pages, twins, assets and 404s; a page asked for as Markdown is its twin', async () => {
      for (const route of ['/docs/intro', '/docs/intro.md', mainScript, '/no-such-page']) {
        const answer = await get(host.url + route, brOrGzip);
        assert.equal(header(answer, 'strict-transport-security'), strictTransportSecurity, route);
      }
      const markdown = await get(`${host.url}/docs/intro`, {accept: 'text/markdown', ...brOrGzip});
      assert.ok(decoded(markdown).equals(built('docs/intro.md')));
      assert.equal(header(markdown, 'strict-transport-security'), strictTransportSecurity);
    });
  });
}
