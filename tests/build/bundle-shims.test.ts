/**
 * Each module replacement of speed/lean-bundle.ts took effect in the production build: the shim's
 * code is in build/assets/js and the code it replaces is not. An alias whose request no longer matches
 * what the bundler resolves (a moved file, a new `exports` map) would otherwise be silently ignored.
 * Markers are minified code or strings only one side has (checked against builds with the trick off:
 * SPEED_OFF, bench/tricks.mts). Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {replacements} from '../../speed/lean-bundle';
import {operationPlaceholder} from '../../speed/operation-past-mdx-loader';
import type {SpeedTrick} from '../../speed/switches';
import {operationPages} from '../support/reference';
import {buildDir, htmlFile, readBuilt, requireBuild} from '../support/twins';

/** `html`: what the shim changes in every reference operation page's server-rendered HTML. */
type Markers = {shim?: RegExp; upstream?: RegExp; html?: {absent: RegExp}};

/** What only the shim's code (`shim`) and only the replaced code (`upstream`) leave in the bundle. */
const bundleMarkers: Partial<Record<SpeedTrick | 'render-on-server', Markers>> = {
  // The "hydration is done" update inside startTransition, in the context provider.
  'browser-context': {
    shim: /\(0,\w+\.useEffect\)\(\(\)=>\{\(0,\w+\.startTransition\)\(\(\)=>\w+\(!0\)\)\},\[\]\),\(0,\w+\.jsx\)\(\w+\.Provider,\{value:\w+,children:\w+\}\)/,
    upstream: /\(0,\w+\.useEffect\)\(\(\)=>\{\w+\(!0\)\},\[\]\),\(0,\w+\.jsx\)\(\w+\.Provider,\{value:\w+,children:\w+\}\)/,
  },
  // Prism's own core (its highlightAll hooks) instead of the package's build with ~30 languages.
  prism: {shim: /"before-highlightall"/, upstream: /"actionscript"/},
  // The schema-made example generator is in the explorer's lazy chunk either way; what it adds to pages is
  // an "Example (auto)" tab beside each response's and request body's examples.
  'response-example': {html: {absent: /Example \(auto\)/}},
  // Only crypto-js' SHA-1 (with its HMAC helper), none of its ciphers.
  'crypto-js': {shim: /HmacSHA1/, upstream: /createEncryptor/},
  // The shim's error instead of pako's inflate (and its zlib messages).
  pako: {shim: /Reference pages are generated uncompressed/, upstream: /"incorrect header check"/},
  // The shims' errors instead of faker's English names (its first first name) and iconv-lite's tables.
  'postman-extras': {shim: /the site leaves out Postman's dynamic variables[^]*the site reads answers as UTF-8|the site reads answers as UTF-8[^]*the site leaves out Postman's dynamic variables/, upstream: /"Aaliyah"|"cp437"/},
  // The link's `rel` set as a property, behind the once-per-file check, instead of setAttribute.
  prefetch: {shim: /\.rel="prefetch"/, upstream: /setAttribute\("rel","prefetch"\)/},
  // The route table's shards looked up by path key (speed/shims/load-route-shards.ts, which only the two wrappers import);
  // tests/build/route-shards.test.ts checks the table itself.
  'route-shards': {shim: /\.toLowerCase\(\)\.replace\(\/\\\/\+\$\/,""\)/},
  // The OpenAPI theme's BrowserOnly, swapped in three modules for a component that always renders.
  'render-on-server': {
    shim: /function \w+\(\{children:\w+\}\)\{return\(0,\w+\.jsx\)\(\w+\.Fragment,\{children:\w+\?\.\(\)\}\)\}/,
  },
};

function bundleSource(): string {
  const dir = path.join(buildDir, 'assets/js');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(path.join(dir, file), 'utf8'))
    .join('\n');
}

// Server-only replacements are not in build/assets/js: the build fails when one is missing from the
// server bundle (speed/lean-bundle.ts, requireServerShims).
const kept = [
  ...replacements.filter(({serverOnly}) => !serverOnly).map(({trick}) => trick),
  'render-on-server' as const,
];

test('every module replacement has bundle markers', () => {
  assert.deepEqual(
    kept.filter((trick) => !bundleMarkers[trick]),
    [],
    'add markers for these replacements',
  );
});

for (const trick of kept) {
  test(`${trick}: the replacement is in the built bundle and the code it replaces is not`, () => {
    requireBuild();
    const source = bundleSource();
    const {shim, upstream, html} = bundleMarkers[trick] ?? {};
    if (shim) assert.match(source, shim, `${trick}: the shim's code is not in build/assets/js: did its alias stop matching?`);
    if (upstream)
      assert.doesNotMatch(source, upstream, `${trick}: the replaced upstream code is still in build/assets/js`);
    if (html)
      for (const {path: route} of operationPages())
        assert.doesNotMatch(readBuilt(htmlFile(route)), html.absent, `${trick}: ${route} shows what the shim removes`);
  });
}

test('operation-past-mdx: no operation page is bundled with the placeholder MDX read in place of its operation', () => {
  // A placeholder left in a page's module would throw when the page renders (its pages' content is
  // checked by the other build tests); this names the cause.
  requireBuild();
  assert.equal(bundleSource().includes(operationPlaceholder), false, `a chunk of build/assets/js names ${operationPlaceholder}`);
});
