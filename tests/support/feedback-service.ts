/**
 * The feedback service as a deployment runs it (`npm run feedback`, a process of its own), over a small
 * made-up build (it reads only which pages exist), on a free port, with the database the test gives:
 * for tests/slow/feedback-service.test.ts and bench/feedback.ts.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';

import {freePort} from './hosts';

const repoRoot = path.resolve(__dirname, '../..');

/** The routes of the made-up build. */
export const madeUpRoutes = ['/', '/docs/quickstart', '/tutorials/first-steps', '/api/api-reference/predict'];

/** Writes a build of `madeUpRoutes` (an index.html each) into `dir`. */
export function writeMadeUpBuild(dir: string): string {
  for (const route of madeUpRoutes) {
    mkdirSync(path.join(dir, route), {recursive: true});
    writeFileSync(path.join(dir, route, 'index.html'), `<!doctype html><title>${route}</title>`);
  }
  return dir;
}

export type RunningService = {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Ends it with `signal` (default SIGTERM) and waits for the exit. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** Starts `npm run feedback` (its script, without npm's own process) with `env`; resolves once it listens. */
export async function startFeedbackService(
  buildDir: string,
  env: Record<string, string>,
  args: string[] = ['--trust-proxy'],
): Promise<RunningService> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'feedback/main.ts', '--port', String(port), '--build', buildDir, ...args],
    {
      cwd: repoRoot,
      env: {...process.env, DATABASE_URL: '', FEEDBACK_DB: '', ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the feedback service did not listen within 60 s:\n${output}`)),
      60_000,
    );
    const check = () => {
      if (output.includes('Orchard AI feedback: http://')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the feedback service exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/api/feedback`,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

/** POSTs a submission as `client` (an address the service, trusting its proxy, limits by). */
export async function submit(
  url: string,
  body: unknown,
  {client, origin}: {client?: string; origin?: string} = {},
): Promise<{status: number; body: {error?: string; received?: boolean}; retryAfter: string | null}> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(client ? {'X-Forwarded-For': client} : {}),
      ...(origin ? {Origin: origin} : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as {error?: string; received?: boolean},
    retryAfter: response.headers.get('retry-after'),
  };
}
