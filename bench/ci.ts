/**
 * `npm run bench:ci`: what each part of `npm test` costs, run alone one after the other on this
 * machine: its wall time and the CPU the whole machine was busy with meanwhile (user, system and
 * interrupts of every core, read from /proc/stat: it counts what the part's processes did, Chromium's
 * renderers and the kernel's work for them included, which a process's own rusage misses once its
 * children have gone). CI's time on two cores is bounded below by about half the CPU total. Run
 * nothing else meanwhile. `-- --only test:unit,lint` runs those parts alone. Linux only. Prints a
 * Markdown table.
 */
import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * The parts of `npm test` after generation, read from package.json so they cannot drift from it: the
 * scripts `test:all` runs side by side, with `test:site` measured as its steps (build:site, then the
 * build tests and the browser suite, which run side by side in it).
 */
function testParts(): string[] {
  const {scripts} = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const partsOf = (script: string) => (scripts[script] ?? '').split(/\s+/).filter((word) => word in scripts);
  return partsOf('test:all').flatMap((part) => (part === 'test:site' ? partsOf(part) : [part]));
}

/** Seconds the machine's cores have been busy since boot: user, nice, system, irq and softirq. */
function busySeconds(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const [user, nice, system, , , irq, softirq] = cpu!.trim().split(/\s+/).slice(1).map(Number);
  return (user! + nice! + system! + irq! + softirq!) / 100;
}

type Measured = {part: string; wall: number; cpu: number; status: number | null};

function measure(part: string): Measured {
  const busy = busySeconds();
  const started = performance.now();
  const result = spawnSync('npm', ['run', '--silent', part], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: process.env,
  });
  const measured = {part, wall: (performance.now() - started) / 1000, cpu: busySeconds() - busy, status: result.status};
  if (result.status !== 0)
    console.error(`${part} failed (exit ${result.status}):\n${String(result.stderr).slice(-2000)}`);
  return measured;
}

function main(): void {
  if (process.platform !== 'linux') throw new Error('bench:ci reads /proc/stat: Linux only');
  const only = process.argv.indexOf('--only');
  const parts = testParts();
  const chosen = only >= 0 ? (process.argv[only + 1] ?? '').split(',') : parts;
  const unknown = chosen.filter((part) => !parts.includes(part));
  if (unknown.length > 0) throw new Error(`bench:ci: no part ${unknown.join(', ')}; the parts are ${parts.join(', ')}`);
  console.error('bench:ci: npm run gen-api-docs first (not measured)');
  const generated = spawnSync('npm', ['run', '--silent', 'gen-api-docs'], {cwd: root, stdio: 'ignore'});
  if (generated.status !== 0) throw new Error('bench:ci: npm run gen-api-docs failed; run it to see why');

  const rows: Measured[] = [];
  for (const part of chosen) {
    console.error(`bench:ci: ${part}`);
    rows.push(measure(part));
  }
  const cpuTotal = rows.reduce((sum, row) => sum + row.cpu, 0);
  console.log(`${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}\n`);
  console.log('| part | wall | busy CPU | share of the CPU | exit |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows)
    console.log(
      `| \`${row.part}\` | ${row.wall.toFixed(1)} s | ${row.cpu.toFixed(1)} s | ${((row.cpu / cpuTotal) * 100).toFixed(0)}% | ${row.status} |`,
    );
  const wallTotal = rows.reduce((sum, row) => sum + row.wall, 0);
  console.log(`| all | ${wallTotal.toFixed(1)} s | ${cpuTotal.toFixed(1)} s | | |`);
  console.log(
    `\nOn ${os.cpus().length} cores kept busy, these parts need at least ${(cpuTotal / os.cpus().length).toFixed(0)} s, before npm ci and generation.`,
  );
}

try {
  main();
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
