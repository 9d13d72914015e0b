/**
 * `npm run bench:hosting`: what precompression saves, on the text files of build/ (run `npm run build`
 * first). Per kind of file: the raw bytes, gzip as a server compresses on the fly (level 6, the
 * default of Node's compression middleware and Caddy's `encode`; nginx's default is level 1), and
 * what the build writes (gzip level 9, brotli at hosting/precompress.ts's qualities, the assets one page
 * loads told by .docusaurus as the build tells them), with brotli's
 * saving over on-the-fly gzip. Then the precompression step's time on a copy of build/: cold (no
 * cached assets), warm (every asset from the cache, as after a rebuild), and what brotli 11 would cost
 * on the pages too. Prints Markdown tables.
 */
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import {assetsOfOnePage} from '../hosting/page-assets';
import {
  bestQualityMinBytes,
  bestQualityMinCompressedBytes,
  brotliQuality,
  getsBestQuality,
  precompress,
} from '../hosting/precompress';
import {compressibleExtensions, immutablePrefix, minCompressBytes} from '../hosting/rules';

const buildDir = path.resolve(__dirname, '../build');
const generatedFilesDir = path.resolve(__dirname, '../.docusaurus');

const kinds: {name: string; test: (file: string) => boolean}[] = [
  {name: 'pages (.html)', test: (file) => file.endsWith('.html')},
  {name: 'scripts (.js)', test: (file) => file.endsWith('.js')},
  {name: 'styles (.css)', test: (file) => file.endsWith('.css')},
  {name: 'Markdown twins, llms*.txt', test: (file) => /\.(md|txt)$/.test(file)},
  {name: 'search index, sitemap, YAML, SVG', test: () => true},
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const percent = (part: number, whole: number) => `${((1 - part / whole) * 100).toFixed(0)}%`;

function brotli(body: Buffer, quality: number): number {
  return zlib.brotliCompressSync(body, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: quality}}).length;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, (performance.now() - started) / 1000];
}

async function main(): Promise<void> {
  if (!existsSync(path.join(buildDir, '404.html'))) throw new Error('no build/: run npm run build first');
  const files = readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => compressibleExtensions.includes(path.extname(file)))
    .filter((file) => statSync(path.join(buildDir, file)).size >= minCompressBytes);
  const onePageAssets = assetsOfOnePage(generatedFilesDir);

  console.log(
    '| files | count | raw | gzip on the fly (6) | gzip -9 (built) | brotli (built) | brotli vs on-the-fly gzip |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const totals = {count: 0, raw: 0, fly: 0, gzip: 0, br: 0};
  const placed = new Set<string>();
  for (const kind of kinds) {
    const row = {count: 0, raw: 0, fly: 0, gzip: 0, br: 0};
    for (const file of files.filter((candidate) => !placed.has(candidate) && kind.test(candidate))) {
      placed.add(file);
      const body = readFileSync(path.join(buildDir, file));
      row.count += 1;
      row.raw += body.length;
      row.fly += zlib.gzipSync(body, {level: 6}).length;
      row.gzip += zlib.gzipSync(body, {level: 9}).length;
      // As the build chooses: the fast quality, then the best where that leaves enough to gain on.
      const fast = brotli(body, brotliQuality.pages);
      row.br += getsBestQuality(`/${file.split(path.sep).join('/')}`, body.length, fast, onePageAssets)
        ? brotli(body, brotliQuality.assets)
        : fast;
    }
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
    console.log(
      `| ${kind.name} | ${row.count} | ${kb(row.raw)} | ${kb(row.fly)} | ${kb(row.gzip)} | ${kb(row.br)} | −${percent(row.br, row.fly)} |`,
    );
  }
  console.log(
    `| **all** | ${totals.count} | ${kb(totals.raw)} | ${kb(totals.fly)} | ${kb(totals.gzip)} | ${kb(totals.br)} | −${percent(totals.br, totals.fly)} |`,
  );

  // The step itself, on a copy of the build without its compressed files.
  const copy = mkdtempSync(path.join(tmpdir(), 'bench-hosting-'));
  const cache = path.join(copy, '.cache');
  try {
    cpSync(buildDir, path.join(copy, 'site'), {recursive: true, filter: (source) => !/\.(br|gz)$/.test(source)});
    const site = path.join(copy, 'site');
    const [, cold] = await timed(() => precompress(site, cache, onePageAssets));
    const [warmStats, warm] = await timed(() => precompress(site, cache, onePageAssets));
    const pages = files.filter((file) => !`/${file.split(path.sep).join('/')}`.startsWith(immutablePrefix));
    const pageBodies = pages.map((file) => readFileSync(path.join(buildDir, file)));
    const [, pagesAt] = await timed(async () => pageBodies.forEach((body) => brotli(body, brotliQuality.pages)));
    const [, pagesAt11] = await timed(async () => pageBodies.forEach((body) => brotli(body, 11)));
    const pageBytes = (quality: number) => pageBodies.reduce((sum, body) => sum + brotli(body, quality), 0);
    console.log('\n| precompression step (this machine) | time |\n| --- | --- |');
    console.log(
      `| cold: assets of ${bestQualityMinBytes / 1024} KB or more that several pages load and brotli ${brotliQuality.pages} leaves ${bestQualityMinCompressedBytes / 1024} KB of at brotli ${brotliQuality.assets}, the rest at ${brotliQuality.pages}, gzip 9 | ${cold.toFixed(1)} s |`,
    );
    console.log(
      `| warm: ${warmStats.cacheHits} compressed copies (.br, .gz) from the cache, nothing changed | ${warm.toFixed(1)} s |`,
    );
    console.log(
      `| pages alone, one core: brotli ${brotliQuality.pages} (${kb(pageBytes(brotliQuality.pages))}) vs brotli 11 (${kb(pageBytes(11))}) | ${pagesAt.toFixed(1)} s vs ${pagesAt11.toFixed(1)} s |`,
    );
  } finally {
    rmSync(copy, {recursive: true, force: true});
  }
}

main().catch((error: unknown) => {
  console.error(`bench:hosting: ${(error as Error).message}`);
  process.exit(1);
});
