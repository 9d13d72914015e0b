/**
 * Pages of a production build by their routes: what a page reference (a path or a docs URL, as a
 * reader's form, an agent or the MCP server gives it) names, and which routes a build has. Read by
 * the MCP server (mcp/pages.ts) and the feedback service (lib/feedback/service.ts).
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';

import {provider} from '../src/provider';

/** A reference that names no page of the site (not a URL, another site's): the caller can fix it. */
export class PageReferenceError extends Error {}

/** The route a page reference names: a site path or a docs URL, with or without `.md`, hash or query. */
export function routeOf(reference: string): string {
  let pathname = reference.trim();
  if (/^[a-z]+:\/\//i.test(pathname)) {
    let url: URL;
    try {
      url = new URL(pathname);
    } catch {
      throw new PageReferenceError(`${reference} is not a URL: give a path such as /docs/intro`);
    }
    if (url.origin !== new URL(provider.docsUrl).origin)
      throw new PageReferenceError(
        `${reference} is not a page of ${provider.docsUrl}: give a path such as /docs/intro`,
      );
    pathname = url.pathname;
  }
  pathname = pathname.replace(/[?#].*$/, '');
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  if (pathname === '/index.md') return '/';
  return pathname.replace(/\.md$/, '').replace(/\/+$/, '') || '/';
}

/** Every route the build in `buildDir` serves a page at: each folder with an index.html (`/` included). */
export function builtRoutes(buildDir: string): Set<string> {
  const routes = new Set<string>();
  for (const file of readdirSync(buildDir, {recursive: true, encoding: 'utf8'})) {
    if (path.basename(file) !== 'index.html') continue;
    const folder = path.dirname(file).split(path.sep).join('/');
    routes.add(folder === '.' ? '/' : `/${folder}`);
  }
  return routes;
}
