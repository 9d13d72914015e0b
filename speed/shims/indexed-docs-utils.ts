// Stands in for @docusaurus/plugin-content-docs' client/docsUtils.js in the server bundle only
// (speed/lean-bundle.ts), with five of its exports changed. Whether a sidebar category holds the page
// is a look-up in the set of the paths under it, made once per category, instead of a walk of every
// item under it (speed/shims/active-sidebar.ts): rendering a page asks that of each category of its
// sidebar, again of each category it draws, and once more for its breadcrumbs. The doc root finds the
// page's route among the routes that may match (candidateRoutes, speed/shims/fast-route-match.tsx)
// instead of all of them. Both grew with the square of the pages: on Autotask's site (2,958 operations
// in 371 categories) a tenth of rendering each (bench/README.md, "Speed tricks"). The other exports
// are upstream's, unchanged.
import {useMemo} from 'react';
import {matchPath, useLocation} from '@docusaurus/router';
import renderRoutes from '@docusaurus/renderRoutes';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import type {Props as DocRootProps} from '@theme/DocRoot';
import {useActivePlugin} from '@docusaurus/plugin-content-docs/client';
import {useDocsSidebar} from '@docusaurus/plugin-content-docs/lib/client/docsSidebar.js';
import {useDocsVersion} from '@docusaurus/plugin-content-docs/lib/client/docsVersion.js';

import {getSidebarBreadcrumbs, isVisibleSidebarItem} from './active-sidebar';
import {candidateRoutes} from './fast-route-match';

// The real module: the bundler's alias (speed/lean-bundle.ts) skips this file.
export * from '@docusaurus/plugin-content-docs/lib/client/docsUtils.js';
export {isActiveSidebarItem, isVisibleSidebarItem} from './active-sidebar';

export function useVisibleSidebarItems(items: readonly PropSidebarItem[], activePath: string): PropSidebarItem[] {
  return useMemo(() => items.filter((item) => isVisibleSidebarItem(item, activePath)), [items, activePath]);
}

/** Upstream's, with the breadcrumbs found through the categories' paths. */
export function useSidebarBreadcrumbs(): PropSidebarItem[] | null {
  const sidebar = useDocsSidebar();
  const {pathname} = useLocation();
  const breadcrumbsOption = useActivePlugin()?.pluginData.breadcrumbs;
  if (breadcrumbsOption === false || !sidebar) {
    return null;
  }
  return getSidebarBreadcrumbs({sidebarItems: sidebar.items, pathname});
}

/** Upstream's, finding the page's route among the candidates. */
export function useDocRootMetadata({route}: DocRootProps) {
  const location = useLocation();
  const versionMetadata = useDocsVersion();
  const docRoutes = route.routes!;
  const currentDocRoute = candidateRoutes(docRoutes, location.pathname).find((docRoute) =>
    matchPath(location.pathname, docRoute),
  );
  if (!currentDocRoute) {
    return null;
  }
  // For now, the sidebarName is added as route config: not ideal!
  const sidebarName = currentDocRoute.sidebar as string | undefined;
  const sidebarItems = sidebarName ? versionMetadata.docsSidebars[sidebarName] : undefined;
  const docElement = renderRoutes(docRoutes);
  return {
    docElement,
    sidebarName,
    sidebarItems,
  };
}
