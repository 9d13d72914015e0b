/**
 * `npm run gen-api-docs`: turns openapi/*.yaml into the reference pages, before start, build and typecheck.
 *  1. Lints every description with Redocly (redocly.yaml); an invalid file, or one with a warning,
 *     stops here with its name, line and problem, so no page is generated from a wrong contract.
 *  2. Copies each YAML to static/openapi/ (git-ignored) so readers can download it from the site,
 *     with its Postman collection (lib/openapi/postman.ts) and the two Postman environments.
 *  3. Writes a copy of each YAML with build-time code samples (`x-codeSamples`, scripts/code-samples.ts)
 *     to .generated/openapi/ as JSON, the copy the reference pages are generated from: the browser then needs
 *     no code generator.
 *  4. Regenerates the reference pages (docusaurus-plugin-openapi-docs skips files that already exist,
 *     so the old ones are deleted first: the files its clean-api-docs command deletes, without the
 *     seconds that command spends loading the site to do it).
 * `--only <id>[,<id>]` does all of this for those descriptions alone (lib/openapi/specs.ts ids): what
 * `npm start` runs when a YAML file changes (scripts/start.ts).
 */
import {spawnSync} from 'node:child_process';
import {parseArgs} from 'node:util';
import {copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {checkDescriptionSize, loadSpec, operationsOf} from '../lib/openapi';
import {
  postmanCollection,
  postmanCollectionPath,
  postmanEnvironment,
  postmanEnvironments,
} from '../lib/openapi/postman';
import {
  generatedSpecPath,
  openApiSpecs,
  referenceOutputDir,
  specDownloadPath,
  type OpenApiSpec,
} from '../lib/openapi/specs';
import {codeSamples} from './code-samples';

const root = path.resolve(__dirname, '..');

type RunResult = {status: number; output: string};

function run(bin: string, args: string[], {quiet = false} = {}): RunResult {
  const result = spawnSync(path.join(root, 'node_modules/.bin', bin), args, {
    cwd: root,
    encoding: 'utf8',
    stdio: quiet ? 'pipe' : 'inherit',
    // No network calls at build time: no update check, no telemetry.
    env: {...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off'},
  });
  return {status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}`};
}

/** Lints OpenAPI files with the project's Redocly rules; errors (not warnings) make `status` non-zero. */
export function lintOpenApi(files: readonly string[], options: {quiet?: boolean} = {}): RunResult {
  return run('redocly', ['lint', '--config', 'redocly.yaml', '--format', 'stylish', ...files], options);
}

/**
 * The lint result with warnings counted as failures: Redocly exits 0 on warnings, but a description
 * that npm test accepts must have none (this is the one lint of the descriptions per npm test).
 */
export function strictLint(result: RunResult): RunResult {
  const warned = /You have \d+ warnings?\b/.test(result.output);
  return {...result, status: result.status !== 0 ? result.status : warned ? 1 : 0};
}

function must({status}: RunResult, what: string): void {
  if (status !== 0) {
    console.error(`\ngen-api-docs: ${what} failed (exit ${status}); no reference pages were generated.`);
    process.exit(status);
  }
}

/** Writes the copy of a spec with an `x-codeSamples` list on every operation. */
async function writeSpecWithSamples(spec: OpenApiSpec): Promise<void> {
  const doc = loadSpec(spec);
  // A failing sample is reported with the spec's file by main's catch around each spec.
  for (const entry of operationsOf(spec, doc)) entry.operation['x-codeSamples'] = await codeSamples(entry);
  const target = path.join(root, generatedSpecPath(spec));
  mkdirSync(path.dirname(target), {recursive: true});
  // Generated from spec.file by scripts/gen-api-docs.ts: edit that file, not this one.
  writeFileSync(target, `${JSON.stringify(doc, null, 1)}\n`);
}

/**
 * The files docusaurus-plugin-openapi-docs generates into a reference folder, as its clean-api-docs
 * command finds them (at the folder's top level, and its schemas/ folder); hand-written files stay.
 */
const generatedReferenceFile = /\.(?:api|info|tag)\.mdx$|^sidebar\.[jt]s$|^(?!versions\.json$).*\.json$/;

/** Deletes the reference pages generated into `dir` before; returns how many files it deleted. */
export function cleanReferencePages(dir: string): number {
  if (!existsSync(dir)) return 0;
  const generated = readdirSync(dir, {withFileTypes: true}).filter(
    (entry) => entry.isFile() && generatedReferenceFile.test(entry.name),
  );
  for (const entry of generated) rmSync(path.join(dir, entry.name));
  rmSync(path.join(dir, 'schemas'), {recursive: true, force: true});
  return generated.length;
}

/** The descriptions `--only` names (all of them without it); an unknown id is an error naming the known ones. */
export function selectSpecs(only: string | undefined): OpenApiSpec[] {
  if (only === undefined) return [...openApiSpecs];
  return only.split(',').map((id) => {
    const spec = openApiSpecs.find((candidate) => candidate.id === id.trim());
    if (!spec)
      throw new Error(`--only ${only}: no description "${id}" (known: ${openApiSpecs.map((s) => s.id).join(', ')})`);
    return spec;
  });
}

async function main(): Promise<void> {
  const {values} = parseArgs({options: {only: {type: 'string'}}});
  const specs = selectSpecs(values.only);
  // Before Redocly parses them: a huge file is refused by name, not by an out-of-memory crash.
  for (const spec of specs) checkDescriptionSize(spec.file);
  const lint = lintOpenApi(
    specs.map((spec) => spec.file),
    {quiet: true},
  );
  process.stdout.write(lint.output);
  must(strictLint(lint), `linting ${specs.map((spec) => spec.file).join(', ')} (errors and warnings)`);
  mkdirSync(path.join(root, 'static/openapi'), {recursive: true});
  for (const spec of specs) {
    try {
      copyFileSync(path.join(root, spec.file), path.join(root, 'static', specDownloadPath(spec)));
      writeFileSync(
        path.join(root, 'static', postmanCollectionPath(spec)),
        JSON.stringify(await postmanCollection(spec), null, 2),
      );
      await writeSpecWithSamples(spec);
    } catch (error) {
      // Whatever fails here (a RangeError from a huge collection included) is said with the file it came from.
      const message = (error as Error).message;
      throw new Error(message.startsWith(spec.file) ? message : `${spec.file}: ${message}`);
    }
  }
  for (const environment of postmanEnvironments())
    writeFileSync(
      path.join(root, 'static', environment.file),
      JSON.stringify(postmanEnvironment(environment), null, 2),
    );
  // The plugin's own id for "every description" is `all`.
  const ids = values.only === undefined ? ['all'] : specs.map((spec) => spec.id);
  for (const spec of specs) cleanReferencePages(path.join(root, referenceOutputDir(spec)));
  for (const id of ids)
    must(run('docusaurus', ['gen-api-docs', id, '--plugin-id', 'openapi']), 'generating the reference pages');
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`gen-api-docs: ${(error as Error).message}`);
    process.exit(1);
  });
}
