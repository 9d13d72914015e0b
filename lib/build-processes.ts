/**
 * The processes of a build (scripts/build.ts): how a Docusaurus process is run and its failure told,
 * how many processes a site is built in (one, or bundling in a process of its own for a large API), and
 * whether generation beside it yields its cores. scripts/build.ts says why each is as it is.
 */
import {spawn} from 'node:child_process';
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';

import {mistakeLines, withoutStackFrames} from './build-report';
import {awaitGenerationEnv, generationDoneLine} from './generation-gate';
import {loadSpec, operationsOf} from './openapi';
import {openApiSpecs, referenceOutputDir} from './openapi/specs';

/**
 * Rspack's allocator (mimalloc) gives freed memory back to the system at once rather than keeping it
 * for reuse: at 1,000 operations that is most of a gigabyte off the build's peak (bench/README.md, "Tricks
 * without a switch").
 */
const bundlerEnv = {MIMALLOC_PURGE_DELAY: '0', ...process.env};

/**
 * Runs a command, echoing its output while keeping a copy; resolves with the exit code and output.
 * With `generation` (the exit code of gen-api-docs to come), the command is a Docusaurus build that
 * waits for it (plugins/generation-gate.ts, lib/generation-gate.ts): told on its standard input when generation succeeded,
 * stopped when it failed. Its mistakes in the files of `siteDir` are said first (lib/build-report.ts).
 */
export function run(
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv = {},
  generation?: Promise<number>,
  siteDir = '.',
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
    // mistakes in the site's files it reports (lib/build-report.ts), then without its stack frames.
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

/** From this many operation pages on, bundling runs in a process of its own (scripts/build.ts). */
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

/**
 * Below this many operations, generation is done before Docusaurus has loaded its modules, config and
 * plugins (at 15 operations generation takes a few seconds, a little less than loading), so Docusaurus'
 * start is what the build waits for, and generation runs at a lower priority (nice 10): the cores go to
 * Docusaurus first, and to generation whenever Docusaurus has none to use (a fraction of a second
 * sooner at 15 operations; bench/README.md, "Tricks without a switch"). A larger API's generation is
 * the longer of the two and keeps its priority.
 */
export const generationYieldsBelow = 100;

/** Whether generation of `operations` operations runs at a lower priority than Docusaurus (scripts/build.ts). */
export const generationYields = (operations: number): boolean => operations < generationYieldsBelow;
