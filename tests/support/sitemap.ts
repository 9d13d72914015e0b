import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

const sitemapFile = path.resolve(__dirname, '../../build/sitemap.xml');

/** Every route of the production build's sitemap (`/docs/intro`), read when a spec is collected. */
export function sitemapRoutes(): string[] {
  if (!existsSync(sitemapFile))
    throw new Error(`${sitemapFile} is missing: run npm run build before the browser tests`);
  const xml = readFileSync(sitemapFile, 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname).sort();
}
