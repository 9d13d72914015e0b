/**
 * Pages whose rendering inputs are unchanged since an earlier build come from a cache instead of
 * being rendered again. Rendering (React on the server, then the HTML minifier) is tens of ms of CPU
 * a page: half a minute of a 2,000-operation build, the same on a rebuild, as Docusaurus has no incremental
 * build. What a page's HTML depends on is known from the server bundle that renders it:
 * - the bundle's entry (the app, its routes and registry, the site's config and global data) and the
 *   chunks outside the routes' own that rendering loaded (the last build's server bundle logged them:
 *   speed/ssg-chunk-log.ts; code only the browser loads, such as the search bar's index loader,
 *   whose index address changes with any page, does not count), together with the page template,
 *   the head and body tags, the browser bundle's manifest (its asset hashes aside) and the lockfile:
 *   a change to any of them renders every page again;
 * - the server chunks of the routes that match the page (its content, its docs version's sidebar, the
 *   components): a change there renders the pages whose routes use them. The not-found page's route
 *   (`*`) names no chunks, and its component may be bundled in any: it is keyed by every file.
 * A docs version's props (every page of the version loads them: its sidebars, and each doc's id, title and
 * description) count without the descriptions, which only a doc card shows (theme-classic's DocCard,
 * by the doc of its link): a page whose HTML has doc cards (`theme-doc-card-container`: a category's
 * index, an API's landing page) is rendered again when the description of a doc its cards link to
 * changes, no other page is (one operation's first sentence edited would otherwise render every page of
 * its version).
 * A page's cache entry, keyed by all of that, holds the HTML Docusaurus wrote and what it collected
 * (links, anchors, head metadata). The HTML names the browser bundle's entry files (runtime, main.js,
 * the stylesheet) by their content hash, which changes whenever any chunk changes; the entry records
 * which it names, and a page taken from the cache gets this build's names for them (Docusaurus picks
 * them by chunk name, which the manifest part of the key holds fixed).
 * To key a page, the server's chunk files are named without their hash (they are deleted after
 * rendering: nothing caches them), so that the entry stays the same when a page's chunk changes, and
 * the server compilation writes which files each named chunk group has (`chunk-groups.json`).
 * Docusaurus renders the pages not in the cache, as it would all of them (its thread pool included);
 * the cache then holds this build's pages and no others. `SPEED_OFF=ssg-cache` renders every page.
 * tests/scale/smoke.test.ts edits an operation between two builds and compares every page with a
 * build that renders them all.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';

import type {Plugin, Props} from '@docusaurus/types';

import {eachLimited} from '../lib/each-limited';
import {inputsHash} from '../lib/inputs-hash';
import {pageFile} from '../lib/page-file';
import {writeWhole} from '../lib/write-whole';
import {chunkNamesOf, readGeneratedRoutes} from '../lib/generated-routes';
import {chunkLogEnv} from './ssg-chunk-log';
import {skipMinificationEnv} from './unminified-html';

/** Bump when what an entry holds, or what its key covers, changes. */
const cacheFormat = 4;
/** Where a site keeps its rendered pages between builds (beside Docusaurus' own caches). */
export const ssgCacheDir = (siteDir: string) => path.join(siteDir, 'node_modules/.cache/orchard-ssg');

/** Written by the server compilation beside server.bundle.js: each named chunk group's files. */
export const chunkGroupsFile = 'chunk-groups.json';

const coreRequire = createRequire(require.resolve('@docusaurus/core/package.json'));

type CollectedData = Record<string, unknown>;
type SSGArgs = {props: Props; serverBundlePath: string; clientManifestPath: string; router: string};
type ExecuteSSG = (args: SSGArgs) => Promise<{collectedData: Record<string, CollectedData>}>;
type SSGParams = {
  trailingSlash: boolean | undefined;
  baseUrl: string;
  outDir: string;
  serverBundlePath: string;
  manifest: unknown;
  [key: string]: unknown;
};

/** Docusaurus' own SSG modules, loaded when first needed (its build has loaded them by then). */
function docusaurusSsg() {
  return {
    // Docusaurus' build reads `executeSSG` from this object at each call.
    executor: coreRequire('@docusaurus/core/lib/ssg/ssgExecutor') as {executeSSG: ExecuteSSG},
    ...(coreRequire('@docusaurus/core/lib/ssg/ssgParams') as {
      createSSGParams: (args: Omit<SSGArgs, 'router'>) => Promise<SSGParams>;
    }),
  };
}

type RouteKeyConfig = {
  path?: string;
  exact?: boolean;
  strict?: boolean;
  sensitive?: boolean;
  component: string;
  routes?: RouteKeyConfig[];
};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** A browser asset as Docusaurus names it, `assets/js/<chunk name>.<content hash>.js`. */
const hashedAsset = /assets\/(?:js|css)\/[\w~.-]+?\.[0-9a-f]{8}\.(?:js|css)/g;
const assetChunkName = (file: string) => file.replace(/\.[0-9a-f]{8}\.(js|css)$/, '.$1');

/**
 * The routes of the app as its server bundle has them (`.docusaurus/routes.js`), each component
 * replaced by its key in `routesChunkNames.json` (`<path>-<hash>`, as ComponentCreator looks it up).
 */
export function routesWithKeys(generatedFilesDir: string): RouteKeyConfig[] {
  return readGeneratedRoutes(
    generatedFilesDir,
    (routePath, hash) => (hash === undefined ? routePath : `${routePath}-${hash}`),
    'speed/ssg-cache.ts (turn the cache off with SPEED_OFF=ssg-cache and adapt routesWithKeys)',
  ) as RouteKeyConfig[];
}

/**
 * A cached page: `<key>.html`, the HTML Docusaurus wrote (a hard link to the built page: a page is
 * not written twice; nothing writes a built page in place, and its size and time, recorded here, would
 * show one written through the link), and `<key>.json`, this: what Docusaurus collected of the page,
 * the hashed assets its HTML names, and its HTML's size and modification time.
 */
type Entry = {
  pathname: string;
  collectedData: CollectedData;
  assets: string[];
  size: number;
  modified: number;
  /** For a page with doc cards: the docs they link to, and those docs' descriptions (a hash) it was rendered with. */
  cards?: CardDocs;
};

type CardDocs = {docs: string[]; descriptions: string};

/** A doc card's link (theme-classic's DocCard/Layout: ThemeClassNames.docs.docCard.container on the link). */
const docCardLink = /<a\s[^>]*\btheme-doc-card-container\b[^>]*>/g;
/** A link's address (the minifier may drop the attribute's quotes). */
const linkHref = /\shref=("?)([^"\s>]+)\1/;

/** What a docs version's props give a page's key: the props without the descriptions, and the descriptions. */
type VersionDescriptions = {
  withoutDescriptions: string;
  /** Doc id → its description. */
  descriptions: Map<string, string | undefined>;
  /**
   * A sidebar item's address → the doc whose description its card shows: a link's doc, or null for a
   * category (its card shows the category's own description, or its count of items).
   */
  docByHref: Map<string, string | null>;
};

/** What the pages' keys are made of in the server bundle, read once a build. */
export type ServerBundle = {
  dir: string;
  /** Each named chunk group's files, as the server compilation wrote them (`chunk-groups.json`). */
  groups: Record<string, string[]>;
  /** Every file of the bundle, the entry among them. */
  files: string[];
  /** The files of the chunk groups that routes name. */
  routeFiles: Set<string>;
  /** A file's content hash; a docs version's props file's, its descriptions aside (versionDescriptions). */
  hashOf: (file: string) => string;
  /** A docs version's props file → its docs' descriptions and the sidebars' links to them. */
  versionOf: (file: string) => VersionDescriptions | undefined;
};

/** A registry line (`.docusaurus/registry.js`): its chunk name and the module it loads. */
const registryModule = /^ {2}"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\)/;

/**
 * The docs versions' props modules (the routes of `@theme/DocVersionRoot`), by chunk name: each
 * version's props with every doc's description left out, and the descriptions alone.
 */
export function versionDescriptions(
  generatedFilesDir: string,
  routesChunkNames: Record<string, unknown>,
): Map<string, VersionDescriptions> {
  const modules = new Map<string, string>();
  for (const line of readFileSync(path.join(generatedFilesDir, 'registry.js'), 'utf8').split('\n')) {
    const match = registryModule.exec(line);
    if (match) modules.set(match[1]!, match[2]!);
  }
  const found = new Map<string, VersionDescriptions>();
  for (const names of Object.values(routesChunkNames)) {
    const {__comp: component, __props: propsChunk} = (names ?? {}) as Record<string, unknown>;
    if (typeof component !== 'string' || typeof propsChunk !== 'string') continue;
    const propsModule = modules.get(propsChunk);
    if (modules.get(component) !== '@theme/DocVersionRoot' || !propsModule?.startsWith('@generated/')) continue;
    const props = JSON.parse(
      readFileSync(path.join(generatedFilesDir, propsModule.slice('@generated/'.length)), 'utf8'),
    ) as {version?: {docs?: Record<string, {description?: string}>; docsSidebars?: Record<string, unknown>}};
    const docs = props.version?.docs;
    if (!docs) continue;
    const docByHref = new Map<string, string | null>();
    const walk = (item: unknown): void => {
      if (Array.isArray(item)) return item.forEach(walk);
      const {type, href, docId, items} = (item ?? {}) as {
        type?: string;
        href?: string;
        docId?: string;
        items?: unknown;
      };
      if (type === 'link' && href && docId) docByHref.set(href, docId);
      else if (type === 'category' && href && !docByHref.has(href)) docByHref.set(href, null);
      if (items) walk(items);
    };
    Object.values(props.version?.docsSidebars ?? {}).forEach(walk);
    const withoutDescriptions = {
      ...props,
      version: {
        ...props.version,
        docs: Object.fromEntries(Object.entries(docs).map(([id, {description: _, ...doc}]) => [id, doc])),
      },
    };
    found.set(propsChunk, {
      withoutDescriptions: sha256(JSON.stringify(withoutDescriptions)),
      descriptions: new Map(Object.entries(docs).map(([id, doc]) => [id, doc.description])),
      docByHref,
    });
  }
  return found;
}

function readServerBundle(serverBundlePath: string, generatedFilesDir: string): ServerBundle {
  const dir = path.dirname(serverBundlePath);
  const groupsFile = path.join(dir, chunkGroupsFile);
  if (!existsSync(groupsFile))
    throw new Error(
      `speed/ssg-cache.ts: ${groupsFile} is missing: the server compilation did not list its chunk groups (ssgCachePlugin's configureWebpack)`,
    );
  const groups = JSON.parse(readFileSync(groupsFile, 'utf8')) as Record<string, string[]>;
  const routesChunkNames = JSON.parse(
    readFileSync(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8'),
  ) as Record<string, unknown>;
  const routeFiles = new Set(
    Object.values(routesChunkNames)
      .flatMap(chunkNamesOf)
      .flatMap((name) => groups[name] ?? []),
  );
  const files = readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  // A version's props module is a chunk of its own, which its JSON alone makes: its file is keyed by
  // the JSON without the descriptions (a chunk of more files, unexpected, keeps the files' hashes).
  const versionFiles = new Map<string, VersionDescriptions>();
  for (const [chunk, version] of versionDescriptions(generatedFilesDir, routesChunkNames))
    if (groups[chunk]?.length === 1) versionFiles.set(groups[chunk][0]!, version);
  const hashes = new Map<string, string>();
  const hashOf = (file: string) => {
    let hash = hashes.get(file);
    if (hash === undefined)
      hashes.set(
        file,
        (hash = versionFiles.get(file)?.withoutDescriptions ?? sha256(readFileSync(path.join(dir, file)))),
      );
    return hash;
  };
  return {dir, groups, files, routeFiles, hashOf, versionOf: (file) => versionFiles.get(file)};
}

/** The manifest's fields come in the order the bundler met them, which varies between builds. */
const sortedFields = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;

type MatchPath = (pathname: string, route: RouteKeyConfig) => unknown;

/**
 * react-router-config's matchRoutes (the first route of each level that matches, then its children),
 * without trying every route of a level in turn: a level's exact routes of a plain path are looked up
 * by the path (case and a trailing slash aside, as matchPath compares them), the others tried in
 * order up to that one. For each page of a 2,000-operation site that was 2,000 matchPath calls, seconds
 * in all. tests/unit/ssg-cache.test.ts holds it to matchRoutes on every page and route of a site.
 */
export function routeMatcher(routes: RouteKeyConfig[], matchPath: MatchPath): (pathname: string) => RouteKeyConfig[] {
  const normal = (pathname: string) => pathname.toLowerCase().replace(/\/$/, '');
  const isPlain = (route: RouteKeyConfig) =>
    route.exact === true && !route.strict && !route.sensitive && !!route.path && !/[:*?+()]/.test(route.path);
  type Level = {routes: RouteKeyConfig[]; plain: Map<string, number>; others: number[]};
  const levels = new Map<RouteKeyConfig[], Level>();
  const levelOf = (list: RouteKeyConfig[]): Level => {
    let level = levels.get(list);
    if (!level) {
      const plain = new Map<string, number>();
      const others: number[] = [];
      list.forEach((route, index) => {
        if (!isPlain(route)) others.push(index);
        else if (!plain.has(normal(route.path!))) plain.set(normal(route.path!), index);
      });
      levels.set(list, (level = {routes: list, plain, others}));
    }
    return level;
  };
  // A route without a path matches where its parent did (react-router-config).
  const matches = (route: RouteKeyConfig, pathname: string) => !route.path || !!matchPath(pathname, route);
  return (pathname) => {
    const chain: RouteKeyConfig[] = [];
    let list: RouteKeyConfig[] | undefined = routes;
    while (list) {
      const {plain, others} = levelOf(list);
      const candidate = plain.get(normal(pathname));
      let found = candidate ?? Infinity;
      // Should matchPath ever disagree with the lookup, the level is tried route by route.
      const tried = candidate !== undefined && !matches(list[candidate]!, pathname) ? list.keys() : others;
      if (tried !== others) found = Infinity;
      for (const index of tried) {
        if (index > found) break;
        if (matches(list[index]!, pathname)) {
          found = index;
          break;
        }
      }
      if (found === Infinity) break;
      chain.push(list[found]!);
      list = list[found]!.routes;
    }
    return chain;
  };
}

/** What the pages' keys are made of besides the server bundle (`lockfile`: the lockfile's inputsHash). */
type KeyInput = {props: Props; params: SSGParams; lockfile: string};

/**
 * The cache key of every pathname, by what rendering loaded outside the routes' chunks (`loaded`, as
 * a build recorded it; undefined: every such file): what its HTML depends on (the top of this file).
 */
export function pageKeyer(
  bundle: ServerBundle,
  {props, params, lockfile}: KeyInput,
): {
  keysFor: (loaded: ReadonlySet<string> | undefined) => Map<string, string>;
  /**
   * For a page whose HTML has doc cards: the docs they link to and their descriptions, by the docs
   * versions its routes load (a card to no doc of them shows none); undefined for a page without.
   */
  cardsOf: (pathname: string, html: string) => CardDocs | undefined;
  /** The descriptions (a hash) that the docs `docs` have now, by the versions the page's routes load. */
  descriptionsOf: (pathname: string, docs: readonly string[]) => string;
} {
  const {manifest, outDir: _outDir, serverBundlePath: _bundle, ...template} = params;
  const siteInput = JSON.stringify({
    cacheFormat,
    template,
    // Which browser files each page names, their hashes aside (substituted, above).
    manifest: JSON.stringify(manifest, (field, value: unknown) =>
      field === 'hash' ? undefined : sortedFields(value),
    ).replace(/\.[0-9a-f]{8}\.(js|css)/g, '.$1'),
    lockfile,
    skipMinification: process.env[skipMinificationEnv] ?? '',
  });
  const routesChunkNames = JSON.parse(
    readFileSync(path.join(props.generatedFilesDir, 'routesChunkNames.json'), 'utf8'),
  ) as Record<string, unknown>;
  const {matchPath} = coreRequire('react-router') as {matchPath: MatchPath};
  const matchedRoutes = routeMatcher(routesWithKeys(props.generatedFilesDir), matchPath);
  const pageFiles = new Map(
    props.routesPaths.map((pathname) => {
      const routes = matchedRoutes(pathname);
      // A route with no chunks of its own (the not-found page's `*`, whose component Docusaurus loads
      // itself) may render code from any chunk, route chunks included: its page is keyed by them all.
      const unknown = routes.length === 0 || routes.some((route) => !(route.component in routesChunkNames));
      const files = new Set(
        unknown
          ? bundle.files
          : routes.flatMap((route) =>
              chunkNamesOf(routesChunkNames[route.component]).flatMap((name) => bundle.groups[name] ?? []),
            ),
      );
      return [pathname, [...files].sort()] as const;
    }),
  );
  // Each page's files with their hashes, made once for both calls of keysFor (before and after rendering).
  const pageFileHashes = new Map(
    [...pageFiles].map(([pathname, files]) => [pathname, files.map((file) => `${file} ${bundle.hashOf(file)}`)]),
  );
  const versionsOf = (pathname: string) =>
    (pageFiles.get(pathname) ?? []).flatMap((file) => bundle.versionOf(file) ?? []);
  const descriptionsOf = (pathname: string, docs: readonly string[]) => {
    const versions = versionsOf(pathname);
    return sha256(JSON.stringify(docs.map((id) => versions.map((version) => version.descriptions.get(id) ?? null))));
  };
  const cardsOf = (pathname: string, html: string): CardDocs | undefined => {
    const hrefs = [...html.matchAll(docCardLink)].map((match) =>
      linkHref.exec(match[0])?.[2]?.replaceAll('&amp;', '&'),
    );
    if (hrefs.length === 0) return undefined;
    const versions = versionsOf(pathname);
    const linked = hrefs.map((href) =>
      href === undefined
        ? undefined
        : versions.flatMap((version) => {
            const doc = version.docByHref.get(href);
            return doc === undefined ? [] : [doc];
          }),
    );
    // A card whose link no sidebar names (written otherwise, or a link out): every description counts.
    const docs = linked.some((ids) => ids === undefined || ids.length === 0)
      ? versions.flatMap((version) => [...version.descriptions.keys()])
      : linked.flatMap((ids) => ids ?? []).filter((doc) => doc !== null);
    const sorted = [...new Set(docs)].sort();
    return {docs: sorted, descriptions: descriptionsOf(pathname, sorted)};
  };
  const entry = path.basename(params.serverBundlePath);
  const keysFor = (loaded: ReadonlySet<string> | undefined) => {
    const everyPage = bundle.files
      .filter((file) => file === entry || (!bundle.routeFiles.has(file) && (!loaded || loaded.has(file))))
      .map((file) => `${file} ${bundle.hashOf(file)}`);
    const siteKey = sha256(`${siteInput}\n${everyPage.join('\n')}`);
    return new Map(
      [...pageFileHashes].map(([pathname, files]) => [pathname, sha256(JSON.stringify({siteKey, pathname, files}))]),
    );
  };
  return {keysFor, cardsOf, descriptionsOf};
}

/** The browser bundle's hashed files by chunk name (`assets/js/main.js` → `assets/js/main.1a2b3c4d.js`). */
function currentAssets(outDir: string): Map<string, string> {
  const assets = new Map<string, string>();
  for (const folder of ['assets/js', 'assets/css']) {
    const dir = path.join(outDir, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const file = `${folder}/${name}`;
      if (file.match(hashedAsset)?.[0] === file) assets.set(assetChunkName(file), file);
    }
  }
  return assets;
}

/**
 * The cached page put at `target`: linked where it names the assets of this build, otherwise
 * written with this build's names for them. False when an asset it names is gone, or its HTML is not
 * as cached.
 */
async function placeCachedPage(
  entry: Entry,
  html: string,
  target: string,
  assets: Map<string, string>,
): Promise<boolean> {
  const copy = await stat(html).catch(() => undefined);
  if (copy?.size !== entry.size || copy.mtimeMs !== entry.modified) return false;
  const renamed: [string, string][] = [];
  for (const file of entry.assets) {
    const current = assets.get(assetChunkName(file));
    if (current === undefined) return false;
    if (current !== file) renamed.push([file, current]);
  }
  await mkdir(path.dirname(target), {recursive: true});
  await rm(target, {force: true});
  if (renamed.length === 0) {
    const linked = await link(html, target).then(
      () => true,
      () => false,
    );
    if (linked) return true;
  }
  let content = await readFile(html, 'utf8');
  for (const [file, current] of renamed) content = content.split(file).join(current);
  await writeFile(target, content);
  return true;
}

/** Puts the built page `page` into the cache as `html`: a hard link, or a copy across file systems. */
async function cachePage(page: string, html: string): Promise<void> {
  await rm(html, {force: true});
  await link(page, html).catch(() => copyFile(page, html));
}

/** Where the cache says which chunks outside the routes' own rendering loaded (ssg-chunk-log.ts). */
const loadedChunksFile = 'loaded-chunks.json';

/**
 * Docusaurus' executeSSG with the cache: cached pages are written from it, the others rendered by
 * Docusaurus and then cached. `cacheDir` holds this build's pages only, after.
 */
export function cachedExecuteSSG(render: ExecuteSSG, cacheDirOf = ssgCacheDir): ExecuteSSG {
  return async (args) => {
    if (args.router === 'hash') return render(args);
    const {props} = args;
    const cacheDir = cacheDirOf(props.siteDir);
    const {createSSGParams} = docusaurusSsg();
    const params = await createSSGParams(args);
    const input = {props, params, lockfile: inputsHash(props.siteDir, ['package-lock.json'])};
    const bundle = readServerBundle(args.serverBundlePath, props.generatedFilesDir);
    await mkdir(cacheDir, {recursive: true});
    const recordFile = path.join(cacheDir, loadedChunksFile);
    const record: unknown = existsSync(recordFile) ? JSON.parse(await readFile(recordFile, 'utf8')) : undefined;
    // Not a list (another version wrote it): as if no build had said, every file counts.
    const recorded = Array.isArray(record) ? new Set(record as string[]) : undefined;
    const {keysFor, cardsOf, descriptionsOf} = pageKeyer(bundle, input);
    const keys = keysFor(recorded);
    const assets = currentAssets(props.outDir);
    const cached = new Set(await readdir(cacheDir));
    const collectedData: Record<string, CollectedData> = {};
    const toRender: string[] = [];
    await eachLimited(props.routesPaths, 16, async (pathname) => {
      const key = keys.get(pathname)!;
      const entry = cached.has(`${key}.json`)
        ? (JSON.parse(await readFile(path.join(cacheDir, `${key}.json`), 'utf8')) as Entry)
        : undefined;
      const placed =
        entry?.pathname === pathname &&
        (!entry.cards || entry.cards.descriptions === descriptionsOf(pathname, entry.cards.docs)) &&
        (await placeCachedPage(entry, path.join(cacheDir, `${key}.html`), pageFile(pathname, params), assets));
      if (!placed) toRender.push(pathname);
      else collectedData[pathname] = entry.collectedData;
    });
    const fromCache = props.routesPaths.length - toRender.length;
    const rendering = new Set(toRender);
    const chunkLog = path.join(bundle.dir, 'ssg-chunks.log');
    await rm(chunkLog, {force: true});
    // Docusaurus' worker threads copy the environment when they start, below.
    process.env[chunkLogEnv] = chunkLog;
    let rendered: Awaited<ReturnType<ExecuteSSG>> | undefined;
    try {
      if (toRender.length > 0) rendered = await render({...args, props: {...props, routesPaths: toRender}});
    } finally {
      delete process.env[chunkLogEnv];
    }
    // What rendering loaded outside the routes' chunks: this build's, and the last build's for the
    // pages taken from the cache (every such file, when no build said).
    const bundleFiles = new Set(bundle.files);
    const outsideRoutes = (file: string) => bundleFiles.has(file) && !bundle.routeFiles.has(file);
    const loaded = new Set(
      [
        ...(existsSync(chunkLog) ? (await readFile(chunkLog, 'utf8')).split('\n') : []),
        ...(fromCache > 0 ? (recorded ?? bundle.files) : []),
      ].filter(outsideRoutes),
    );
    // Keyed as the next build will look them up: by what rendering loaded, as now recorded.
    const nextKeys = keysFor(loaded);
    await eachLimited(props.routesPaths, 16, async (pathname) => {
      const next = path.join(cacheDir, nextKeys.get(pathname)!);
      if (!rendering.has(pathname)) {
        const last = path.join(cacheDir, keys.get(pathname)!);
        if (next !== last) for (const ext of ['.html', '.json']) await rename(`${last}${ext}`, `${next}${ext}`);
        return;
      }
      const data = rendered?.collectedData[pathname];
      if (!data) throw new Error(`speed/ssg-cache.ts: Docusaurus rendered no ${pathname}, which it was asked to`);
      collectedData[pathname] = data;
      const page = pageFile(pathname, params);
      const html = await readFile(page, 'utf8');
      const named = [...new Set(html.match(hashedAsset) ?? [])].filter(
        (name) => assets.get(assetChunkName(name)) === name,
      );
      // The page first, its entry last: an entry always has its page.
      await cachePage(page, `${next}.html`);
      const {size, mtimeMs} = await stat(`${next}.html`);
      const entry: Entry = {pathname, collectedData: data, assets: named, size, modified: mtimeMs};
      // Doc cards show descriptions, which the page's key leaves out: the entry holds them to.
      const cards = cardsOf(pathname, html);
      if (cards) entry.cards = cards;
      await writeWhole(`${next}.json`, Buffer.from(JSON.stringify(entry)));
    });
    await writeWhole(recordFile, Buffer.from(JSON.stringify([...loaded].sort())));
    const used = new Set([
      loadedChunksFile,
      ...[...nextKeys.values()].flatMap((key) => [`${key}.json`, `${key}.html`]),
    ]);
    for (const name of await readdir(cacheDir)) if (!used.has(name)) await rm(path.join(cacheDir, name), {force: true});
    // Which pages, when they are few: what an edit renders again, for the one who made it.
    const which = toRender.length > 0 && toRender.length <= 10 ? `: ${toRender.join(', ')}` : '';
    console.log(
      `[ssg cache] ${fromCache} of ${props.routesPaths.length} pages from the cache, ${toRender.length} rendered${which}`,
    );
    // Docusaurus' own result, for the pages it rendered, and the cached pages' collected data beside.
    return {...rendered, collectedData};
  };
}

/** The server compilation's named chunk groups and their files, written beside its bundle. */
const chunkGroupsManifest = {
  apply(compiler: {
    hooks: {thisCompilation: {tap(name: string, hook: (compilation: ServerCompilation) => void): void}};
    webpack: {
      Compilation: {PROCESS_ASSETS_STAGE_REPORT: number};
      sources: {RawSource: new (source: string) => unknown};
    };
  }) {
    compiler.hooks.thisCompilation.tap('ssg-cache', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'ssg-cache', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT},
        () => {
          const groups: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups)
            groups[name] = [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].sort();
          compilation.emitAsset(chunkGroupsFile, new compiler.webpack.sources.RawSource(JSON.stringify(groups)));
        },
      );
    });
  },
};
type ServerCompilation = {
  hooks: {processAssets: {tap(options: {name: string; stage: number}, hook: () => void): void}};
  namedChunkGroups: ReadonlyMap<string, {chunks: readonly {files: ReadonlySet<string>}[]}>;
  emitAsset(file: string, source: unknown): void;
};

let installed = false;

export default function ssgCachePlugin(): Plugin {
  const on = process.env.NODE_ENV === 'production';
  if (on && !installed) {
    installed = true;
    const {executor} = docusaurusSsg();
    executor.executeSSG = cachedExecuteSSG(executor.executeSSG);
  }
  return {
    name: 'ssg-cache',
    configureWebpack(config, isServer) {
      if (!on || !isServer) return {};
      // The chunk log runs first in the server bundle, before Docusaurus' server entry, which it exports.
      const entry = config.entry as {main: string | string[]};
      entry.main = [require.resolve('./ssg-chunk-log'), ...[entry.main].flat()];
      return {output: {chunkFilename: 'assets/js/[name].js'}, plugins: [chunkGroupsManifest]};
    },
  };
}
