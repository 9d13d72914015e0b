/**
 * Which of a build's assets one page alone loads: an API operation's own chunk (its schemas, its
 * samples) is downloaded as often as its page, so brotli's best quality, meant for the bundles every
 * page shares, gains it little for its seconds (hosting/precompress.ts). Read from what Docusaurus
 * generated for the build: its routes (`routes.js`), the chunks each route loads
 * (`routesChunkNames.json`) and the files of each chunk group (`client-manifest.json`).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {chunkNamesOf, readGeneratedRoutes, type GeneratedRoute} from '../lib/generated-routes';

/** What `client-manifest.json` holds (react-loadable-ssr-addon's format, which Docusaurus writes). */
type ClientManifest = {
  entrypoints: string[];
  /** Chunk group (a chunk name) → the ids of its chunks. */
  origins: Record<string, string[]>;
  /** Chunk id → its files by kind (`js`, `css`), each relative to the build folder. */
  assets: Record<string, Record<string, {file: string}[]>>;
};

/**
 * The site paths (`/assets/js/1a2b3c4d.5e6f7a8b.js`) of the files that exactly one page loads, a page
 * being a route with no routes under it, loading its own chunks and those of the routes above it. A
 * file that no route names (the entry's bundles, what code imports lazily) counts as shared. Empty when
 * `generatedFilesDir` holds no build's files (a build folder prepared on its own): every large asset
 * then gets the best quality, as before.
 */
export function assetsOfOnePage(generatedFilesDir: string): Set<string> {
  const files = ['routes.js', 'routesChunkNames.json', 'client-manifest.json'].map((name) =>
    path.join(generatedFilesDir, name),
  );
  if (!files.every((file) => existsSync(file))) return new Set();
  const [, chunkNamesFile, manifestFile] = files as [string, string, string];
  const routesChunkNames = JSON.parse(readFileSync(chunkNamesFile, 'utf8')) as Record<string, unknown>;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as ClientManifest;
  const routes = readGeneratedRoutes(
    generatedFilesDir,
    (routePath, hash) => (hash === undefined ? routePath : `${routePath}-${hash}`),
    'hosting/page-assets.ts (adapt assetsOfOnePage to the new routes.js)',
  );
  const filesOfGroup = (group: string) =>
    (manifest.origins[group] ?? []).flatMap((id) =>
      Object.values(manifest.assets[id] ?? {}).flatMap((kind) => kind.map(({file}) => `/${file}`)),
    );
  const entryFiles = new Set(manifest.entrypoints.flatMap(filesOfGroup));
  // Pages loading each file: counting to 2 is enough to tell one page from several.
  const pagesLoading = new Map<string, number>();
  const visit = (route: GeneratedRoute<string>, above: string[]) => {
    const chunkNames = [...above, ...chunkNamesOf(routesChunkNames[route.component])];
    if (route.routes && route.routes.length > 0) {
      for (const child of route.routes) visit(child, chunkNames);
      return;
    }
    for (const file of new Set(chunkNames.flatMap(filesOfGroup)))
      pagesLoading.set(file, Math.min(2, (pagesLoading.get(file) ?? 0) + 1));
  };
  for (const route of routes) visit(route, []);
  return new Set(
    [...pagesLoading].filter(([file, pages]) => pages === 1 && !entryFiles.has(file)).map(([file]) => file),
  );
}
