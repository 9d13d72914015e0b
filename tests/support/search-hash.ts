/**
 * The search theme's index hash (`hashed: true`): the `?_=` of the index's address in the browser
 * bundle, which the theme computes from the docs folders (the generated reference pages among them)
 * when Docusaurus makes it. A build's must be the hash of the docs folders it was built from.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

// The theme's own function (the package ships no declarations for it).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {getIndexHash} = require('@easyops-cn/docusaurus-search-local/dist/server/server/utils/getIndexHash') as {
  getIndexHash: (config: Record<string, unknown>) => string | null;
};

/** The search options of docusaurus.config.ts (the theme's entry among its themes). */
function searchOptions(siteConfig: {themes?: unknown[]}): {docsDir: string[]; hashed: boolean} {
  const entry = (siteConfig.themes ?? []).find(
    (theme) => Array.isArray(theme) && (theme[1] as {docsDir?: unknown} | undefined)?.docsDir !== undefined,
  ) as [unknown, {docsDir: string[]; hashed: boolean}] | undefined;
  if (!entry) throw new Error('docusaurus.config.ts: no search theme with docsDir among the themes');
  return entry[1];
}

/** The hash the theme computes from the docs folders of `siteDir` as they are now. */
export function expectedIndexHash(siteDir: string, siteConfig: {themes?: unknown[]}): string | null {
  const {docsDir, hashed} = searchOptions(siteConfig);
  return getIndexHash({
    hashed,
    indexDocs: true,
    indexBlog: false,
    docsDir: docsDir.map((dir) => path.resolve(siteDir, dir)),
    blogDir: [],
  });
}

/** The hashes the browser bundle of `buildDir` gives the index's address. */
export function builtIndexHashes(buildDir: string): string[] {
  const jsDir = path.join(buildDir, 'assets/js');
  const hashes = new Set<string>();
  for (const name of readdirSync(jsDir).filter((file) => file.endsWith('.js')))
    for (const [, hash] of readFileSync(path.join(jsDir, name), 'utf8').matchAll(
      /search-index\{dir\}\.json\?_=([0-9a-f]+)/g,
    ))
      hashes.add(hash!);
  return [...hashes];
}
