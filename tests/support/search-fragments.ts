/**
 * The pages of the build's search index as Pagefind stored them: one fragment file per page, gzipped,
 * the JSON after a `pagefind_dcd` signature (its URL, text and title). For tests that check what the
 * index holds without searching it.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import {searchIndexDir} from '../../lib/search-index';

export type IndexedPage = {url: string; content: string; meta: {title?: string}};

const signature = 'pagefind_dcd';

/** Every page of the index under `buildDir`, by its URL. */
export function indexedPages(buildDir: string): Map<string, IndexedPage> {
  const dir = path.join(buildDir, searchIndexDir, 'fragment');
  const pages = new Map<string, IndexedPage>();
  for (const file of readdirSync(dir)) {
    const text = zlib.gunzipSync(readFileSync(path.join(dir, file))).toString('utf8');
    if (!text.startsWith(signature)) throw new Error(`${file} is not a Pagefind fragment`);
    const page = JSON.parse(text.slice(signature.length)) as IndexedPage;
    pages.set(page.url, page);
  }
  return pages;
}
