/**
 * `npm run gen-api-docs`: turns openapi/*.yaml into the reference pages, before start, build and typecheck.
 *  1. Lints every description with Redocly (redocly.yaml); an invalid file stops here with its name,
 *     line and problem, so no page is generated from a wrong contract.
 *  2. Copies each YAML to static/openapi/ (git-ignored) so readers can download it from the site.
 *  3. Regenerates the reference pages (docusaurus-plugin-openapi-docs skips files that already exist,
 *     so the old ones are cleaned first).
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';

import {openApiSpecs, specDownloadPath} from '../src/openapi/specs';

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

function must({status}: RunResult, what: string): void {
  if (status !== 0) {
    console.error(`\ngen-api-docs: ${what} failed (exit ${status}); no reference pages were generated.`);
    process.exit(status);
  }
}

if (require.main === module) {
  must(lintOpenApi(openApiSpecs.map((spec) => spec.file)), 'linting openapi/*.yaml');
  mkdirSync(path.join(root, 'static/openapi'), {recursive: true});
  for (const spec of openApiSpecs) {
    copyFileSync(path.join(root, spec.file), path.join(root, 'static', specDownloadPath(spec)));
  }
  must(run('docusaurus', ['clean-api-docs', 'all', '--plugin-id', 'openapi']), 'cleaning the old reference pages');
  must(run('docusaurus', ['gen-api-docs', 'all', '--plugin-id', 'openapi']), 'generating the reference pages');
}
