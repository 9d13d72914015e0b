// Stands in for @docusaurus/plugin-content-docs' client/docsUtils.js in the server bundle only
// (speed/lean-bundle.ts), with three of its exports changed: whether a sidebar category holds the
// page is a look-up in the set of the paths under it, made once per category, instead of a walk of
// every item under it (speed/shims/active-sidebar.ts). Rendering a page asks that of each category of
// its sidebar, and again of each category it draws: on Autotask's site (2,958 operations in 371
// categories) those walks were a tenth of rendering, growing with the square of the pages
// (bench/README.md, "Speed tricks"). The other exports are upstream's, unchanged.
import {useMemo} from 'react';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';

import {isVisibleSidebarItem} from './active-sidebar';

// The real module: the bundler's alias (speed/lean-bundle.ts) skips this file.
export * from '@docusaurus/plugin-content-docs/lib/client/docsUtils.js';
export {isActiveSidebarItem, isVisibleSidebarItem} from './active-sidebar';

export function useVisibleSidebarItems(items: readonly PropSidebarItem[], activePath: string): PropSidebarItem[] {
  return useMemo(() => items.filter((item) => isVisibleSidebarItem(item, activePath)), [items, activePath]);
}
