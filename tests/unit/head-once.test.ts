/**
 * speed/shims/head-once.ts stands in for react-helmet-async's HelmetProvider while the pages render:
 * it works out a page's head once, when Docusaurus reads it, instead of at every <Head>. What
 * Docusaurus reads of it (serverEntry.js, serverHelmetUtils.js: each part's text, the meta tags' props)
 * must be what upstream's provider gives, for pages with no head, one, and many that override each
 * other, on crafted and on generated pages.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {createElement, Fragment, type ReactElement} from 'react';
import {renderToString} from 'react-dom/server';
import {Helmet, HelmetProvider as UpstreamHelmetProvider} from 'react-helmet-async';

import {HelmetProvider} from '../../speed/shims/head-once';
import {generator} from '../support/route-match';

type ServerState = Record<
  'htmlAttributes' | 'bodyAttributes' | 'title' | 'meta' | 'link' | 'script' | 'base' | 'noscript' | 'style',
  {toString(): string; toComponent(): unknown}
>;

/** The page rendered inside `Provider`, and what Docusaurus reads of its head afterwards. */
function headOf(Provider: typeof UpstreamHelmetProvider, page: ReactElement): Record<string, unknown> {
  const context: {helmet?: ServerState} = {};
  const html = renderToString(createElement(Provider, {context}, page));
  const {helmet} = context;
  assert.ok(helmet, 'no head state');
  const parts = [
    'htmlAttributes',
    'bodyAttributes',
    'title',
    'meta',
    'link',
    'script',
    'base',
    'noscript',
    'style',
  ] as const;
  const metaProps = ((helmet.meta.toComponent() as ReactElement[] | undefined) ?? []).map((element) => element.props);
  return {html, metaProps, ...Object.fromEntries(parts.map((part) => [part, helmet[part].toString()]))};
}

const head = (children: ReactElement[], props: Record<string, unknown> = {}) =>
  createElement(Helmet, props, ...children);

test('a page without a head, with one, and with heads that override each other: the head upstream gives', () => {
  const pages: ReactElement[] = [
    createElement('main', null, 'no head'),
    head([createElement('title', {key: 't'}, 'One')]),
    createElement(
      Fragment,
      null,
      head([
        createElement('html', {key: 'h', lang: 'en', className: 'site'}),
        createElement('title', {key: 't'}, 'Site'),
        createElement('meta', {key: 'd', name: 'description', content: 'The site'}),
        createElement('meta', {key: 'o', property: 'og:title', content: 'Site'}),
        createElement('link', {key: 'c', rel: 'canonical', href: 'https://docs.example/'}),
      ]),
      createElement(
        'div',
        null,
        head([
          createElement('title', {key: 't'}, 'Page'),
          createElement('meta', {key: 'd', name: 'description', content: 'The page'}),
          createElement('body', {key: 'b', className: 'page'}),
          createElement('script', {key: 's', type: 'application/ld+json'}, '{"@type":"WebPage"}'),
        ]),
        head([createElement('link', {key: 'a', rel: 'alternate', type: 'text/markdown', href: '/page.md'})], {
          titleTemplate: '%s | Docs',
        }),
        head([createElement('meta', {key: 'r', name: 'robots', content: 'noindex'})]),
      ),
    ),
  ];
  for (const page of pages) assert.deepEqual(headOf(HelmetProvider, page), headOf(UpstreamHelmetProvider, page));
});

test('generated pages of up to 40 heads: the head upstream gives', () => {
  const {random, pick} = generator('head-once');
  const names = ['description', 'keywords', 'robots', 'docsearch:version', 'twitter:card'];
  const tag = (key: number): ReactElement => {
    const kind = random();
    if (kind < 0.2) return createElement('title', {key}, pick(['A', 'B', 'C & D', '<E>']));
    if (kind < 0.6) return createElement('meta', {key, name: pick(names), content: pick(['x', 'y', 'z "q"'])});
    if (kind < 0.8)
      return createElement('link', {key, rel: pick(['canonical', 'alternate']), href: pick(['/a', '/b'])});
    if (kind < 0.9) return createElement('html', {key, lang: pick(['en', 'fr']), className: pick(['a', 'b'])});
    return createElement('script', {key, type: 'application/ld+json'}, `{"n":${Math.floor(random() * 5)}}`);
  };
  for (let index = 0; index < 60; index += 1) {
    const heads = Array.from({length: Math.floor(random() * 40)}, (_, at) =>
      createElement(
        Helmet,
        {key: at, ...(random() < 0.2 ? {titleTemplate: '%s | Site'} : {})},
        ...Array.from({length: 1 + Math.floor(random() * 4)}, (_, key) => tag(key)),
      ),
    );
    const page = createElement('div', null, ...heads);
    assert.deepEqual(headOf(HelmetProvider, page), headOf(UpstreamHelmetProvider, page), `page ${index}`);
  }
});
