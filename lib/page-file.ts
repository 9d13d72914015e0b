/**
 * The file a page of the site is rendered to, as Docusaurus' writeStaticFile names it: what the SSG
 * cache (plugins/ssg-cache.ts) puts a cached page back as, and what the search index (plugins/search-index.ts)
 * reads a page from.
 */
import path from 'node:path';

/** What names a page's file: the site's base URL and trailing slash setting, and the build folder. */
export type PageFileParams = {trailingSlash: boolean | undefined; baseUrl: string; outDir: string};

/** The output file a pathname renders to, as Docusaurus' writeStaticFile names it. */
export function pageFile(pathname: string, params: PageFileParams): string {
  const withoutBase = params.baseUrl === '/' ? pathname : pathname.replace(new RegExp(`^${params.baseUrl}`), '/');
  const name = withoutBase.replace(/^[/\\]/, '');
  if (/\.html?$/i.test(name)) return path.join(params.outDir, name);
  if (params.trailingSlash === undefined || withoutBase === '' || withoutBase.endsWith('/') || params.trailingSlash)
    return path.join(params.outDir, name, 'index.html');
  return path.join(params.outDir, `${name}.html`);
}
