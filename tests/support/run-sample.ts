/**
 * Runs a code sample as a reader would: curl through bash, Python with python3 (and requests),
 * JavaScript with node (as an ES module when the sample needs one; the packages its
 * `// npm install …` line names linked from this repository's node_modules, as that install would
 * bring them), Go with `go run`. Go builds share one cache and never touch the network. Used by
 * tests/support/samples.ts and the corpus copy's test of streamed answers.
 */
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import * as acorn from 'acorn';

export type SampleLanguage = 'bash' | 'python' | 'javascript' | 'go';
/** How each language of a page's samples (src/code-samples.ts) runs. */
export const runsAs: Record<string, SampleLanguage> = {
  Shell: 'bash',
  Python: 'python',
  JavaScript: 'javascript',
  Go: 'go',
};
export type SampleRun = {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Each piece of stdout as it came, with when (ms since the run began): a stream's events print apart. */
  printed: {at: number; text: string}[];
};

/** Whether a command runs and exits 0. */
function works(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, {stdio: 'ignore', timeout: 30_000});
    return true;
  } catch {
    return false;
  }
}

/**
 * The python3 the samples run with: the one on PATH if it has requests, else Debian's (as
 * scripts/test-tools.sh accepts). Named by its own executable, so a version manager's shim on PATH
 * (pyenv's costs 0.1 s a start) is passed once, not for each of the 65 Python samples.
 */
let python: string | undefined;
function pythonCommand(): string {
  if (python) return python;
  for (const candidate of ['python3', '/usr/bin/python3']) {
    try {
      // One start per candidate: it must import requests, and it names its executable.
      const script = 'import requests, sys; print(sys.executable)';
      python = execFileSync(candidate, ['-c', script], {encoding: 'utf8', timeout: 30_000}).trim() || candidate;
      return python;
    } catch {
      // Not installed, or without requests: try the next one.
    }
  }
  return 'python3';
}

/** Throws, naming every missing tool and its Debian package, unless all the samples' tools are installed. */
export function assertSampleToolsInstalled(): void {
  // Each tool, with the Debian package that brings it (named when one is missing).
  const tools: {name: string; check: string[]; install: string}[] = [
    {name: 'bash', check: ['bash', '--version'], install: 'bash'},
    {name: 'curl', check: ['curl', '--version'], install: 'curl'},
    {name: 'python3 with requests', check: [pythonCommand(), '-c', 'import requests'], install: 'python3-requests'},
    {name: 'go', check: ['go', 'version'], install: 'golang-go'},
  ];
  const missing = tools.filter(({check: [command, ...args]}) => !works(command!, args));
  if (missing.length > 0) {
    throw new Error(
      `running the docs' samples needs ${missing.map((tool) => tool.name).join(', ')}: ` +
        `apt-get install -y ${missing.map((tool) => tool.install).join(' ')}`,
    );
  }
}

/** Node runs a sample as CommonJS unless it needs a module (top-level await, import): then as ESM. */
function javascriptFile(code: string): string {
  try {
    acorn.parse(code, {ecmaVersion: 'latest', sourceType: 'script'});
    return 'sample.cjs';
  } catch {
    return 'sample.mjs';
  }
}

/** This repository's node_modules, where a sample's packages are linked from. */
const installed = path.resolve(__dirname, '../../node_modules');

/** Links each package a JavaScript sample's `// npm install a b` line names into its folder's node_modules. */
function linkInstalledPackages(dir: string, code: string): void {
  for (const [, names] of code.matchAll(/^\/\/ npm install (.+)$/gm))
    for (const name of names!.trim().split(/\s+/)) {
      const source = path.join(installed, name);
      if (!existsSync(source))
        throw new Error(`the sample installs ${name}, which is not in ${installed}: add it to package.json`);
      mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), {recursive: true});
      symlinkSync(source, path.join(dir, 'node_modules', name), 'dir');
    }
}

/** One Go build cache for every run of a test process (and across runs): `go run` then only links. */
const goCache = path.join(os.tmpdir(), `orchard-docs-samples-go-cache-${os.userInfo().uid}`);

/**
 * Runs one sample in a fresh folder with only the environment a reader sets (`env`, e.g. the key),
 * and PATH. No proxy variables: the sandbox is on loopback.
 */
export function runSample(
  language: SampleLanguage,
  code: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<SampleRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-sample-'));
  const file = {bash: 'sample.sh', python: 'sample.py', javascript: javascriptFile(code), go: 'main.go'}[language];
  writeFileSync(path.join(dir, file), code);
  if (language === 'javascript') linkInstalledPackages(dir, code);
  const command = {
    bash: ['bash', file],
    python: [pythonCommand(), file],
    javascript: [process.execPath, file],
    go: ['go', 'run', file],
  }[language];
  mkdirSync(goCache, {recursive: true});
  const environment = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: dir,
    LANG: 'C.UTF-8',
    GOCACHE: goCache,
    GOPATH: path.join(dir, 'gopath'),
    GOPROXY: 'off',
    GOTOOLCHAIN: 'local',
    GOFLAGS: '',
    ...env,
  };
  return new Promise((resolve) => {
    const child = spawn(command[0]!, command.slice(1), {cwd: dir, env: environment, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const started = performance.now();
    const printed: SampleRun['printed'] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      printed.push({at: performance.now() - started, text: chunk.toString('utf8')});
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const done = (run: SampleRun) => {
      clearTimeout(timer);
      rmSync(dir, {recursive: true, force: true});
      resolve(run);
    };
    child.on('close', (exitCode) => done({exitCode, stdout, stderr, timedOut, printed}));
    child.on('error', (error) =>
      done({exitCode: null, stdout, stderr: `${stderr}${error.message}`, timedOut, printed}),
    );
  });
}
