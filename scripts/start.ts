/**
 * `npm start`: the development server, with the reference kept in step with openapi/*.yaml.
 * Generates every reference page (scripts/gen-api-docs.ts), starts `docusaurus start` with this
 * script's arguments, then watches openapi/ and its folders: when a description (or any file one split
 * over many files reaches) changes it regenerates that one
 * description's pages (`gen-api-docs --only <id>`), which the development server picks up and
 * reloads the browser for. A description that fails its lint is reported by name and line, and the
 * pages generated from its last good version stay served until it is fixed.
 */
import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {watch} from 'node:fs';
import path from 'node:path';

import {feedbackApiVariable} from '../lib/feedback/setting';
import {descriptionFiles} from '../lib/openapi/bundle';
import {openApiSpecs, type OpenApiSpec} from '../lib/openapi/specs';

const root = path.resolve(__dirname, '..');
// Editors save in bursts (write, rename, chmod): one regeneration per burst.
const settleMs = 300;

const log = (message: string) => console.log(`[start] ${message}`);

/** Runs gen-api-docs (for `only`, or every description) in its own process; true when it succeeded. */
function generate(only?: OpenApiSpec): boolean {
  // node --import tsx rather than the tsx command, which starts a second Node process (half a second).
  const args = ['--import', 'tsx', 'scripts/gen-api-docs.ts', ...(only ? ['--only', only.id] : [])];
  return spawnSync(process.execPath, args, {cwd: root, stdio: 'inherit'}).status === 0;
}

/**
 * The descriptions a changed file of openapi/ belongs to: the one whose root it is, and each split over
 * many files that reaches it by `$ref` (lib/openapi/bundle.ts), wherever in openapi/ it is.
 */
function specsOfFile(fileName: string): OpenApiSpec[] {
  const changed = path.resolve(root, 'openapi', fileName);
  return openApiSpecs.filter((spec) => descriptionFiles(path.join(root, spec.file)).includes(changed));
}

/**
 * Calls `regenerate(spec)` once a description's file has been quiet for `settleMs`, one at a time:
 * a change made while one runs is taken up after it.
 */
function regenerationQueue(regenerate: (spec: OpenApiSpec) => void, settle = settleMs) {
  const timers = new Map<string, NodeJS.Timeout>();
  return (spec: OpenApiSpec) => {
    clearTimeout(timers.get(spec.id));
    timers.set(
      spec.id,
      setTimeout(() => {
        timers.delete(spec.id);
        regenerate(spec);
      }, settle),
    );
  };
}

function main(): void {
  if (!generate()) process.exit(1);
  const server: ChildProcess = spawn(
    path.join(root, 'node_modules/.bin/docusaurus'),
    ['start', ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      // The development server answers no /api/feedback: no feedback form unless FEEDBACK_API_URL names a
      // running service (npm run feedback); npm run build && npm run serve shows the form working.
      env: {...process.env, [feedbackApiVariable]: process.env[feedbackApiVariable] ?? 'none'},
    },
  );
  // regenerate runs synchronously (spawnSync), so two never overlap and later changes wait their turn.
  const schedule = regenerationQueue((spec) => {
    log(`${spec.file} changed: regenerating its reference pages`);
    if (generate(spec)) log(`${spec.file}: reference pages regenerated; the browser reloads`);
    else log(`${spec.file} has a problem (above); its pages stay as they were until it is fixed`);
  });
  // Its folders too: a description split over many files keeps them in folders of its own.
  const watcher = watch(path.join(root, 'openapi'), {recursive: true}, (_event, fileName) => {
    for (const spec of fileName ? specsOfFile(fileName.toString()) : []) schedule(spec);
  });
  const stop = (signal: NodeJS.Signals) => {
    watcher.close();
    server.kill(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.on('exit', (code, signal) => {
    watcher.close();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main();
