/**
 * The entry bundle every page loads holds neither the API docs' pages nor their doc list: each API
 * page's route (its path and hash, as ComponentCreator is called) is in exactly one shard chunk of the
 * route table (speed/route-shards.ts) and nowhere in main.js, nor are the loaders of its page chunk;
 * the API docs' global data lists its main doc only (speed/lean-docs-global-data.ts); the docs
 * version's props (every sidebar and doc) reach the browser lean, the whole only where a page needs them. The browser
 * side is tests/e2e/route-shards.spec.ts. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {readGeneratedRoutes, type GeneratedRoute} from '../../lib/generated-routes';
import {shardHashesGlobal} from '../../speed/shard-chunk-hashes';
import {repoRoot} from '../../lib/openapi';
import {buildDir, requireBuild} from '../support/twins';

const generatedFilesDir = path.join(repoRoot, '.docusaurus');
const scriptsDir = () => path.join(buildDir, 'assets/js');
const script = (pattern: RegExp) => {
  const files = readdirSync(scriptsDir()).filter((file) => pattern.test(file));
  return files.map((file) => ({file, source: readFileSync(path.join(scriptsDir(), file), 'utf8')}));
};

type Creator = {routePath: string; hash?: string};
/** The API docs' pages as Docusaurus generated their routes (the server's whole table). */
function apiPages(): {path: string; hash: string; content: string}[] {
  const routes = readGeneratedRoutes(generatedFilesDir, (routePath, hash): Creator => ({routePath, hash}), 'test');
  const chunkNames = JSON.parse(readFileSync(path.join(generatedFilesDir, 'routesChunkNames.json'), 'utf8')) as Record<
    string,
    {content?: string; __props?: string}
  >;
  const leaves: GeneratedRoute<Creator>[] = [];
  const visit = (list: GeneratedRoute<Creator>[]) => {
    for (const route of list)
      if (route.routes) visit(route.routes);
      else if (route.path.startsWith('/api/')) leaves.push(route);
  };
  visit(routes);
  return leaves.map(({path: routePath, component: {hash}}) => ({
    path: routePath,
    hash: hash!,
    // A doc's page is its content; a generated category index's, its props.
    content: chunkNames[`${routePath}-${hash}`]!.content ?? chunkNames[`${routePath}-${hash}`]!.__props!,
  }));
}

test('each API page’s route is in exactly one shard of the route table, and not in the entry bundle', () => {
  requireBuild();
  const pages = apiPages();
  assert.ok(pages.length > 32, `${pages.length} API pages: too few to shard, the test proves nothing`);
  const [main] = script(/^main\.[0-9a-f]{8}\.js$/);
  assert.ok(main, 'build/assets/js has no main bundle');
  const shards = script(/^routes-[0-9a-f]{8}\.[0-9a-f]{8}\.js$/);
  assert.ok(shards.length >= 2, `${shards.length} route shards in build/assets/js`);
  // A docs page's route stays in the entry bundle: the check below would find an API page's.
  assert.match(main.source, /"\/docs\/intro","[0-9a-f]{3,4}"/);
  for (const page of pages) {
    const call = `"${page.path}","${page.hash}"`;
    assert.ok(!main.source.includes(call), `${page.path}: its route is in main.js`);
    assert.ok(!main.source.includes(`"${page.content}"`), `${page.path}: its page chunk's loader is in main.js`);
    const holders = shards.filter(({source}) => source.includes(call)).map(({file}) => file);
    assert.equal(holders.length, 1, `${page.path}: its route is in ${holders.length} shards (${holders.join(', ')})`);
    assert.ok(
      shards.find(({file}) => file === holders[0])!.source.includes(`"${page.content}"`),
      `${page.path}: its shard does not load its page chunk`,
    );
  }
});

test('the API docs’ global data lists their main doc only, and no API page is named in the entry bundle', () => {
  requireBuild();
  const globalData = JSON.parse(readFileSync(path.join(generatedFilesDir, 'globalData.json'), 'utf8')) as {
    'docusaurus-plugin-content-docs': Record<string, {versions: {mainDocId: string; docs: {id: string}[]}[]}>;
  };
  const [version] = globalData['docusaurus-plugin-content-docs'].api!.versions;
  assert.deepEqual(
    version!.docs.map(({id}) => id),
    [version!.mainDocId],
  );
  const [main] = script(/^main\.[0-9a-f]{8}\.js$/);
  const pages = apiPages();
  const mainDoc = pages.find(({path: pagePath}) => main!.source.includes(`"id":"${version!.mainDocId}","path":"${pagePath}"`));
  assert.ok(mainDoc, 'the main doc is not in the global data of main.js');
  // Besides the main doc, main.js names an API page only where the site links to it (the navbar, the
  // footer) or where a shard of the route table starts.
  const starts = [...main!.source.matchAll(/starts:\[([^\]]*)\]/g)].flatMap(([, list]) => JSON.parse(`[${list}]`) as string[]);
  const named = pages.filter(
    (page) =>
      page !== mainDoc &&
      main!.source.includes(`"${page.path}"`) &&
      !main!.source.includes(`to:"${page.path}"`) &&
      !starts.includes(page.path),
  );
  assert.deepEqual(
    named.map(({path: pagePath}) => pagePath),
    [],
    'API pages main.js names',
  );
});

test('the browser gets the API docs version’s props lean, and no chunk of the whole props, which no page here needs', () => {
  requireBuild();
  const lean = script(/\.js$/).filter(({source}) => /"leanVersion":"version-[0-9a-f]{8}"/.test(source));
  assert.equal(lean.length, 1, `the lean version props are in ${lean.length} chunks`);
  // No doc list: only category pages' cards read it, and each gets its cards' docs in its shard, or
  // loads the whole props first when it lists more than the lean props hold (none on this site:
  // tests/unit/route-shards.test.ts has such pages).
  assert.match(lean[0]!.source, /"docs":\{\}\},"leanVersion"/);
  const id = /"leanVersion":"(version-[0-9a-f]{8})"/.exec(lean[0]!.source)![1]!;
  assert.deepEqual(
    script(new RegExp(`^${id}\\.[0-9a-f]{8}\\.js$`)).map(({file}) => file),
    [],
    'a chunk of the whole version props, which no page loads',
  );
  assert.deepEqual(
    script(/\.js$/).filter(({source}) => source.includes(`"${id}"`) && !source.includes('"leanVersion"')).map(({file}) => file),
    [],
    'a script that names the whole props’ chunk',
  );
});

test('the runtime holds no API page’s chunk hashes: each shard brings its pages’, and each names a file built', () => {
  requireBuild();
  const [runtime] = script(/^runtime~main\.[0-9a-f]{8}\.js$/);
  assert.ok(runtime, 'build/assets/js has no runtime chunk');
  const files = new Set(readdirSync(scriptsDir()));
  const shards = script(/^routes-[0-9a-f]{8}\.[0-9a-f]{8}\.js$/);
  const brought = new Map<string, string>();
  for (const {file, source} of shards) {
    const registered = new RegExp(`${shardHashesGlobal}\\|\\|\\{\\},(\\{[^}]*\\})\\);?$`).exec(source.trimEnd());
    assert.ok(registered, `${file} does not end registering its chunks' hashes`);
    // The minifier leaves names that are identifiers unquoted.
    const hashes = new Function(`return ${registered[1]}`)() as Record<string, string>;
    for (const [chunk, hash] of Object.entries(hashes)) {
      assert.ok(files.has(`${chunk}.${hash}.js`), `${file} names ${chunk}.${hash}.js, which was not built`);
      brought.set(chunk, hash);
    }
  }
  for (const page of apiPages()) {
    assert.ok(brought.has(page.content), `${page.path}: no shard brings the hash of its chunk ${page.content}`);
    assert.ok(!runtime.source.includes(`"${brought.get(page.content)}"`), `${page.path}: the runtime names its chunk's file`);
  }
});
