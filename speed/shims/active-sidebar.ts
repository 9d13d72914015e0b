// What speed/shims/indexed-docs-utils.ts changes of @docusaurus/plugin-content-docs' docsUtils.js,
// apart so that Node tests can load it (that shim imports Docusaurus' bundler-only modules).
// tests/unit/fast-route-match.test.ts holds it to upstream's.
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';

import {comparablePath, isSamePath} from './same-path';

type Category = Extract<PropSidebarItem, {type: 'category'}>;

/** Each category's comparable paths: its own link's and those of every link and category under it. */
const pathsUnder = new WeakMap<Category, Set<string>>();

function pathsOf(category: Category): Set<string> {
  let paths = pathsUnder.get(category);
  if (paths) return paths;
  paths = new Set();
  if (category.href !== undefined) paths.add(comparablePath(category.href));
  for (const item of category.items) {
    if (item.type === 'link' && item.href !== undefined) paths.add(comparablePath(item.href));
    else if (item.type === 'category') for (const path of pathsOf(item)) paths.add(path);
  }
  pathsUnder.set(category, paths);
  return paths;
}

/** Checks if a sidebar item should be active, based on the active path. */
export function isActiveSidebarItem(item: PropSidebarItem, activePath: string): boolean {
  if (item.type === 'link') return item.href !== undefined && comparablePath(item.href) === comparablePath(activePath);
  if (item.type === 'category') return pathsOf(item).has(comparablePath(activePath));
  return false;
}

/** Upstream's, asking the isActiveSidebarItem above. */
export function isVisibleSidebarItem(item: PropSidebarItem, activePath: string): boolean {
  switch (item.type) {
    case 'category':
      return (
        isActiveSidebarItem(item, activePath) ||
        (typeof item.href !== 'undefined' && !item.linkUnlisted) ||
        item.items.some((subItem) => isVisibleSidebarItem(subItem, activePath))
      );
    case 'link':
      // An unlisted item remains visible if it is active
      return !item.unlisted || isActiveSidebarItem(item, activePath);
    default:
      return true;
  }
}

/**
 * Upstream's sidebar breadcrumbs to the page (getSidebarBreadcrumbs of client/docsUtils.js, not
 * exported there), going down only the categories whose paths hold the page instead of every
 * category before it: every doc page asks for them, and the walk grew with the sidebar.
 */
export function getSidebarBreadcrumbs({
  sidebarItems,
  pathname,
  onlyCategories = false,
}: {
  sidebarItems: readonly PropSidebarItem[];
  pathname: string;
  onlyCategories?: boolean;
}): PropSidebarItem[] {
  const breadcrumbs: PropSidebarItem[] = [];
  const page = comparablePath(pathname);
  function extract(items: readonly PropSidebarItem[]): boolean {
    for (const item of items) {
      if (item.type === 'category') {
        if (pathsOf(item).has(page) && (isSamePath(item.href, pathname) || extract(item.items))) {
          breadcrumbs.unshift(item);
          return true;
        }
      } else if (item.type === 'link' && item.docId && isSamePath(item.href, pathname)) {
        if (!onlyCategories) breadcrumbs.unshift(item);
        return true;
      }
    }
    return false;
  }
  extract(sidebarItems);
  return breadcrumbs;
}
