/**
 * `npm run bench:last-updated`: what the pages' last-updated dates and the API changelog cost a
 * build of a large API. For `--ops` operations (2,000 by default) it copies the site with its trainer
 * description grown (as bench:scale does) and builds it cold twice: as the copy is, without git (no
 * dates, the changelog saying it has no history), and as a git repository of one commit (every page
 * dated: Docusaurus reads the history once, each reference page takes its description's date, and
 * the changelog reads its history). `--runs` pairs (2 by default), the order alternating, each build
 * in a fresh copy with empty caches. Prints a table: seconds and peak memory of each build, the ratio,
 * and the pages that show a date.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {measure, siteCopy, type Run} from '../tests/support/scale';

const {values} = parseArgs({options: {ops: {type: 'string', default: '2000'}, runs: {type: 'string', default: '2'}}});
const operations = Number(values.ops);
const runs = Number(values.runs);

/** Built pages that show a last-updated date. */
function datedPages(buildDir: string): number {
  return readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('index.html'))
    .filter((file) => readFileSync(path.join(buildDir, file), 'utf8').includes('itemprop=dateModified')).length;
}

async function build(withHistory: boolean): Promise<{run: Run; dated: number}> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bench-last-updated-'));
  try {
    const dir = siteCopy(operations, root);
    if (withHistory) {
      const git = (...args: string[]) => execFileSync('git', args, {cwd: dir, stdio: 'ignore'});
      git('init', '-q');
      git('add', '-A');
      git('-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '-m', 'The site');
    }
    const run = await measure('npm', ['run', '--silent', 'build', '--', '--no-precompress'], dir);
    return {run, dated: datedPages(path.join(dir, 'build'))};
  } finally {
    rmSync(root, {recursive: true, force: true});
  }
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const ratios: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    // Alternating which goes first, so that the machine's drift falls on both.
    const order = index % 2 === 0 ? [false, true] : [true, false];
    const result = new Map<boolean, Awaited<ReturnType<typeof build>>>();
    for (const withHistory of order) result.set(withHistory, await build(withHistory));
    const without = result.get(false)!;
    const withDates = result.get(true)!;
    const ratio = withDates.run.seconds / without.run.seconds;
    ratios.push(ratio);
    const gb = (bytes: number) => (bytes / 1e9).toFixed(2);
    rows.push(
      `| ${index + 1} | ${without.run.seconds.toFixed(1)} s, ${gb(without.run.memory.total)} GB | ${withDates.run.seconds.toFixed(1)} s, ${gb(withDates.run.memory.total)} GB | ${ratio.toFixed(3)} | ${without.dated} / ${withDates.dated} |`,
    );
  }
  console.log(
    `\nLast-updated dates and the API changelog at ${operations} operations, cold builds (${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log('| run | no history (no dates) | git history (dated) | ratio | pages dated (without / with) |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  const sorted = [...ratios].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  console.log(`\nratio median ${median.toFixed(3)}, spread ${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)}`);
}

void main();
