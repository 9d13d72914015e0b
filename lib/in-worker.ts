/**
 * Runs an exported async function of one of the site's TypeScript modules in a worker thread.
 * Docusaurus runs the plugins' postBuild steps side by side in one thread, so CPU-bound steps (the
 * Markdown twins) take turns on one core; a step run here has the other core.
 */
import path from 'node:path';
import {Worker} from 'node:worker_threads';

// The worker loads the module through tsx, as npm scripts do, and reports how the function ended.
const bootstrap = `
require('tsx/cjs/api').register();
const {parentPort, workerData} = require('node:worker_threads');
Promise.resolve()
  .then(() => require(workerData.modulePath)[workerData.exportName](workerData.input))
  .then(
    (result) => parentPort.postMessage({done: true, result}),
    (error) => parentPort.postMessage({error: error instanceof Error ? error.stack || error.message : String(error)}),
  );
`;

/**
 * Resolves with what `exportName(input)` of `modulePath` resolved to in a worker (structured-cloned);
 * rejects with its error.
 */
export function runInWorker<Input, Output = void>(
  modulePath: string,
  exportName: string,
  input: Input,
): Promise<Output> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const worker = new Worker(bootstrap, {eval: true, workerData: {modulePath, exportName, input}});
    worker.on('message', (message: {done?: true; result?: Output; error?: string}) => {
      settled = true;
      if (message.error) reject(new Error(`${shortName(modulePath)} ${exportName}: ${message.error}`));
      else resolve(message.result as Output);
      void worker.terminate();
    });
    worker.on('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.on('exit', (code) => {
      if (!settled)
        reject(
          new Error(`${shortName(modulePath)} ${exportName}: the worker exited (code ${code}) before it finished`),
        );
    });
  });
}

/** The module's path from the repository's root, for error messages. */
const shortName = (file: string) => path.relative(path.resolve(__dirname, '..'), file);
