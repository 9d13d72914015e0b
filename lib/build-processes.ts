/**
 * The processes of a build (scripts/build.ts): how a Docusaurus process is run and its failure told,
 * and how many processes a site is built in (one, or bundling in a process of its own for a large API).
 * scripts/build.ts says why each is as it is.
 */
import {spawn} from 'node:child_process';
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';

import {mistakeLines, withoutStackFrames} from './build-report';
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
 * Its mistakes in the files of `siteDir` are said first (lib/build-report.ts).
 */
export function run(
  command: string,
  commandArgs: string[],
  env: NodeJS.ProcessEnv = {},
  siteDir = '.',
): Promise<{code: number; output: string}> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {stdio: ['ignore', 'pipe', 'pipe'], env: {...bundlerEnv, ...env}});
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
export const twoProcessesFrom = 1000;

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
