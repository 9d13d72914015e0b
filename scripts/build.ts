/**
 * `npm run build`: the Docusaurus production build, with a clearer failure for broken links.
 * Docusaurus reports a broken link by the route of the page that holds it; this names the source file
 * too (from the map the route-sources plugin writes), so the reader knows which file to fix.
 *
 * Usage: tsx scripts/build.ts [siteDir] [...docusaurus build options]
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {describeBrokenLinkSources, routeSourcesFile} from '../plugins/route-sources';

const args = process.argv.slice(2);
const siteDir = path.resolve(args[0] && !args[0].startsWith('-') ? args[0] : '.');

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
  }
  process.exitCode = code;
}

void main();
