/**
 * The lint of the OpenAPI descriptions, with the project's Redocly rules (redocly.yaml): what
 * `npm run gen-api-docs` (scripts/gen-api-docs.ts) runs before it generates anything, so that no page
 * is generated from a wrong contract, and what the tests hold every description to.
 */
import {spawn, spawnSync} from 'node:child_process';
import {setPriority} from 'node:os';
import path from 'node:path';

import {repoRoot} from '.';
import {isStrict, type OpenApiSpecEntry} from './specs';

/** A command's exit status and what it printed. */
export type RunResult = {status: number; output: string};
type RunOutput = RunResult & {stdout: string};

// No network calls at build time: no update check, no telemetry.
export const childEnv = {...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off'};

function run(bin: string, args: string[], {quiet = false} = {}): RunOutput {
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin', bin), args, {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
    env: childEnv,
    // Redocly's JSON report of another provider's description runs to megabytes (1 MB is the default).
    maxBuffer: 512 * 1024 ** 2,
  });
  return {
    status: result.status ?? 1,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}`,
    stdout: result.stdout ?? '',
  };
}

/** `run`, in a process that runs beside this one: its output taken whole. */
function runBeside(bin: string, args: string[], {lowPriority = false} = {}): Promise<RunOutput> {
  return new Promise((resolve) => {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin', bin), args, {cwd: repoRoot, env: childEnv});
    // Behind the work that waits for nothing of it, on a machine with fewer cores than processes.
    if (lowPriority && child.pid !== undefined)
      try {
        setPriority(child.pid, 10);
      } catch {
        // A system that refuses: it runs at the same priority.
      }
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => resolve({status: 1, output: error.message, stdout: ''}));
    child.on('close', (code) => {
      const out = Buffer.concat(stdout).toString('utf8');
      resolve({status: code ?? 1, output: `${out}${Buffer.concat(stderr).toString('utf8')}`, stdout: out});
    });
  });
}

/** One finding of Redocly's, as its JSON format gives it. */
type LintProblem = {
  ruleId: string;
  severity: 'error' | 'warn' | string;
  message: string;
  location?: {source?: {ref?: string}; pointer?: string; start?: {line: number; col: number}}[];
};

/** What one lint run found: its exit status, what it says to a maintainer, and its findings by file. */
export type LintResult = RunResult & {
  /** The findings of each file, the first 100 of each rule (Redocly's --max-problems). */
  problems: Map<string, LintProblem[]>;
  /** How many errors and warnings each file has in all. */
  totals: Map<string, {errors: number; warnings: number}>;
  read: boolean;
};

/** Redocly's notice that Node 20 support is ending, which says nothing of the descriptions. */
const redoclyNotice = /^\s*[╔║╚].*$/gm;

/**
 * A finding as a maintainer reads it, `file:line:column  severity  rule  message`, and its JSON pointer
 * after it: in a description published as one line of JSON, `1:21392` alone says nothing. The file is
 * where the problem is: a description split over many files has it in the file a `$ref` reached.
 */
export function lintProblemLine(file: string, problem: LintProblem): string {
  const [where] = problem.location ?? [];
  const place = where?.start ? `:${where.start.line}:${where.start.col}` : '';
  const pointer = where?.pointer ? ` (at ${decodeURIComponent(where.pointer)})` : '';
  const severity = problem.severity === 'warn' ? 'warning' : problem.severity;
  // The file the problem is in: for a description split over many files, the one that `$ref` reached.
  const source = where?.source?.ref ?? file;
  return `${source}${place}  ${severity}  ${problem.ruleId}  ${problem.message}${pointer}`;
}

/**
 * Lints OpenAPI files with the project's Redocly rules; errors (not warnings) make `status` non-zero.
 * `output` has one line per finding (lintProblemLine) and the totals, or Redocly's own words when it
 * could not read a file (`Failed to parse …` with the line).
 */
export function lintOpenApi(files: readonly string[], options: {quiet?: boolean} = {}): LintResult {
  return readLint(files, run('redocly', lintArgs(files), {quiet: true}), options);
}

/** lintOpenApi, in a process that runs beside this one (at a lower priority: `lowPriority`). */
export async function lintOpenApiBeside(
  files: readonly string[],
  options: {quiet?: boolean; lowPriority?: boolean} = {},
): Promise<LintResult> {
  return readLint(files, await runBeside('redocly', lintArgs(files), options), options);
}

const lintArgs = (files: readonly string[]) => ['lint', '--config', 'redocly.yaml', '--format', 'json', ...files];

function readLint(files: readonly string[], result: RunOutput, options: {quiet?: boolean}): LintResult {
  const problems = new Map<string, LintProblem[]>(files.map((file) => [file, []]));
  const totals = new Map<string, {errors: number; warnings: number}>();
  type Report = {totals: {errors: number; warnings: number}; problems: LintProblem[]};
  let reports: Report[];
  try {
    // One JSON report per file, one after the other, in the order given.
    // Past --max-problems (100 a file), Redocly writes a line of its own between the reports.
    const json = result.stdout.replace(/^< \.\.\. \d+ more problems? hidden >.*$/gm, '').trim();
    reports = JSON.parse(`[${json.replace(/\}\s*\{(?=\s*"totals")/g, '},{')}]`) as Report[];
  } catch {
    reports = [];
  }
  if (reports.length < files.length) {
    // A file Redocly could not parse has no report: it names the file and the line on its error output.
    const output = result.output.slice(result.stdout.length).replace(redoclyNotice, '').trim();
    if (!options.quiet) console.log(output);
    return {status: result.status || 1, output, problems, totals, read: false};
  }
  reports.forEach((report, index) => {
    problems.get(files[index]!)?.push(...report.problems);
    totals.set(files[index]!, report.totals);
  });
  const errors = reports.reduce((sum, report) => sum + report.totals.errors, 0);
  const warnings = reports.reduce((sum, report) => sum + report.totals.warnings, 0);
  const lines = [...problems].flatMap(([file, found]) => found.map((problem) => lintProblemLine(file, problem)));
  const output = [...lines, `${errors} errors and ${warnings} warnings in ${files.join(', ')}.`].join('\n');
  if (!options.quiet) console.log(output);
  return {status: result.status, output, problems, totals, read: true};
}

/**
 * The lint result with warnings counted as failures: Redocly exits 0 on warnings, but a description
 * that npm test accepts must have none (this is the one lint of the descriptions per npm test).
 */
export function strictLint(result: LintResult): LintResult {
  const warned = [...result.problems.values()].some((found) => found.length > 0);
  return {...result, status: result.status !== 0 ? result.status : warned ? 1 : 0};
}

/** What linting says of the descriptions to generate: lines to print, and what failed (none: go on). */
export type LintVerdict = {lines: string[]; failed?: string};

/**
 * Lints the descriptions about to be generated: a strict one (ours) stops generation on any finding,
 * each printed; another provider's findings are counted in one line, not fatal (its pages, samples and
 * the rest degrade instead: lib/openapi/degrade.ts), unless Redocly cannot read it at all.
 */
export function lintDescriptions(specs: readonly LintedSpec[]): LintVerdict {
  if (specs.length === 0) return {lines: []};
  return verdictOf(specs, lintOpenApi(specs.map((spec) => spec.file), {quiet: true}));
}

/** lintDescriptions, in a process that runs beside this one (Redocly takes seconds on a large description). */
export async function lintDescriptionsBeside(
  specs: readonly LintedSpec[],
  {lowPriority = false} = {},
): Promise<LintVerdict> {
  if (specs.length === 0) return {lines: []};
  return verdictOf(specs, await lintOpenApiBeside(specs.map((spec) => spec.file), {quiet: true, lowPriority}));
}

/**
 * Whether generation waits for the lint's verdict before pages reach the site: always for a build, and
 * for `npm start`'s regeneration (`regenerating`) of a description held strictly. Another provider's
 * lint fails only when Redocly cannot read the file, which generation has just read: `npm start` shows
 * the edit first and says the lint's findings after (warning that a build would stop on a failure).
 */
export const lintVerdictGates = (specs: readonly LintedSpec[], regenerating: boolean) =>
  !regenerating || specs.some(isStrict);

type LintedSpec = Pick<OpenApiSpecEntry, 'file' | 'strict'>;

function verdictOf(specs: readonly LintedSpec[], lint: LintResult): LintVerdict {
  const files = specs.map((spec) => spec.file);
  // Redocly could not read a file: it said which, and where.
  if (!lint.read) return {lines: [lint.output], failed: `linting ${files.join(', ')}`};
  const lines: string[] = [];
  const strict = specs.filter(isStrict);
  const counted = specs
    .filter((spec) => !isStrict(spec))
    .map((spec) => ({file: spec.file, ...(lint.totals.get(spec.file) ?? {errors: 0, warnings: 0})}))
    .filter(({errors, warnings}) => errors + warnings > 0)
    .map(({file, errors, warnings}) => `${file} (${errors} errors, ${warnings} warnings)`);
  if (counted.length > 0)
    lines.push(
      `gen-api-docs: Redocly's rules find problems in descriptions not held strictly, not fatal for them: ${counted.join(', ')}; ` +
        '`npx redocly lint <file>` lists them',
    );
  const findings = strict.flatMap((spec) =>
    (lint.problems.get(spec.file) ?? []).map((problem) => lintProblemLine(spec.file, problem)),
  );
  if (findings.length === 0) return {lines};
  return {
    lines: [...lines, ...findings],
    failed: `linting ${strict.map((spec) => spec.file).join(', ')} (errors and warnings)`,
  };
}
