/** The HTML rewriting of plugins/page-scripts.ts, on small inputs (the browser tests cover real pages). */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import type {RouteConfig} from '@docusaurus/types';

import {chunkNamesByModule, pageChunkFiles, routeChains, withPageScripts} from '../../plugins/page-scripts';

const page =
  '<html><head><title>t</title><script src=/assets/js/runtime.js defer></script><script src="/assets/js/main.js" defer></script></head><body><div id=__docusaurus></div></body></html>';

test('the deferred scripts become low-priority preloads, started after the first paint in their order', () => {
  const html = withPageScripts(page, ['/assets/js/route.js', '/assets/js/main.js']);
  assert.doesNotMatch(html, /<script src/);
  const preloads = [...html.matchAll(/<link rel=preload href=(\S+) as=script fetchpriority=low>/g)].map(
    ([, href]) => href,
  );
  assert.deepEqual(preloads, ['/assets/js/runtime.js', '/assets/js/main.js', '/assets/js/route.js']);
  assert.ok(html.indexOf('<link rel=preload') < html.indexOf('</head>'));
  const boot = html.slice(html.indexOf('<div id=__docusaurus></div>'));
  assert.match(boot, /^<div id=__docusaurus><\/div><script>.*first-contentful-paint.*<\/script><\/body>/);
  assert.ok(boot.includes('["/assets/js/runtime.js","/assets/js/main.js"]'));
});

test('a page without Docusaurus scripts is an error that names the problem', () => {
  assert.throws(
    () => withPageScripts('<html><head></head><body></body></html>', []),
    /no <script defer> of Docusaurus found/,
  );
});

test("a page's chunks are those of its route and of every layout route around it, shared chunks included", () => {
  const registry = [
    'export default {',
    '  "aaaaaaaa": [() => import(/* webpackChunkName: "aaaaaaaa" */ "@theme/DocsRoot"), "@theme/DocsRoot", require.resolveWeak("@theme/DocsRoot")],',
    '  "bbbbbbbb": [() => import(/* webpackChunkName: "bbbbbbbb" */ "@site/docs/intro.md"), "@site/docs/intro.md", require.resolveWeak("@site/docs/intro.md")],',
    '  "cccccccc": [() => import(/* webpackChunkName: "cccccccc" */ "@generated/docs/p/x.json"), "@generated/docs/p/x.json", require.resolveWeak("@generated/docs/p/x.json")],',
    '};',
  ].join('\n');
  const names = chunkNamesByModule(registry);
  assert.equal(names.get('@site/docs/intro.md'), 'bbbbbbbb');
  const routes = [
    {
      path: '/docs',
      component: '@theme/DocsRoot',
      routes: [{path: '/docs/intro', component: '@site/docs/intro.md', props: {a: 1}, exact: true}],
    },
  ] as unknown as RouteConfig[];
  const chains = routeChains(routes);
  assert.deepEqual(
    chains.map((chain) => chain.map((route) => route.path)),
    [['/docs', '/docs/intro']],
  );
  const groups = {
    aaaaaaaa: ['assets/js/root.js'],
    bbbbbbbb: ['assets/js/shared.js', 'assets/js/intro.js'],
    cccccccc: ['assets/js/props.js'],
  };
  const props = new Map([[JSON.stringify({a: 1}), '@generated/docs/p/x.json']]);
  assert.deepEqual(pageChunkFiles(chains[0]!, names, props, groups), [
    'assets/js/root.js',
    'assets/js/shared.js',
    'assets/js/intro.js',
    'assets/js/props.js',
  ]);
});
