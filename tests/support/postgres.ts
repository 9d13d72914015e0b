/**
 * A PostgreSQL server of the test's own, from Debian's package (scripts/test-tools.sh installs it):
 * a fresh cluster in a temporary folder on a free loopback port, which a test may stop and start
 * again (the feedback service must answer 503 while it is down and recover after). As root (CI), the
 * server runs as Debian's `postgres` user: PostgreSQL refuses to run as root.
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir, userInfo} from 'node:os';
import path from 'node:path';

import pg from 'pg';

import {freePort} from './hosts';

/** The newest PostgreSQL of Debian's layout (/usr/lib/postgresql/<version>/bin). */
function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(`no PostgreSQL server in ${root}: apt-get install postgresql (scripts/test-tools.sh does)`);
  return path.join(root, versions[0]!, 'bin');
}

export type TestPostgres = {
  /** postgresql://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** Stops the server (fast shutdown: connections are cut), keeping its data. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start: () => Promise<void>;
  /** Stops it and deletes its data. */
  destroy: () => Promise<void>;
};

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(path.join(tmpdir(), 'orchard-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  // As root, the cluster belongs to postgres, which needs to reach the folder.
  const run = (command: string, args: string[]) =>
    asRoot ? (['runuser', ['-u', 'postgres', '--', command, ...args]] as const) : ([command, args] as const);
  if (asRoot) {
    chmodSync(dir, 0o755);
    const uid = Number(execFileSync('id', ['-u', 'postgres'], {encoding: 'utf8'}).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], {encoding: 'utf8'}).trim());
    chownSync(dir, uid, gid);
  }
  const [initCommand, initArgs] = run(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '--encoding',
    'UTF8',
    '--locale',
    'C',
  ]);
  execFileSync(initCommand, [...initArgs], {stdio: 'pipe'});
  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    const [command, args] = run(path.join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
    ]);
    output = '';
    const started = spawn(command, [...args], {stdio: ['ignore', 'pipe', 'pipe']});
    child = started;
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${output}`);
      const client = new pg.Client({connectionString: url, connectionTimeoutMillis: 2000});
      try {
        await client.connect();
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
      }
      if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections within 60 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // Fast shutdown, as an operator's stop or a failover cuts the service's connections (through
    // pg_ctl: runuser, which started the server as root, does not pass a signal on).
    const [command, args] = run(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w']);
    execFileSync(command, [...args], {stdio: 'pipe'});
    await exited;
  };

  await start();
  return {
    url,
    start,
    stop,
    destroy: async () => {
      await stop();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
