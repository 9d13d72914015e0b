// Stands in for @docusaurus/theme-common's utils/routesUtils.js in the server bundle only
// (speed/lean-bundle.ts), with one change: isSamePath compares two plain-ASCII paths character by
// character instead of building two lower-cased copies with a trailing slash. Rendering a page asks,
// for every item of its sidebar and again for every category around it, whether the item is the page:
// at 2,000 operation pages that was tens of millions of comparisons and copies, a tenth of rendering.
// A path with any other character is compared as upstream does (speed/shims/same-path.ts). The other
// exports are upstream's, unchanged.
import {useMemo} from 'react';
import generatedRoutes from '@generated/routes';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {RouteConfig} from 'react-router-config';

export {isSamePath} from './same-path';

/**
 * Note that sites don't always have a homepage in practice, so we can't assume
 * that linking to '/' is always safe.
 * @see https://github.com/facebook/docusaurus/pull/6517#issuecomment-1048709116
 */
export function findHomePageRoute({
  baseUrl,
  routes: initialRoutes,
}: {
  routes: RouteConfig[];
  baseUrl: string;
}): RouteConfig | undefined {
  function isHomePageRoute(route: RouteConfig): boolean {
    return route.path === baseUrl && route.exact === true;
  }

  function isHomeParentRoute(route: RouteConfig): boolean {
    return route.path === baseUrl && !route.exact;
  }

  function doFindHomePageRoute(routes: RouteConfig[]): RouteConfig | undefined {
    if (routes.length === 0) {
      return undefined;
    }
    const homePage = routes.find(isHomePageRoute);
    if (homePage) {
      return homePage;
    }
    const indexSubRoutes = routes.filter(isHomeParentRoute).flatMap((route) => route.routes ?? []);
    return doFindHomePageRoute(indexSubRoutes);
  }

  return doFindHomePageRoute(initialRoutes);
}

/**
 * Fetches the route that points to "/". Use this instead of the naive "/",
 * because the homepage may not exist.
 */
export function useHomePageRoute(): RouteConfig | undefined {
  const {baseUrl} = useDocusaurusContext().siteConfig;
  return useMemo(() => findHomePageRoute({routes: generatedRoutes, baseUrl}), [baseUrl]);
}
