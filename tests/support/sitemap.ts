import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {templatePages} from './templates';

const sitemapFile = path.resolve(__dirname, '../../build/sitemap.xml');

/** A route without its trailing slash (`/docs/` → `/docs`; `/` stays). */
export const withoutSlash = (route: string) => route.replace(/\/$/, '') || '/';

/** Every route of the production build's sitemap (`/docs/intro`), read when a spec is collected. */
export function sitemapRoutes(): string[] {
  if (!existsSync(sitemapFile))
    throw new Error(`${sitemapFile} is missing: run npm run build before the browser tests`);
  const xml = readFileSync(sitemapFile, 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname).sort();
}

/** The routes axe also checks in dark mode (without a trailing slash): one page per template and every sixth route. */
export function darkModeRoutes(): Set<string> {
  return new Set([
    ...templatePages.map(({path}) => path),
    ...sitemapRoutes()
      .filter((_, index) => index % 6 === 0)
      .map(withoutSlash),
  ]);
}
