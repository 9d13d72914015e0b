/**
 * hosting/serve-options.ts: `npm run serve` listens where it is told (`--port`, `--host`, else PORT and
 * HOST), and refuses what it does not take, rather than serving on 3000 without a word.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {test} from 'node:test';

import {serveOptions} from '../../hosting/serve-options';
import {repoRoot} from '../../lib/openapi';

test('npm run serve listens on --port and --host, else PORT and HOST, else 127.0.0.1:3000', () => {
  assert.deepEqual(serveOptions([], {}), {port: 3000, host: '127.0.0.1'});
  assert.deepEqual(serveOptions([], {PORT: '8080', HOST: '0.0.0.0'}), {port: 8080, host: '0.0.0.0'});
  assert.deepEqual(serveOptions(['--port', '4000', '--host', '::1'], {PORT: '8080'}), {port: 4000, host: '::1'});
  assert.deepEqual(serveOptions(['--port=4001'], {}), {port: 4001, host: '127.0.0.1'});
  assert.throws(
    () => serveOptions(['--prot', '4000'], {}),
    /Unknown option '--prot'.*takes --port <number> and --host <address>/,
  );
  assert.throws(() => serveOptions(['4000'], {}), /Unexpected argument '4000'/);
  for (const port of ['http', '0', '70000', '40.5'])
    assert.throws(
      () => serveOptions(['--port', port], {}),
      new RegExp(`the port "${port.replace('.', '\\.')}" is no port`),
    );
});

test('a mistaken option stops npm run serve with one line, not a stack trace', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/serve.ts', '--prot', '4000'], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(run.status, 1);
  assert.match(run.stderr, /^serve: Unknown option '--prot'/m);
  assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
});
