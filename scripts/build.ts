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
 * its bundler holds keeps the build within 2 GB, and the second process would cost more time than its
 * memory is worth (bench/README.md, "Tricks without a switch"). BUILD_PROCESSES=1 or 2 decides instead (the scale smoke
 * builds its 100 operations in two, the way a large API builds). Both switches are Docusaurus' own
 * (DOCUSAURUS_EXIT_AFTER_BUNDLING, DOCUSAURUS_SKIP_BUNDLING), and the build fails, saying so, if the
 * first process renders pages or leaves no bundle.
 * Once every page is final (Docusaurus runs the plugins' postBuild steps side by side), it prepares the
 * build for its hosts: the hosts' files and precompressed text (hosting/prepare.ts).
 *
 * With `--generate` (what `npm run build` runs), it first starts gen-api-docs in a child process and
 * Docusaurus beside it, which loads its modules, the config and the plugins (seconds that need nothing
 * generated) and then waits for generation (speed/generation-gate.ts): at 15 operations most of a
 * second sooner than one after the other (bench/README.md, "Tricks without a switch"), which is what
 * it does with the generation-overlap trick off. Generation failing stops Docusaurus and the build.
 *
 * Usage: node --import tsx scripts/build.ts [--generate] [--no-precompress] [siteDir] [...docusaurus build options]
 */
import {spawn} from 'node:child_process';
import {setPriority} from 'node:os';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {operationsOf, loadSpec} from '../lib/openapi';
import {descriptionLinkLines} from '../lib/openapi/descriptions';
import {openApiSpecs, referenceOutputDir} from '../lib/openapi/specs';
import {prepareForHosting} from '../hosting/prepare';
import {awaitGenerationEnv, generationDoneLine} from '../speed/generation-gate';
import {isTrickOn} from '../speed/switches';
import {describeBrokenLinkSources, routeSourcesFile, type ReferenceLinks} from '../plugins/route-sources';
import {mistakeLines, withoutStackFrames} from './build-report';

const generate = process.argv.includes('--generate');
/** A build that is not for hosting (a test's copy of the site) may skip precompression: `--no-precompress`. */
const precompressed = !process.argv.includes('--no-precompress');
const args = process.argv.slice(2).filter((arg) => arg !== '--generate' && arg !== '--no-precompress');
const siteDir = path.resolve(args[0] && !args[0].startsWith('-') ? args[0] : '.');
const outDirArg = args.indexOf('--out-dir');
const outDir = path.resolve(outDirArg >= 0 && args[outDirArg + 1] ? args[outDirArg + 1]! : path.join(siteDir, 'build'));

/**
 * Rspack's allocator (mimalloc) gives freed memory back to the system at once rather than keeping it
 * for reuse: at 1,000 operations that is most of a gigabyte off the build's peak (bench/README.md, "Tricks
 * without a switch").
 */
const bundlerEnv = {MIMALLOC_PURGE_DELAY: '0', ...process.env};

/**
 * Runs a command, echoing its output while keeping a copy; resolves with the exit code and output.
 * With `generation` (the exit code of gen-api-docs to come), the command is a Docusaurus build that
 * waits for it (speed/generation-gate.ts): told on its standard input when generation succeeded,
 * stopped when it failed.
 */
export function run(
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv = {},
  generation?: Promise<number>,
): Promise<{code: number; output: string}> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {...bundlerEnv, ...env, ...(generation ? {[awaitGenerationEnv]: 'true'} : {})},
    });
    // The process may have ended (a broken config) before generation does: nothing to tell it then.
    child.stdin.on('error', () => undefined);
    if (!generation) child.stdin.end();
    else
      void generation.then((code) => {
        if (code === 0) child.stdin.end(`${generationDoneLine}\n`);
        else child.kill('SIGTERM');
      });
    let output = '';
    // From Docusaurus' first error on, its output is held, to be printed after the lines naming the
    // mistakes in the site's files it reports (scripts/build-report.ts), then without its stack frames.
    let held: string | undefined;
    const echo = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      if (held === undefined) {
        const error = text.indexOf('[ERROR]');
        if (error < 0) return void stream.write(text);
        stream.write(text.slice(0, error));
        held = text.slice(error);
      } else held += text;
    };
    child.stdout.on('data', echo(process.stdout));
    child.stderr.on('data', echo(process.stderr));
    child.on('close', (code) => {
      if (held !== undefined) {
        const mistakes = code === 0 ? [] : mistakeLines(output, siteDir);
        if (mistakes.length > 0) process.stderr.write(`${mistakes.join('\n')}\n\n`);
        // Stack frames say nothing of a mistake in the site's files; of anything else (a bug), they may.
        process.stderr.write(mistakes.length > 0 ? withoutStackFrames(held) : held);
      }
      resolve({code: code ?? 1, output});
    });
  });
}

/**
 * What to tell the reader when the build ran out of memory or built a string too long for V8 (both
 * name no file): how large each description is, largest first, and what to do. Undefined for any
 * other failure.
 */
export function describeOutOfMemory(output: string, siteDir = '.'): string | undefined {
  if (
    !/JavaScript heap out of memory|RangeError: Invalid string length|ERR_STRING_TOO_LONG|Cannot create a string longer/.test(
      output,
    )
  )
    return undefined;
  const sizes = openApiSpecs
    .map((spec) => {
      try {
        return {file: spec.file, operations: operationsOf(spec, loadSpec(spec)).length};
      } catch (error) {
        return {file: spec.file, operations: Number.NaN, problem: (error as Error).message};
      }
    })
    .sort((a, b) => (b.operations || 0) - (a.operations || 0));
  return [
    `The build ran out of memory (or made a text too long to hold) while building the pages of ${path.resolve(siteDir)}.`,
    'The API descriptions it builds, largest first:',
    ...sizes.map(({file, operations, problem}) => `  ${file}: ${problem ?? `${operations} operations`}`),
    'npm run bench:scale shows what a build needs by number of operations (bench/README.md, "Scale"). Build on a',
    'machine with more memory, or split the largest description into several (lib/openapi/specs.ts lists them).',
  ].join('\n');
}

/**
 * Why the bundling process's output cannot be rendered from, or undefined when it can: it must leave
 * the server bundle and no page (a Docusaurus that ignored DOCUSAURUS_EXIT_AFTER_BUNDLING renders
 * every page in the one process, and its memory with them).
 */
export function bundlingProblem(buildDir: string): string | undefined {
  if (!existsSync(path.join(buildDir, '__server/server.bundle.js')))
    return `${buildDir}/__server/server.bundle.js is missing after bundling: Docusaurus no longer leaves the server bundle for a second process (DOCUSAURUS_EXIT_AFTER_BUNDLING); build in one process (scripts/build.ts)`;
  if (existsSync(path.join(buildDir, '404.html')))
    return `${buildDir}/404.html was rendered by the bundling process: Docusaurus no longer honours DOCUSAURUS_EXIT_AFTER_BUNDLING, so the build would hold Rspack's memory while rendering (scripts/build.ts)`;
  return undefined;
}

/** From this many operation pages on, bundling runs in a process of its own (see above). */
export const twoProcessesFrom = 600;

/** How many Docusaurus processes build a site of `pages` operation pages: `setting` (BUILD_PROCESSES) decides when set. */
export function docusaurusProcesses(pages: number, setting = process.env.BUILD_PROCESSES): 1 | 2 {
  if (setting === undefined || setting === '') return pages < twoProcessesFrom ? 1 : 2;
  if (setting === '1') return 1;
  if (setting === '2') return 2;
  throw new Error(
    `BUILD_PROCESSES=${setting}: 1 (one Docusaurus process), 2 (bundling in a process of its own), or unset (by the number of operation pages, two from ${twoProcessesFrom})`,
  );
}

/** The operation pages gen-api-docs wrote for the site in `dir` (its `*.api.mdx` files). */
export function operationPages(dir: string): number {
  return openApiSpecs.reduce((sum, spec) => {
    const folder = path.join(dir, referenceOutputDir(spec));
    return sum + (existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.api.mdx')).length : 0);
  }, 0);
}

/**
 * The operations of the descriptions, which gen-api-docs will make a page each of: how many operation
 * pages a build will have before they are generated. 0 when a description does not load (generation
 * then fails with the file and the problem).
 */
export function operationsToGenerate(): number {
  try {
    return openApiSpecs.reduce((sum, spec) => sum + operationsOf(spec, loadSpec(spec)).length, 0);
  } catch {
    return 0;
  }
}

/** gen-api-docs in a child process, its output this one's; resolves with its exit code. */
function startGeneration(): {pid: number | undefined; exitCode: Promise<number>} {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'gen-api-docs.ts')], {
    stdio: 'inherit',
  });
  const exitCode = new Promise<number>((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
  return {pid: child.pid, exitCode};
}

/**
 * Below this many operations, generation is done before Docusaurus has loaded its modules, config and
 * plugins (at 15 operations generation takes a few seconds, a little less than loading), so Docusaurus'
 * start is what the build waits for, and generation runs at a lower priority (nice 10): the cores go to
 * Docusaurus first, and to generation whenever Docusaurus has none to use (a fraction of a second
 * sooner at 15 operations; bench/README.md, "Tricks without a switch"). A larger API's generation is
 * the longer of the two and keeps its priority.
 */
export const generationYieldsBelow = 100;

/** Whether generation of `operations` operations runs at a lower priority than Docusaurus (see above). */
export const generationYields = (operations: number): boolean => operations < generationYieldsBelow;

/**
 * Docusaurus' build, in two processes for a large API (see above); their output, and the failing exit
 * code. With `generation`, the first process starts at once and loads the site when it has succeeded.
 */
async function docusaurusBuild(
  generation?: ReturnType<typeof startGeneration>,
): Promise<{code: number; output: string}> {
  const docusaurus = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'bin/docusaurus.mjs');
  const pages = generation ? operationsToGenerate() : operationPages(siteDir);
  // Set within a few milliseconds of its start: gen-api-docs starts its own processes (Redocly, the
  // plugin's) only after loading its modules, and they inherit the priority.
  if (generation?.pid !== undefined && generationYields(pages))
    try {
      setPriority(generation.pid, 10);
    } catch {
      // It has already ended (it failed at once): its exit code says so below.
    }
  if (docusaurusProcesses(pages) === 1)
    return run(process.execPath, [docusaurus, 'build', ...args], {}, generation?.exitCode);
  const bundling = await run(
    process.execPath,
    [docusaurus, 'build', ...args],
    {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'},
    generation?.exitCode,
  );
  if (bundling.code !== 0) return bundling;
  // Stopped because generation failed (Docusaurus may exit 0 on SIGTERM): main says so, nothing is amiss with bundling.
  if (generation && (await generation.exitCode) !== 0) return bundling;
  const problem = bundlingProblem(outDir);
  if (problem) {
    console.error(`\n${problem}\n`);
    return {code: 1, output: bundling.output};
  }
  const rendering = await run(process.execPath, [docusaurus, 'build', ...args], {DOCUSAURUS_SKIP_BUNDLING: 'true'});
  return {code: rendering.code, output: bundling.output + rendering.output};
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
      return descriptionLinkLines(spec.file, text, links);
    },
  }));
}

async function main(): Promise<void> {
  const generation = generate ? startGeneration() : undefined;
  // Docusaurus starts while gen-api-docs runs (the generation-overlap trick), or once it has succeeded.
  const overlapped = generation && isTrickOn('generation-overlap') ? generation : undefined;
  const generatedFirst = generation && !overlapped ? await generation.exitCode : 0;
  const {code, output} = generatedFirst === 0 ? await docusaurusBuild(overlapped) : {code: 1, output: ''};
  const generationCode = (await generation?.exitCode) ?? 0;
  if (generationCode !== 0) {
    // gen-api-docs has said what failed above.
    console.error(
      `\nbuild: gen-api-docs failed (exit ${generationCode}), so Docusaurus was stopped before it read the site.`,
    );
    process.exitCode = generationCode;
    return;
  }
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
    const {scripts, compressed} = await prepareForHosting(outDir, path.join(path.dirname(outDir), 'deploy'), {
      precompressed,
    });
    const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    const compression = compressed
      ? `precompressed ${compressed.files} files (${megabytes(compressed.rawBytes)} → br ${megabytes(compressed.brotliBytes)}, gzip ${megabytes(compressed.gzipBytes)}; ` +
        `${compressed.cacheHits} of its .br and .gz from the cache)`
      : 'not precompressed (--no-precompress)';
    console.log(
      `[hosting] Content-Security-Policy allows ${scripts} inline scripts; wrote _headers, _redirects, deploy/Caddyfile, deploy/nginx.conf; ` +
        `${compression} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.error(`[hosting] ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
