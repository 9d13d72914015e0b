/**
 * `npm run build`: the Docusaurus production build, with a clearer failure for broken links.
 * Docusaurus reports a broken link by the route of the page that holds it; this names the source file
 * too (from the map the route-sources plugin writes), so the reader knows which file to fix.
 * Once every page is final (Docusaurus runs the plugins' postBuild steps side by side), it prepares the
 * build for its hosts: the hosts' files and precompressed text (hosting/prepare.ts).
 *
 * Usage: tsx scripts/build.ts [siteDir] [...docusaurus build options]
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {operationsOf, loadSpec} from '../lib/openapi';
import {openApiSpecs} from '../lib/openapi/specs';
import {prepareForHosting} from '../hosting/prepare';
import {describeBrokenLinkSources, routeSourcesFile} from '../plugins/route-sources';

const args = process.argv.slice(2);
const siteDir = path.resolve(args[0] && !args[0].startsWith('-') ? args[0] : '.');
const outDirArg = args.indexOf('--out-dir');
const outDir = path.resolve(outDirArg >= 0 && args[outDirArg + 1] ? args[outDirArg + 1]! : path.join(siteDir, 'build'));

/**
 * Rspack's allocator (mimalloc) gives freed memory back to the system at once rather than keeping it
 * for reuse: at 1,000 operations the build's peak fell from 4.4 to 3.7 GB (bench:scale, README "Scale").
 */
const bundlerEnv = {MIMALLOC_PURGE_DELAY: '0', ...process.env};

/** Runs a command, echoing its output while keeping a copy; resolves with the exit code and output. */
function run(command: string, commandArgs: string[]): Promise<{code: number; output: string}> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {stdio: ['ignore', 'pipe', 'pipe'], env: bundlerEnv});
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({code: code ?? 1, output}));
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
    'npm run bench:scale shows what a build needs by number of operations (README, "Scale"). Build on a',
    'machine with more memory, or split the largest description into several (lib/openapi/specs.ts lists them).',
  ].join('\n');
}

async function main(): Promise<void> {
  const docusaurus = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'bin/docusaurus.mjs');
  const {code, output} = await run(process.execPath, [docusaurus, 'build', ...args]);
  if (code !== 0) {
    const mapFile = routeSourcesFile(path.join(siteDir, '.docusaurus'));
    const sources = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as Record<string, string>) : {};
    const lines = describeBrokenLinkSources(output, sources);
    if (lines.length > 0) console.error(`\n${lines.join('\n')}\n`);
    const outOfMemory = describeOutOfMemory(output, siteDir);
    if (outOfMemory) console.error(`\n${outOfMemory}\n`);
    process.exitCode = code;
    return;
  }
  const started = performance.now();
  try {
    const {scripts, compressed} = await prepareForHosting(outDir, path.join(path.dirname(outDir), 'deploy'));
    const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(
      `[hosting] Content-Security-Policy allows ${scripts} inline scripts; wrote _headers, _redirects, deploy/Caddyfile, deploy/nginx.conf; ` +
        `precompressed ${compressed.files} files (${megabytes(compressed.rawBytes)} → br ${megabytes(compressed.brotliBytes)}, gzip ${megabytes(compressed.gzipBytes)}; ` +
        `${compressed.cacheHits} assets from the cache) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    console.error(`[hosting] ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

if (require.main === module) void main();
