/**
 * `npm run build`: the Docusaurus production build, with a clearer failure for broken links.
 * Docusaurus reports a broken link by the route of the page that holds it; this names the source file
 * too (from the map the route-sources plugin writes), so the reader knows which file to fix.
 * For a large API, Docusaurus runs in two processes, one after the other: the first bundles (Rspack)
 * and exits, the second renders the pages from that bundle and runs the post-build steps. Rspack keeps
 * the memory of its compilation (gigabytes at 2,000 operations, outside the JavaScript heap, so no GC
 * frees it) until its process ends, and in one process that memory stayed under every later phase: at
 * 2,000 operations two processes take a third off the build's peak, for one more start and loading of
 * the site (seconds). A site of fewer than `twoProcessesFrom` operation pages builds in one process: what
 * its bundler holds keeps the build within about 3 GB (Kubernetes' 845 operations, whose pages are three
 * times the trainer's), and the second process would cost more time than its memory is worth
 * (bench/README.md, "Tricks without a switch"). BUILD_PROCESSES=1 or 2 decides instead (the scale smoke
 * builds its 100 operations in two, the way a large API builds). Both switches are Docusaurus' own
 * (DOCUSAURUS_EXIT_AFTER_BUNDLING, DOCUSAURUS_SKIP_BUNDLING), and the build fails, saying so, if the
 * first process renders pages or leaves no bundle.
 * The bundles are compressed into the precompression cache, at the lowest priority,
 * from the start of the post-build steps (plugins/post-build-signal.ts) to their end
 * (scripts/precompress-ahead.ts). Once every page is final (Docusaurus runs the plugins' postBuild
 * steps side by side), it prepares the build for its hosts: the hosts' files and precompressed text
 * (hosting/prepare.ts), which takes those copies from the cache.
 *
 * With `--generate` (what `npm run build` runs), it first runs gen-api-docs in a child process, and
 * Docusaurus once that has succeeded. (Docusaurus started beside generation, loading its modules and
 * plugins while it ran, saved nothing beyond the spread at 15 operations, Kubernetes' or Autotask's:
 * generation keeps both cores busy. bench/README.md, "Speed tricks".)
 *
 * Usage: node --import tsx scripts/build.ts [--generate] [--no-precompress] [siteDir] [...docusaurus build options]
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';

import {bundlingProblem, describeOutOfMemory, docusaurusProcesses, operationPages, run} from '../lib/build-processes';
import {descriptionFiles} from '../lib/openapi/bundle';
import {descriptionLinkLines, writesLinkIn} from '../lib/openapi/descriptions';
import {openApiSpecs, referenceOutputDir} from '../lib/openapi/specs';
import {prepareForHosting} from '../hosting/prepare';
import {renderingEnv} from '../speed/unminified-html';
import {postBuildSignalEnv} from '../plugins/post-build-signal';
import {describeBrokenLinkSources, routeSourcesFile, type ReferenceLinks} from '../plugins/route-sources';

const generate = process.argv.includes('--generate');
/** A build that is not for hosting (a test's copy of the site) may skip precompression: `--no-precompress`. */
const precompressed = !process.argv.includes('--no-precompress');
const args = process.argv.slice(2).filter((arg) => arg !== '--generate' && arg !== '--no-precompress');
const siteDir = path.resolve(args[0] && !args[0].startsWith('-') ? args[0] : '.');
const outDirArg = args.indexOf('--out-dir');
const outDir = path.resolve(outDirArg >= 0 && args[outDirArg + 1] ? args[outDirArg + 1]! : path.join(siteDir, 'build'));

/** gen-api-docs in a child process, its output this one's; resolves with its exit code. */
function generateReference(): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'gen-api-docs.ts')], {
    stdio: 'inherit',
  });
  return new Promise<number>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/**
 * scripts/precompress-ahead.ts at the lowest priority, through `nice` so that libuv's threads, which
 * compress, have it too (a priority set after the start would miss threads already made); `stop` asks
 * it to end after its current file and waits. Where `nice` is missing, nothing runs: the hosting step
 * compresses everything, as it would anyway.
 */
function startCompressionAhead(): {stop: () => Promise<void>} {
  const script = path.join(__dirname, 'precompress-ahead.ts');
  const child = spawn(
    'nice',
    ['-n', '19', process.execPath, '--import', 'tsx', script, outDir, path.join(siteDir, '.docusaurus')],
    {stdio: 'inherit'},
  );
  const ended = new Promise<void>((resolve) => {
    child.on('error', () => resolve());
    child.on('close', () => resolve());
  });
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await ended;
    },
  };
}

/** Docusaurus' build, in two processes for a large API (see above); their output, and the failing exit code. */
async function docusaurusBuild(): Promise<{code: number; output: string}> {
  const docusaurus = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'bin/docusaurus.mjs');
  const rendering = renderingEnv();
  if (docusaurusProcesses(operationPages(siteDir)) === 1)
    return renderingWithCompressionAhead((signalEnv) =>
      run(process.execPath, [docusaurus, 'build', ...args], {...rendering, ...signalEnv}, siteDir),
    );
  const bundling = await run(
    process.execPath,
    [docusaurus, 'build', ...args],
    {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'},
    siteDir,
  );
  if (bundling.code !== 0) return bundling;
  const problem = bundlingProblem(outDir);
  if (problem) {
    console.error(`\n${problem}\n`);
    return {code: 1, output: bundling.output};
  }
  const rendered = await renderingWithCompressionAhead((signalEnv) =>
    run(
      process.execPath,
      [docusaurus, 'build', ...args],
      {...rendering, DOCUSAURUS_SKIP_BUNDLING: 'true', ...signalEnv},
      siteDir,
    ),
  );
  return {code: rendered.code, output: bundling.output + rendered.output};
}

/**
 * Runs the Docusaurus process that renders the pages (`render`, given the variable its post-build
 * signal needs): once its post-build steps begin, the bundles are final and their compression takes
 * the core those steps leave idle (Pagefind's last seconds run on one) instead of adding to the
 * hosting step. Started beside the rendering, which keeps both cores busy, it gained nothing beyond
 * the spread (bench/README.md).
 */
async function renderingWithCompressionAhead(
  render: (signalEnv: NodeJS.ProcessEnv) => Promise<{code: number; output: string}>,
): Promise<{code: number; output: string}> {
  const signal = path.join(siteDir, '.docusaurus', 'post-build-started');
  rmSync(signal, {force: true});
  let ahead: ReturnType<typeof startCompressionAhead> | undefined;
  const watching = precompressed
    ? setInterval(() => {
        if (!existsSync(signal)) return;
        clearInterval(watching);
        ahead = startCompressionAhead();
      }, 200)
    : undefined;
  const rendered = await render({[postBuildSignalEnv]: signal});
  clearInterval(watching);
  if (ahead) {
    const started = performance.now();
    await ahead.stop();
    console.log(
      `[hosting] compression ahead: started with the post-build steps, ended ${((performance.now() - started) / 1000).toFixed(1)} s after them`,
    );
  }
  return rendered;
}

/**
 * Each description's reference pages, and where its relative links that Docusaurus found leading to no
 * page are written: its file and line, once per link however many pages show it (the reference's pages
 * are generated; the maintainer fixes the description's entry, giving it a linkBase).
 */
function descriptionsOfReferences(): ReferenceLinks[] {
  return openApiSpecs.map((spec) => ({
    folder: referenceOutputDir(spec),
    describe: (links) => {
      let text: string;
      try {
        text = readFileSync(path.resolve(siteDir, spec.file), 'utf8');
      } catch (error) {
        return links.map(
          ({link}) =>
            `${spec.file}: the relative link ${link} leads to no page of this site (${(error as Error).message})`,
        );
      }
      // Split over many files: each link named in the file that writes it.
      const files = descriptionFiles(path.resolve(siteDir, spec.file)).slice(1);
      if (files.length === 0) return descriptionLinkLines(spec.file, text, links);
      const texts = new Map(files.map((file) => [file, existsSync(file) ? readFileSync(file, 'utf8') : '']));
      const leafOf = (link: string) => files.find((file) => writesLinkIn(texts.get(file)!, link));
      return links.flatMap((each) => {
        const leaf = writesLinkIn(text, each.link) ? undefined : leafOf(each.link);
        return leaf
          ? descriptionLinkLines(path.relative(siteDir, leaf), texts.get(leaf)!, [each])
          : descriptionLinkLines(spec.file, text, [each]);
      });
    },
  }));
}

async function main(): Promise<void> {
  const generationCode = generate ? await generateReference() : 0;
  if (generationCode !== 0) {
    // gen-api-docs has said what failed above.
    console.error(`\nbuild: gen-api-docs failed (exit ${generationCode}), so Docusaurus did not start.`);
    process.exitCode = generationCode;
    return;
  }
  const {code, output} = await docusaurusBuild();
  if (code !== 0) {
    const mapFile = routeSourcesFile(path.join(siteDir, '.docusaurus'));
    const sources = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as Record<string, string>) : {};
    const lines = describeBrokenLinkSources(output, sources, descriptionsOfReferences());
    if (lines.length > 0) console.error(`\n${lines.join('\n')}\n`);
    const outOfMemory = describeOutOfMemory(output, siteDir);
    if (outOfMemory) console.error(`\n${outOfMemory}\n`);
    process.exitCode = code;
    return;
  }
  const started = performance.now();
  try {
    const deployTo = path.join(path.dirname(outDir), 'deploy');
    const {scripts, widened, compressed, pastLimits} = await prepareForHosting(outDir, deployTo, {
      precompressed,
      generatedFilesDir: path.join(siteDir, '.docusaurus'),
    });
    const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const compression = compressed
      ? `precompressed ${compressed.files} files (${megabytes(compressed.rawBytes)} → br ${megabytes(compressed.brotliBytes)}, gzip ${megabytes(compressed.gzipBytes)}; ` +
        `${compressed.cacheHits} of its .br and .gz from the cache)`
      : 'not precompressed (--no-precompress)';
    for (const {source, origins} of widened)
      console.warn(
        `[hosting] warning: connect-src allows ${source} for ${origins.length} API origins (${origins.slice(0, 2).join(', ')}, …): ` +
          `listed one by one, the Content-Security-Policy would be too long for Cloudflare Pages (2,000 characters a line)`,
      );
    for (const line of pastLimits) console.warn(`[hosting] warning: ${line}`);
    console.log(
      `[hosting] Content-Security-Policy allows ${scripts} inline scripts; wrote _headers, _redirects, deploy/Caddyfile, deploy/nginx.conf; ` +
        `${compression} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.error(`[hosting] ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

void main();
