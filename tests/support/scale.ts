/**
 * Building the site at a larger scale than its own API, for bench:scale and the scale smoke test: the
 * trainer description grown to N operations, a temporary copy of the site with it, and a command run
 * with its whole process tree's memory sampled from /proc.
 */
import {spawn, execFileSync} from 'node:child_process';
import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {parse, stringify} from 'yaml';

import {allOperations, httpMethods, operationSlug, repoRoot} from '../../lib/openapi';
import {openApiSpecs} from '../../lib/openapi/specs';

const pageSize = 4096;

/** A running build's memory, sampled from /proc: the sum over the process tree and its largest process. */
export type MemoryPeak = {total: number; largest: number; samples: {at: number; total: number}[]};

/** Every process below `root` (itself included), read from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name may hold spaces and parentheses: the parent pid follows the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we read.
    }
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function residentBytes(pid: number): number {
  try {
    // statm's second field: resident pages.
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * pageSize;
  } catch {
    return 0;
  }
}

export type Run = {seconds: number; memory: MemoryPeak; output: string; lines: {at: number; text: string}[]};

/** A run stopped because its process tree held more memory than its cap: when, and how much. */
export class MemoryCapExceeded extends Error {
  constructor(
    readonly seconds: number,
    readonly memory: MemoryPeak,
    readonly output: string,
  ) {
    super(`stopped at its memory cap after ${seconds.toFixed(0)} s (${(memory.total / 1024 ** 3).toFixed(1)} GB)`);
  }
}

/**
 * Runs a command, sampling its process tree's memory every 200 ms; fails with its output's end. With
 * `memoryCapBytes`, a tree that holds more is killed (SIGKILL, every process of it) and the run fails
 * with MemoryCapExceeded: running out ends the run, not the machine.
 */
export function measure(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
  {memoryCapBytes}: {memoryCapBytes?: number} = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, {cwd, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
    const memory: MemoryPeak = {total: 0, largest: 0, samples: []};
    const lines: Run['lines'] = [];
    let output = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      const at = (performance.now() - started) / 1000;
      for (const line of text.split('\n')) if (line.trim()) lines.push({at, text: line});
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let capped = false;
    const sample = () => {
      if (child.pid === undefined) return;
      const tree = processTree(child.pid);
      const sizes = tree.map(residentBytes);
      const total = sizes.reduce((sum, size) => sum + size, 0);
      memory.total = Math.max(memory.total, total);
      memory.largest = Math.max(memory.largest, ...sizes);
      memory.samples.push({at: (performance.now() - started) / 1000, total});
      if (memoryCapBytes !== undefined && total > memoryCapBytes && !capped) {
        capped = true;
        for (const pid of tree)
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // Gone already.
          }
      }
    };
    const timer = setInterval(sample, 200);
    child.on('close', (code, signal) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (capped) reject(new MemoryCapExceeded(seconds, memory, output));
      else if (code !== 0) {
        // The end of what it printed (a failure's first error line can sit above a long stack), without
        // the timings DOCUSAURUS_PERF_LOGGER prints, which would fill it.
        const said = output
          .split('\n')
          .filter((line) => !/^\s*\[PERF\]/.test(line))
          .join('\n');
        const how = signal ? `killed by ${signal}` : `exit code ${code}`;
        reject(new Error(`${command} ${args.join(' ')} failed in ${cwd} (${how}):\n${said.slice(-12_000)}`));
      } else resolve({seconds, memory, output, lines});
    });
  });
}

/** The number of operations of a description. */
function operationCount(doc: {paths?: Record<string, Record<string, unknown>>}): number {
  return Object.values(doc.paths ?? {}).reduce(
    (sum, item) => sum + httpMethods.filter((method) => item[method] !== undefined).length,
    0,
  );
}

type Description = {
  tags?: {name: string; description?: string}[];
  paths: Record<string, Record<string, {operationId?: string; summary?: string; tags?: string[]}>>;
};

/**
 * The trainer description grown so that the four descriptions hold `total` operations: copy `i` of
 * each path sits under `/scale-<i>`, its operations under tags `<tag> <i>`, with ids and summaries
 * numbered, so every page, anchor and sidebar entry is distinct, as in a real large API.
 */
export function grownTrainer(total: number): string {
  const trainerSpec = openApiSpecs.find((spec) => spec.id === 'trainer')!;
  const doc = parse(readFileSync(path.join(repoRoot, trainerSpec.file), 'utf8')) as Description;
  const others = allOperations().length - operationCount(doc);
  let missing = total - others - operationCount(doc);
  if (missing < 0)
    throw new Error(`--ops ${total} is fewer than the site's own ${others + operationCount(doc)} operations`);
  const originalPaths = Object.entries(doc.paths);
  const originalTags = doc.tags ?? [];
  for (let copy = 1; missing > 0; copy += 1) {
    doc.tags = [...(doc.tags ?? []), ...originalTags.map((tag) => ({...tag, name: `${tag.name} ${copy}`}))];
    for (const [pathName, item] of originalPaths) {
      if (missing <= 0) break;
      const grown: Description['paths'][string] = {};
      for (const [key, value] of Object.entries(structuredClone(item))) {
        if (!(httpMethods as readonly string[]).includes(key)) {
          grown[key] = value;
          continue;
        }
        if (missing <= 0) continue;
        grown[key] = {
          ...value,
          operationId: `${value.operationId}Scale${copy}`,
          summary: `${value.summary} (${copy})`,
          tags: value.tags?.map((tag) => `${tag} ${copy}`),
        };
        missing -= 1;
      }
      doc.paths[`/scale-${copy}${pathName}`] = grown;
    }
  }
  // Tags no grown operation uses would be flagged by the linter.
  const used = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => op?.tags ?? [])));
  doc.tags = (doc.tags ?? []).filter((tag) => used.has(tag.name) || originalTags.includes(tag));
  return stringify(doc, {lineWidth: 0});
}

/**
 * An edit such as a writer makes between two builds: `sentence` added to the description of one
 * operation of the site copy in `dir` (its trainer description). Returns the operation's page.
 */
export function editOperationDescription(
  dir: string,
  operationId: string,
  sentence: string,
  {first = false}: {first?: boolean} = {},
): string {
  const trainerSpec = openApiSpecs.find((spec) => spec.id === 'trainer')!;
  const file = path.join(dir, trainerSpec.file);
  const doc = parse(readFileSync(file, 'utf8')) as Description;
  const operation = Object.values(doc.paths)
    .flatMap((item) => httpMethods.map((method) => item[method]))
    .find((found) => found?.operationId === operationId) as {description?: string} | undefined;
  if (!operation) throw new Error(`${file} has no operation ${operationId}`);
  // First: the sentence opens the description, so the page's description (its first sentence, which
  // the cards of its category and of its API's landing page show) changes too.
  operation.description = (
    first ? `${sentence} ${operation.description ?? ''}` : `${operation.description ?? ''}\n\n${sentence}`
  ).trim();
  writeFileSync(file, stringify(doc, {lineWidth: 0}));
  return `/api/api-reference/${trainerSpec.referenceId}/${operationSlug(operationId)}`;
}

/** One Markdown page of the site's guides with a paragraph added at its end; returns its route. */
export function editMarkdownPage(dir: string, sentence: string): string {
  const file = path.join(dir, 'docs/quickstart.md');
  writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\n\n${sentence}\n`);
  return '/docs/quickstart';
}

/** A folder of links to every installed package but the caches, so each copy has caches of its own. */
export function linkNodeModules(target: string): void {
  mkdirSync(target);
  const source = path.join(repoRoot, 'node_modules');
  for (const entry of readdirSync(source)) {
    if (entry === '.cache') continue;
    symlinkSync(path.join(source, entry), path.join(target, entry));
  }
}

/**
 * Our site as git has it (no tests), in the folder `dir` with its own links to node_modules: for
 * building or running the site where nothing it writes touches the working tree. Files git does not
 * track yet but does not ignore are copied too: a new module that tracked files already import.
 */
export function trackedSiteCopy(dir: string): string {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && !file.startsWith('tests/') && existsSync(path.join(repoRoot, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    cpSync(path.join(repoRoot, file), path.join(dir, file));
  }
  linkNodeModules(path.join(dir, 'node_modules'));
  return dir;
}

/** Our site in a temporary folder, with the trainer description grown so the API has `total` operations. */
export function siteCopy(total: number, root: string): string {
  const dir = trackedSiteCopy(path.join(root, `site-${total}`));
  writeFileSync(path.join(dir, 'openapi/trainer.yaml'), grownTrainer(total));
  return dir;
}

export function folderBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** The largest file under `dir` (of those whose name `named` accepts), relative to it. */
export function largestFile(dir: string, named: (name: string) => boolean = () => true): {file: string; bytes: number} {
  let largest = {file: '', bytes: 0};
  for (const entry of readdirSync(dir, {withFileTypes: true, recursive: true})) {
    if (!entry.isFile() || !named(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = statSync(file).size;
    if (bytes > largest.bytes) largest = {file: path.relative(dir, file), bytes};
  }
  return largest;
}

export const pagesOf = (buildDir: string) =>
  readdirSync(buildDir, {withFileTypes: true, recursive: true}).filter((entry) => entry.name === 'index.html').length;
