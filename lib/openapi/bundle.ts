/**
 * A description split over many files (DigitalOcean's: one root and 2,850 files it reaches by relative
 * `$ref`, in nested folders): read as one document, bundled by Redocly's CLI (`redocly bundle`, the
 * engine our lint already runs), which keeps shared schemas as named components, so pages still name them.
 *
 * Loading must stay synchronous (every tool calls loadDescription), and bundling DigitalOcean's takes
 * about two seconds: the bundle is kept in `.generated/bundles/`, keyed by the content of every file the
 * root reaches (descriptionFiles), and made again only when one of them changes. The same list of files
 * is what `npm start` watches, what the generation key hashes and what the changelog's history follows.
 */
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {stringify} from 'yaml';

// `$ref: file.yaml#/x`, `"$ref": "../a.json"`, `{$ref: 'b.yml'}`: the part before `#` (empty for a local one).
const referencePattern = /["']?\$ref["']?\s*:\s*["']?([^"'#\s{},]*)/g;

/**
 * Every file a description is made of: its root, then each file a `$ref` of one of them names, relative
 * to the file that names it (URLs are not files: they are left to the tools, which do not fetch them).
 * Read from the text, so a `$ref` inside a description's prose may add a file that is not needed: never
 * one that is missed.
 */
export function descriptionFiles(root: string): string[] {
  const found = [path.resolve(root)];
  const seen = new Set(found);
  for (let index = 0; index < found.length; index += 1) {
    const file = found[index]!;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      // A file that is not there: the bundler says where it is named.
      continue;
    }
    for (const [, target = ''] of text.matchAll(referencePattern)) {
      if (target === '' || /^[a-z][a-z\d+.-]*:/i.test(target)) continue;
      const next = path.resolve(path.dirname(file), decoded(target));
      // A path that is no file is kept only when it looks like one (`./x.yaml`): it names an `$id` otherwise.
      if (!isFile(next) && !/\.(ya?ml|json)$/i.test(next)) continue;
      if (!seen.has(next)) {
        seen.add(next);
        found.push(next);
      }
    }
  }
  return found;
}

/**
 * Whether a description (its text, read from `file`) refers to another file: a `$ref` whose path, from
 * the file's folder, is a file there. A `$ref` that looks like a path but names a schema's `$id`
 * (`/components/schemas/petdetails#pet_details_id`, Swagger's Petstore 3.1) is no file: the loader
 * resolves those itself (./references.ts).
 */
export function refersToFiles(text: string, file: string): boolean {
  for (const [, target = ''] of text.matchAll(referencePattern))
    if (target !== '' && !/^[a-z][a-z\d+.-]*:/i.test(target) && isFile(path.resolve(path.dirname(file), decoded(target))))
      return true;
  return false;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A `$ref`'s path with its percent escapes read (`a%20b.yaml`); a `%` that starts none is a character. */
function decoded(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

/** The key of a bundle: every file's place (relative to the root's folder) and content. */
function bundleKey(files: readonly string[]): string {
  const hash = createHash('sha256');
  const base = path.dirname(files[0]!);
  for (const file of files) {
    hash.update(`${path.relative(base, file)}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : '\0missing\0');
  }
  return hash.digest('hex');
}

const repoRoot = path.resolve(__dirname, '../..');
const cacheDir = path.join(repoRoot, '.generated/bundles');
// No network calls at build time: no update check, no telemetry.
const redoclyEnv = {...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off'};

/**
 * The bundler's errors as a maintainer reads them, one line each: `file:line:column: message (at pointer)`,
 * the file where the problem is (a leaf, not the root). Redocly writes each as `[n] file:line:col at
 * #/pointer`, a blank line, the message, then a code frame.
 */
export function bundleErrors(output: string, from: string): string[] {
  const lines: string[] = [];
  for (const [, file = '', line, column, pointer, message = ''] of output.matchAll(
    /^\[\d+\] (.+?):(\d+):(\d+) at (\S+)\n\n(.+)$/gm,
  ))
    lines.push(`${path.relative(repoRoot, path.resolve(from, file))}:${line}:${column}: ${message.trim()} (at ${pointer})`);
  return lines;
}

/**
 * The description whose root is `file`, bundled into one document (parsed JSON), from the cache when
 * no file of it changed (`cache: false`: neither read nor written, for a version of the past). Throws, naming the file and line of each reference that leads nowhere.
 */
export function bundledDescription(
  file: string,
  files: readonly string[] = descriptionFiles(file),
  {cache = true} = {},
): unknown {
  const key = bundleKey(files);
  const cached = path.join(cacheDir, `${createHash('sha256').update(path.resolve(file)).digest('hex').slice(0, 16)}.json`);
  if (cache && existsSync(cached)) {
    const text = readFileSync(cached, 'utf8');
    const newline = text.indexOf('\n');
    if (text.slice(0, newline) === key) return JSON.parse(text.slice(newline + 1)) as unknown;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'orchard-bundle-'));
  try {
    const output = path.join(work, 'bundle.json');
    const config = path.join(work, 'redocly.yaml');
    writeFileSync(config, 'telemetry: off\n');
    const result = spawnSync(
      path.join(repoRoot, 'node_modules/.bin/redocly'),
      ['bundle', path.resolve(file), '--output', output, '--ext', 'json', '--config', config],
      {cwd: work, encoding: 'utf8', env: redoclyEnv, maxBuffer: 512 * 1024 ** 2},
    );
    if (result.status !== 0 || !existsSync(output)) {
      const errors = bundleErrors(result.stderr ?? '', work);
      const where = path.relative(repoRoot, path.resolve(file));
      throw new Error(
        errors.length > 0
          ? `${where}: its files could not be bundled:\n${errors.join('\n')}`
          : `${where}: redocly bundle failed (exit ${result.status ?? 'none'}): ${(result.stderr ?? '').trim().slice(0, 2000)}`,
      );
    }
    const text = readFileSync(output, 'utf8');
    if (!cache) return JSON.parse(text) as unknown;
    mkdirSync(cacheDir, {recursive: true});
    // Whole or not at all: builds and tests load descriptions in several processes at once.
    const partial = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    writeFileSync(partial, `${key}\n${text}`);
    renameSync(partial, cached);
    return JSON.parse(text) as unknown;
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}

/**
 * What readers download for a description (`/openapi/<root's name>`): the file byte for byte as
 * published, or for one split over many files their bundle as one file, in the root's notation.
 */
export function downloadableDescription(file: string): Buffer {
  const bytes = readFileSync(file);
  if (!refersToFiles(bytes.toString('utf8'), file)) return bytes;
  const bundled = bundledDescription(file);
  return Buffer.from(/\.json$/i.test(file) ? `${JSON.stringify(bundled, null, 2)}\n` : stringify(bundled, {lineWidth: 0}));
}

/**
 * What a description's download is, as llms.txt lists it: its version as its root declares it and its
 * notation, `OpenAPI 3.0.3 (YAML)`, `Swagger 2.0 (JSON)`; a description split over many files is
 * downloaded as their bundle.
 */
export function describedVersion(spec: {file: string}): string {
  const file = path.resolve(repoRoot, spec.file);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const [, kind, version] = /["']?\b(openapi|swagger)["']?\s*:\s*["']?(\d+(?:\.\d+)*)/.exec(text) ?? [];
  const named = kind ? `${kind === 'swagger' ? 'Swagger' : 'OpenAPI'} ${version}` : 'OpenAPI';
  const notation = /\.json$/i.test(file) ? 'JSON' : 'YAML';
  return refersToFiles(text, file) ? `${named} (${notation}, its files bundled into one)` : `${named} (${notation})`;
}
