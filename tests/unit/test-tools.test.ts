/**
 * scripts/test-tools.sh on a machine without the tests' tools: run with a PATH that holds only stubs
 * (no chromium, curl, go or PostgreSQL; `id`, `sudo` and `apt-get` as the case needs), so nothing is installed
 * for real. It installs with apt-get as root or through sudo without a password, and otherwise fails at
 * once saying what to install and how to point the tests at an existing Chromium.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, test} from 'node:test';

import {repoRoot} from '../../lib/openapi';

const script = path.join(repoRoot, 'scripts/test-tools.sh');
let bin = '';
beforeEach(() => {
  bin = mkdtempSync(path.join(tmpdir(), 'test-tools-'));
  // A python3 with requests: whether the machine's own Debian python3 has it must not change the result.
  stub('python3', '');
});
afterEach(() => rmSync(bin, {recursive: true, force: true}));

function stub(name: string, body: string): void {
  mkdirSync(path.dirname(path.join(bin, name)), {recursive: true});
  writeFileSync(path.join(bin, name), `#!/bin/bash\n${body}\n`);
  chmodSync(path.join(bin, name), 0o755);
}

/** apt-get that logs its arguments and "installs" the packages as stubs on PATH. */
function stubAptGet(): void {
  stub(
    'apt-get',
    [
      `echo "$*" >> "${bin}/apt.log"`,
      'if [ "$1" = install ]; then',
      '  for package in "$@"; do',
      '    case "$package" in chromium-headless-shell) name=chromium-headless-shell;; curl) name=curl;; golang-go) name=go;; caddy) name=caddy;; nginx) name=nginx;; libnginx-mod-http-brotli-static) name=ngx_http_brotli_static_module.so;; postgresql) name=15/bin/initdb; /bin/mkdir -p "$(/usr/bin/dirname "$0")/15/bin";; *) continue;; esac',
      `    printf '#!/bin/bash\\n' > "${bin}/$name"; /bin/chmod +x "${bin}/$name"`,
      '  done',
      'fi',
    ].join('\n'),
  );
}

/** The hosting tests' tools: Caddy, nginx and its brotli module (a file, stubbed like the commands); PostgreSQL's initdb. */
const hostingTools = ['caddy', 'nginx', 'ngx_http_brotli_static_module.so', '15/bin/initdb'];

function run(env: Record<string, string> = {}) {
  // Only the stubs on PATH: bash itself is called by its absolute path.
  const result = spawnSync('/bin/bash', [script], {
    encoding: 'utf8',
    // nginx and its modules are looked for in the stubs' folder too, not in the machine's /usr.
    env: {PATH: bin, TEST_TOOLS_SBIN: bin, TEST_TOOLS_NGINX_MODULES: bin, TEST_TOOLS_POSTGRES: bin, ...env},
    timeout: 20_000,
  });
  return {status: result.status, stdout: result.stdout, stderr: result.stderr};
}

test('without root, sudo or the tools, it fails at once naming the apt-get command and CHROMIUM_PATH', () => {
  stub('id', 'echo 1000');
  stubAptGet();
  const {status, stderr} = run();
  assert.equal(status, 1);
  assert.match(
    stderr,
    /sudo apt-get install -y chromium-headless-shell curl golang-go caddy nginx libnginx-mod-http-brotli-static postgresql\b/,
  );
  assert.match(stderr, /CHROMIUM_PATH=\/path\/to\/chromium/);
  assert.throws(() => readFileSync(path.join(bin, 'apt.log')), 'apt-get was not run');
});

test('as root, it installs what is missing from Debian with apt-get, and checks it is there', () => {
  stub('id', 'echo 0');
  stubAptGet();
  const {status, stdout, stderr} = run();
  assert.equal(status, 0, stderr);
  assert.match(
    stdout,
    /installing chromium-headless-shell curl golang-go caddy nginx libnginx-mod-http-brotli-static postgresql/,
  );
  assert.deepEqual(readFileSync(path.join(bin, 'apt.log'), 'utf8').trim().split('\n'), [
    'update -qq',
    'install -y -qq chromium-headless-shell curl golang-go caddy nginx libnginx-mod-http-brotli-static postgresql',
  ]);
});

test('as another user with sudo without a password, it installs through sudo', () => {
  stub('id', 'echo 1000');
  stub('sudo', `[ "$1" = -n ] || exit 1; shift; echo "sudo $*" >> "${bin}/sudo.log"; "$@"`);
  stubAptGet();
  const {status, stderr} = run();
  assert.equal(status, 0, stderr);
  assert.match(
    readFileSync(path.join(bin, 'sudo.log'), 'utf8'),
    /sudo apt-get install -y -qq chromium-headless-shell curl golang-go caddy nginx libnginx-mod-http-brotli-static postgresql/,
  );
});

test('when apt-get cannot bring a tool, it says which one is still missing', () => {
  stub('id', 'echo 0');
  stub('apt-get', 'exit 0');
  const {status, stderr} = run();
  assert.equal(status, 1);
  assert.match(
    stderr,
    /still missing: chromium-headless-shell curl golang-go caddy nginx libnginx-mod-http-brotli-static postgresql/,
  );
});

test('without root, a full chromium stands in for the headless build, with a hint; other tools are still required', () => {
  stub('id', 'echo 1000');
  stub('chromium', '');
  for (const tool of ['curl', 'go', ...hostingTools]) stub(tool, '');
  const {status, stderr} = run();
  assert.equal(status, 0, stderr);
  assert.match(stderr, /using chromium; 'sudo apt-get install -y chromium-headless-shell'/);
  rmSync(path.join(bin, 'go'));
  const withoutGo = run();
  assert.equal(withoutGo.status, 1);
  assert.match(withoutGo.stderr, /sudo apt-get install -y golang-go\n/);
});

test('CHROMIUM_PATH stands in for the chromium-headless-shell package, and must be an executable', () => {
  stub('id', 'echo 1000');
  for (const tool of ['curl', 'go', ...hostingTools]) stub(tool, '');
  stub('my-chromium', '');
  assert.equal(run({CHROMIUM_PATH: path.join(bin, 'my-chromium')}).status, 0);
  const {status, stderr} = run({CHROMIUM_PATH: path.join(bin, 'nothing-here')});
  assert.equal(status, 1);
  assert.match(stderr, /CHROMIUM_PATH=.*nothing-here is not an executable/);
});
