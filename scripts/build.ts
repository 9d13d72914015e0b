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

import {prepareForHosting} from '../hosting/prepare';
import {describeBrokenLinkSources, routeSourcesFile} from '../plugins/route-sources';

const args = process.argv.slice(2);
const siteDir = path.resolve(args[0] && !args[0].startsWith('-') ? args[0] : '.');
const outDirArg = args.indexOf('--out-dir');
const outDir = path.resolve(outDirArg >= 0 && args[outDirArg + 1] ? args[outDirArg + 1]! : path.join(siteDir, 'build'));

/** Runs a command, echoing its output while keeping a copy; resolves with the exit code and output. */
function run(command: string, commandArgs: string[]): Promise<{code: number; output: string}> {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {stdio: ['ignore', 'pipe', 'pipe']});
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

async function main(): Promise<void> {
  const docusaurus = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'bin/docusaurus.mjs');
  const {code, output} = await run(process.execPath, [docusaurus, 'build', ...args]);
  if (code !== 0) {
    const mapFile = routeSourcesFile(path.join(siteDir, '.docusaurus'));
    const sources = existsSync(mapFile) ? (JSON.parse(readFileSync(mapFile, 'utf8')) as Record<string, string>) : {};
    const lines = describeBrokenLinkSources(output, sources);
    if (lines.length > 0) console.error(`\n${lines.join('\n')}\n`);
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

void main();
