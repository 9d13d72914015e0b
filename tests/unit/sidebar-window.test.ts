/**
 * src/sidebar-window.ts: a long sidebar category shows its first entries, the one on the path to the
 * current page, and a link to all. The server renders that window from the whole sidebar; the browser
 * (with speed/route-shards.ts) from the lean sidebar (long categories cut) with the page's grafts.
 * For every page of crafted sidebars (nested long categories, a page past the cut at several depths,
 * a category without a page of its own, a page linked twice), the window the browser shows must be
 * the server's, entry for entry, and so must the path to the page (the breadcrumbs).
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import type {PropSidebarItem, PropSidebarItemCategory} from '@docusaurus/plugin-content-docs';

import {leanSidebar, sidebarGrafts, windowedCategory, withGrafts} from '../../src/sidebar-window';
import {category} from '../support/sidebar-items';

const limit = 3;
const link = (href: string): PropSidebarItem => ({type: 'link', label: href, href, docId: href});

/** What the sidebar renders: each category through the window (as src/theme/DocSidebarItem/Category does). */
function rendered(items: readonly PropSidebarItem[], activePath: string, inheritedHref?: string): unknown[] {
  return items.map((item) => {
    if (item.type !== 'category') return item.type === 'link' ? item.href : item.type;
    const href = item.href ?? inheritedHref;
    const shown = windowedCategory(item, activePath, href, limit);
    return {label: shown.label, href: shown.href, items: rendered(shown.items, activePath, href)};
  });
}

/** The labels from the top to the page (useSidebarBreadcrumbs' walk). */
function pathTo(items: readonly PropSidebarItem[], activePath: string): string[] {
  for (const item of items) {
    if (item.type === 'link' && item.href === activePath) return [item.label];
    if (item.type === 'category') {
      if (item.href === activePath) return [item.label];
      const below = pathTo(item.items, activePath);
      if (below.length > 0) return [item.label, ...below];
    }
  }
  return [];
}

const pages = (prefix: string, count: number) => Array.from({length: count}, (_, i) => link(`${prefix}/${i}`));
const sidebar: PropSidebarItem[] = [
  link('/intro'),
  category('Guides', pages('/guides', 2), '/guides'),
  category(
    'Reference',
    [
      ...Array.from({length: 6}, (_, i) =>
        category(`Tag ${i}`, i === 4 ? pages(`/ref/tag-${i}`, 5) : pages(`/ref/tag-${i}`, 2)),
      ),
      ...pages('/ref/untagged', 4),
    ],
    '/ref',
  ),
  // Long, but no page of its own above it: shown whole.
  category('Loose', pages('/loose', 5)),
  // Linked twice: within the cut and past it.
  category('Twice', [...pages('/twice', 4), link('/twice/0')], '/twice'),
];

const allPaths = (items: readonly PropSidebarItem[]): string[] =>
  items.flatMap((item) =>
    item.type === 'link'
      ? [item.href]
      : item.type === 'category'
        ? [...(item.href ? [item.href] : []), ...allPaths(item.items)]
        : [],
  );

test('the lean sidebar cuts each long category with a page to list it all, and keeps how many it had', () => {
  const lean = leanSidebar(sidebar, limit);
  const reference = lean[2] as PropSidebarItemCategory;
  assert.equal(reference.items.length, limit);
  assert.equal(reference.customProps?.sidebarWindowTotal, 10);
  assert.equal((lean[3] as PropSidebarItemCategory).items.length, 5, 'a long category without a page is kept whole');
  assert.ok(JSON.stringify(lean).length < JSON.stringify(sidebar).length);
});

test('for every page, the lean sidebar with its grafts shows what the whole sidebar shows', () => {
  const paths = [...new Set(allPaths(sidebar)), '/not-in-the-sidebar'];
  const lean = leanSidebar(sidebar, limit);
  let grafted = 0;
  for (const activePath of paths) {
    const grafts = sidebarGrafts(sidebar, activePath, limit);
    grafted += grafts.length;
    const browser = withGrafts(lean, grafts);
    assert.deepEqual(rendered(browser, activePath), rendered(sidebar, activePath), `${activePath}: the window differs`);
    assert.deepEqual(pathTo(browser, activePath), pathTo(sidebar, activePath), `${activePath}: the path differs`);
  }
  // Pages past the cut at one and at two depths (Tag 4's third page is past both cuts).
  assert.equal(sidebarGrafts(sidebar, '/ref/tag-4/4', limit).length, 2);
  assert.ok(grafted > 0);
});

test('without its grafts a page past the cut would not be in its window (the grafts are needed)', () => {
  const lean = leanSidebar(sidebar, limit);
  assert.notDeepEqual(rendered(lean, '/ref/untagged/3'), rendered(sidebar, '/ref/untagged/3'));
});

test('grafting copies along the graft’s path and leaves the lean sidebar as it was', () => {
  const lean = leanSidebar(sidebar, limit);
  const before = JSON.stringify(lean);
  withGrafts(lean, sidebarGrafts(sidebar, '/ref/tag-4/4', limit));
  assert.equal(JSON.stringify(lean), before);
});

test('a long category shows, past its cut, the first of its entries that leads to the page, as a walk of them finds it', () => {
  const leadsTo = (item: PropSidebarItem, path: string): boolean =>
    item.type === 'link'
      ? item.href === path
      : item.type === 'category' && (item.href === path || item.items.some((child) => leadsTo(child, path)));
  const categories = (items: readonly PropSidebarItem[]): PropSidebarItemCategory[] =>
    items.flatMap((item) => (item.type === 'category' ? [item, ...categories(item.items)] : []));
  const labels = (items: readonly PropSidebarItem[]) => items.map((item) => (item.type === 'html' ? '' : item.label));
  let pastTheCut = 0;
  for (const long of categories(sidebar).filter((item) => item.items.length > limit))
    for (const activePath of [...allPaths(sidebar), '/not-in-the-sidebar']) {
      const active = long.items.findIndex((item) => leadsTo(item, activePath));
      const expected = [...long.items.slice(0, limit), ...(active >= limit ? [long.items[active]!] : [])];
      pastTheCut += Number(active >= limit);
      const shown = windowedCategory(long, activePath, '/all', limit).items;
      assert.deepEqual(labels(shown.slice(0, -1)), labels(expected), `${long.label} at ${activePath}`);
    }
  assert.ok(pastTheCut >= 5, `only ${pastTheCut} pages past a cut`);
});
