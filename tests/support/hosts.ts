/**
 * The build served by each host the site ships a configuration for: the Node server of `npm run
 * serve`, Caddy with deploy/Caddyfile and nginx with deploy/nginx.conf, each on a free loopback port
 * and stopped by the caller. Caddy and nginx come from Debian (scripts/test-tools.sh installs them).
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {request as httpsRequest} from 'node:https';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';

import {deployDir} from '../../hosting/prepare';
import {serveSite} from '../../hosting/server';
import {defaultSite} from '../../hosting/configs';
import {buildDir} from './twins';

export type Host = {name: string; url: string; stop: () => Promise<void>};

/** Options of a host's start: over HTTPS (a certificate of its own for localhost, which clients must not verify). */
export type HostOptions = {
  tls?: boolean;
  /** Where the host routes /api/feedback (host:port of `npm run feedback`), as a deployment sets it. */
  feedbackUpstream?: string;
};

/** Whether an HTTPS server answers at `url` (any status), its certificate not verified. */
export function answersOverTls(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    httpsRequest(url, {rejectUnauthorized: false, servername: 'localhost', timeout: 2_000}, (response) => {
      response.resume();
      resolve();
    })
      .on('error', reject)
      .on('timeout', function (this: {destroy: (error: Error) => void}) {
        this.destroy(new Error('timeout'));
      })
      .end();
  });
}

export {deployDir};

/** A port nothing listens on right now (the host binds it a moment later). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const {port} = probe.address() as {port: number};
      probe.close(() => resolve(port));
    });
  });
}

/** The first of `candidates` that exists, or an error saying how to install it. */
function executable(name: string, candidates: string[], debianPackages: string): string {
  const found = [
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
    ...candidates,
  ].find((file) => existsSync(file));
  if (!found)
    throw new Error(`${name} is not installed: run scripts/test-tools.sh, or apt-get install ${debianPackages}`);
  return found;
}

/** Waits until `url` answers (any status), or fails after `timeoutMs` with the server's output. */
async function waitUntilServing(
  url: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    try {
      if (url.startsWith('https:')) await answersOverTls(url);
      else await fetch(url, {signal: AbortSignal.timeout(2_000)});
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

async function startProcess(
  name: string,
  command: string,
  args: string[],
  port: number,
  env: NodeJS.ProcessEnv,
  cleanup: () => void,
  /** Where the host is reached, without the port. */
  base = 'http://127.0.0.1',
): Promise<Host> {
  const child = spawn(command, args, {env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']});
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const url = `${base}:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
  };
  try {
    await waitUntilServing(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {name, url, stop};
}

export async function startNodeServer(): Promise<Host> {
  const {url, server} = await serveSite(buildDir);
  return {name: 'node', url, stop: () => new Promise<void>((resolve) => server.close(() => resolve()))};
}

/**
 * Caddy with deploy/Caddyfile as written by the build; the port and folder through its environment
 * variables. With `tls`, as a deployment names its site: the address `https://localhost`, whose
 * certificate Caddy issues itself (its local authority, as for a name it cannot get one for).
 */
export async function startCaddy({tls = false, feedbackUpstream}: HostOptions = {}): Promise<Host> {
  const caddy = executable('caddy', ['/usr/bin/caddy'], 'caddy');
  const home = mkdtempSync(path.join(tmpdir(), 'caddy-'));
  const port = await freePort();
  let config = path.join(deployDir, 'Caddyfile');
  if (tls) {
    const written = readFileSync(config, 'utf8');
    const site = `:{$PORT:${defaultSite.port}} {`;
    if (!written.includes(site) || !written.includes('\tauto_https off\n'))
      throw new Error(`deploy/Caddyfile: no "${site}" or "auto_https off" to serve over HTTPS`);
    config = path.join(home, 'Caddyfile');
    writeFileSync(
      config,
      written
        .replace('\tauto_https off\n', '\tauto_https disable_redirects\n\tlocal_certs\n\tskip_install_trust\n')
        .replace(site, 'https://localhost:{$PORT} {'),
    );
  }
  return startProcess(
    'caddy',
    caddy,
    ['run', '--config', config, '--adapter', 'caddyfile'],
    port,
    // Caddy keeps its state under XDG folders: a temporary one, not the user's.
    {
      PORT: String(port),
      ORCHARD_DOCS_ROOT: buildDir,
      XDG_CONFIG_HOME: home,
      XDG_DATA_HOME: home,
      ...(feedbackUpstream ? {FEEDBACK_UPSTREAM: feedbackUpstream} : {}),
    },
    () => rmSync(home, {recursive: true, force: true}),
    // The site's name, which Caddy matches the Host header against.
    tls ? 'https://localhost' : undefined,
  );
}

/**
 * nginx with deploy/nginx.conf as written by the build, its `listen`, `root` (and feedback `proxy_pass`) set as a host sets
 * them, inside the smallest main configuration (the brotli_static module, files in a temporary folder).
 */
export async function startNginx({tls = false, feedbackUpstream}: HostOptions = {}): Promise<Host> {
  const nginx = executable('nginx', ['/usr/sbin/nginx'], 'nginx libnginx-mod-http-brotli-static');
  const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
  if (!existsSync(brotliModule))
    throw new Error(
      `${brotliModule} is missing: apt-get install libnginx-mod-http-brotli-static (scripts/test-tools.sh does)`,
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-'));
  const port = await freePort();
  let listen = `listen 127.0.0.1:${port};`;
  if (tls) {
    // A certificate of its own for localhost, as a deployment has one for its name.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      {stdio: 'ignore'},
    );
    listen = `listen 127.0.0.1:${port} ssl;\n    ssl_certificate ${dir}/cert.pem;\n    ssl_certificate_key ${dir}/key.pem;`;
  }
  const site = readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8')
    .replace(`listen ${defaultSite.port};`, listen)
    .replace(`root ${defaultSite.root};`, `root ${buildDir};`)
    .replace(
      `proxy_pass http://${defaultSite.feedbackUpstream};`,
      `proxy_pass http://${feedbackUpstream ?? defaultSite.feedbackUpstream};`,
    );
  writeFileSync(path.join(dir, 'site.conf'), site);
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `load_module ${brotliModule};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
${process.getuid?.() === 0 ? 'user root;' : ''}
events {}
http {
    include /etc/nginx/mime.types;
    access_log off;
${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${dir}/${kind};`).join('\n')}
    include ${dir}/site.conf;
}
`,
  );
  return startProcess(
    'nginx',
    nginx,
    ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')],
    port,
    {},
    () => rmSync(dir, {recursive: true, force: true}),
    tls ? 'https://127.0.0.1' : undefined,
  );
}
