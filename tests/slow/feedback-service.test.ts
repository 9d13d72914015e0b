/**
 * The feedback service as deployed (`npm run feedback`, its own process) on both of its databases:
 * an SQLite file, and PostgreSQL started from Debian's package by the test. Its interface and bounds,
 * 2,000 submissions from 50 concurrent clients (each answered 201 or 429, the database holding exactly
 * the 201s), a SIGKILL in the middle of a load (every acknowledged entry kept), and PostgreSQL stopped
 * under it (503, then recovery without a restart).
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, describe, test} from 'node:test';

import {openFeedbackStore} from '../../lib/feedback/store';
import {startFeedbackService, submit, writeMadeUpBuild, type RunningService} from '../support/feedback-service';
import {startPostgres, type TestPostgres} from '../support/postgres';

const root = mkdtempSync(path.join(tmpdir(), 'orchard-feedback-'));
const buildDir = writeMadeUpBuild(path.join(root, 'build'));
const adminToken = 'test-admin-token-0123456789';
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(root, {recursive: true, force: true})];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let postgres: TestPostgres | undefined;
async function sharedPostgres(): Promise<TestPostgres> {
  if (!postgres) {
    postgres = await startPostgres();
    cleanups.push(() => postgres!.destroy());
  }
  return postgres;
}

type Database = {name: string; env: () => Promise<Record<string, string>>};
let databases = 0;
/** A database of its own for each service: a new SQLite file, or a new PostgreSQL database on the shared server. */
const kinds: Database[] = [
  {name: 'SQLite', env: () => Promise.resolve({FEEDBACK_DB: path.join(root, `feedback-${(databases += 1)}.sqlite`)})},
  {
    name: 'PostgreSQL',
    env: async () => {
      const server = await sharedPostgres();
      const name = `feedback_${(databases += 1)}`;
      const admin = await openPgAdmin(server.url);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return {DATABASE_URL: server.url.replace(/\/postgres$/, `/${name}`)};
    },
  },
];

async function openPgAdmin(url: string) {
  const {default: pg} = await import('pg');
  const client = new pg.Client({connectionString: url});
  await client.connect();
  return client;
}

async function startService(env: Record<string, string>, args?: string[]): Promise<RunningService> {
  const service = await startFeedbackService(buildDir, {FEEDBACK_ADMIN_TOKEN: adminToken, ...env}, args);
  cleanups.push(() => service.stop());
  return service;
}

type Listed = {
  items: {page: string; helpful: boolean | null; comment: string; sample: string | null; source: string; at: string}[];
};

async function listed(url: string, query = ''): Promise<Listed> {
  const response = await fetch(`${url}${query}`, {headers: {Authorization: `Bearer ${adminToken}`}});
  assert.equal(response.status, 200, await response.clone().text());
  return (await response.json()) as Listed;
}

for (const kind of kinds) {
  describe(`the feedback service on ${kind.name}`, () => {
    test('takes, bounds and gives back submissions', {timeout: 120_000}, async () => {
      const env = await kind.env();
      const {url} = await startService(env);
      const origin = 'https://docs.orchard.example';
      const created = await submit(
        url,
        {page: '/docs/quickstart', helpful: false, comment: 'Step 2 <b>fails</b>'},
        {client: '10.0.0.1', origin},
      );
      assert.deepEqual([created.status, created.body], [201, {received: true}]);
      const asAgent = await submit(
        url,
        {page: 'https://docs.orchard.example/tutorials/first-steps.md', helpful: true},
        {client: '10.0.0.1'},
      );
      assert.equal(asAgent.status, 201);
      const sample = await submit(
        url,
        {page: '/api/api-reference/predict/', helpful: false, sample: 'Python', comment: 'ImportError'},
        {client: '10.0.0.1', origin},
      );
      assert.equal(sample.status, 201);

      const refusals: [unknown, number, RegExp][] = [
        [{page: '/docs/nowhere', helpful: true}, 422, /\/docs\/nowhere is not a page/],
        [{page: 'https://elsewhere.example/docs/quickstart', helpful: true}, 422, /not a page of/],
        [{page: '/docs/quickstart'}, 422, /Give "helpful"/],
        [{page: '/docs/quickstart', helpful: false, comment: 'x'.repeat(1001)}, 422, /at most 1000 characters/],
        [{page: '/docs/quickstart', helpful: 'yes'}, 422, /helpful/],
        [{page: '/docs/quickstart', helpful: true, sample: 'Python'}, 422, /"helpful": false/],
        [{page: '/docs/quickstart', helpful: true, ip: '1.2.3.4'}, 422, /ip/],
        ['{"page": ', 400, /not JSON/],
        [
          JSON.stringify({page: '/docs/quickstart', helpful: false, comment: 'é'.repeat(2100)}),
          413,
          /larger than 4 KB/,
        ],
      ];
      for (const [index, [body, status, message]] of refusals.entries()) {
        const answer = await submit(url, body, {client: `10.0.1.${index}`, origin});
        assert.equal(answer.status, status, `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(answer.body)}`);
        assert.match(answer.body.error ?? '', message);
      }
      const foreign = await submit(
        url,
        {page: '/docs/quickstart', helpful: true},
        {client: '10.0.2.1', origin: 'https://evil.example'},
      );
      assert.equal(foreign.status, 403);
      assert.match(foreign.body.error ?? '', /Origin not allowed/);
      const notJson = await fetch(url, {
        method: 'POST',
        headers: {'Content-Type': 'text/plain', 'X-Forwarded-For': '10.0.2.2'},
        body: '{}',
      });
      assert.equal(notJson.status, 415);

      // Reading takes the admin token.
      assert.equal((await fetch(url)).status, 401);
      assert.equal((await fetch(url, {headers: {Authorization: 'Bearer wrong'}})).status, 401);
      const {items} = await listed(url);
      assert.deepEqual(
        items.map(({page, helpful, comment, sample, source}) => ({page, helpful, comment, sample, source})),
        [
          {page: '/docs/quickstart', helpful: false, comment: 'Step 2 <b>fails</b>', sample: null, source: 'reader'},
          {page: '/tutorials/first-steps', helpful: true, comment: '', sample: null, source: 'agent'},
          {
            page: '/api/api-reference/predict',
            helpful: false,
            comment: 'ImportError',
            sample: 'Python',
            source: 'reader',
          },
        ],
      );
      assert.ok(items.every(({at}) => Math.abs(Date.parse(at) - Date.now()) < 120_000));
      assert.equal((await listed(url, '?since=2999-01-01')).items.length, 0);
      // Nothing about the sender is stored: no column for it.
      const store = await openFeedbackStore(env);
      assert.deepEqual(Object.keys((await store.list())[0]!).sort(), [
        'at',
        'comment',
        'helpful',
        'page',
        'sample',
        'source',
      ]);
      await store.close();
    });

    test(
      '2,000 submissions from 50 clients: each 201 or 429, the database holds exactly the 201s',
      {timeout: 180_000},
      async () => {
        const env = await kind.env();
        const {url} = await startService(env);
        const statuses = new Map<number, number>();
        const clients = Array.from({length: 50}, (_, client) => async () => {
          for (let index = 0; index < 40; index += 1) {
            const answer = await submit(
              url,
              {page: '/docs/quickstart', helpful: index % 2 === 0, comment: `client ${client} #${index}`},
              {client: `10.1.${client}.1`},
            );
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status === 429) assert.ok(Number(answer.retryAfter) >= 1, 'a 429 says when to retry');
          }
        });
        await Promise.all(clients.map((client) => client()));
        assert.deepEqual([...statuses.keys()].sort(), [201, 429], JSON.stringify([...statuses]));
        assert.equal((statuses.get(201) ?? 0) + (statuses.get(429) ?? 0), 2000);
        // Each client's first 10 in its minute, and no more.
        assert.equal(statuses.get(201), 500);
        const store = await openFeedbackStore(env);
        assert.equal(await store.count(), statuses.get(201));
        await store.close();
      },
    );

    test(
      'killed with SIGKILL under load and started again, it keeps every acknowledged submission',
      {timeout: 180_000},
      async () => {
        const env = await kind.env();
        const service = await startService(env);
        const acknowledged = new Set<string>();
        let sent = 0;
        let killed = false;
        // Each submission from an address of its own: no limit stops the load before the kill.
        const client = async (worker: number) => {
          while (!killed) {
            const comment = `w${worker}-${(sent += 1)}`;
            try {
              const answer = await submit(
                service.url,
                {page: '/docs/quickstart', helpful: true, comment},
                {client: `10.2.${worker}.${sent % 250}`},
              );
              if (answer.status === 201) acknowledged.add(comment);
            } catch {
              // The connection cut by the kill: not acknowledged.
            }
            if (acknowledged.size >= 300 && !killed) {
              killed = true;
              service.child.kill('SIGKILL');
            }
          }
        };
        await Promise.all(Array.from({length: 20}, (_, worker) => client(worker)));
        await new Promise((resolve) =>
          service.child.exitCode !== null || service.child.signalCode !== null
            ? resolve(undefined)
            : service.child.once('exit', resolve),
        );
        assert.equal(service.child.signalCode, 'SIGKILL');
        const restarted = await startService(env);
        const stored = new Set((await listed(restarted.url)).items.map((item) => item.comment));
        const lost = [...acknowledged].filter((comment) => !stored.has(comment));
        assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.size} acknowledged submissions lost`);
        assert.ok(acknowledged.size >= 300);
        // And it takes new ones.
        assert.equal((await submit(restarted.url, {page: '/', helpful: true}, {client: '10.3.0.1'})).status, 201);
      },
    );
  });
}

test(
  'PostgreSQL stopped: each submission gets 503 saying so; started again, the service recovers without a restart',
  {timeout: 120_000},
  async () => {
    const env = await kinds[1]!.env();
    const server = await sharedPostgres();
    const {url, output} = await startService(env);
    assert.equal((await submit(url, {page: '/docs/quickstart', helpful: true}, {client: '10.4.0.1'})).status, 201);
    await server.stop();
    for (let index = 0; index < 3; index += 1) {
      const answer = await submit(
        url,
        {page: '/docs/quickstart', helpful: false, comment: `while down ${index}`},
        {client: `10.4.1.${index}`},
      );
      assert.equal(answer.status, 503, JSON.stringify(answer.body));
      assert.match(answer.body.error ?? '', /database does not answer/);
      assert.ok(Number(answer.retryAfter) > 0);
    }
    assert.match(output(), /PostgreSQL at .* does not answer/);
    await server.start();
    const after = await submit(
      url,
      {page: '/docs/quickstart', helpful: false, comment: 'after the restart'},
      {client: '10.4.2.1'},
    );
    assert.equal(after.status, 201, JSON.stringify(after.body));
    assert.deepEqual(
      (await listed(url)).items.map((item) => item.comment),
      ['', 'after the restart'],
    );
  },
);

test(
  'two instances on one PostgreSQL database, started at once: the schema is made once, and both store',
  {timeout: 120_000},
  async () => {
    const env = await kinds[1]!.env();
    const [first, second] = await Promise.all([startService(env), startService(env)]);
    const answers = await Promise.all(
      [first, second].flatMap((service, index) =>
        Array.from({length: 5}, (_, n) =>
          submit(
            service.url,
            {page: '/', helpful: true, comment: `instance ${index} #${n}`},
            {client: `10.6.${index}.${n}`},
          ),
        ),
      ),
    );
    assert.deepEqual(
      answers.map((answer) => answer.status),
      Array(10).fill(201),
    );
    assert.equal((await listed(second.url)).items.length, 10);
    const admin = await openPgAdmin(env.DATABASE_URL!);
    const {rows} = await admin.query<{version: number}>('SELECT version FROM schema_migrations');
    await admin.end();
    assert.deepEqual(
      rows.map((row) => row.version),
      [1],
    );
  },
);

test(
  'without --trust-proxy, X-Forwarded-For is not believed: one address is one client',
  {timeout: 60_000},
  async () => {
    const {url} = await startService(await kinds[0]!.env(), []);
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1)
      statuses.push((await submit(url, {page: '/', helpful: true}, {client: `10.5.0.${index}`})).status);
    assert.deepEqual(statuses, [...Array(10).fill(201), 429, 429]);
  },
);

test('a bad database setting stops the service with a message that names it', {timeout: 60_000}, async () => {
  await assert.rejects(
    startFeedbackService(buildDir, {DATABASE_URL: 'mysql://somewhere/db'}),
    /feedback: DATABASE_URL must be a postgresql:\/\/ URL/,
  );
  await assert.rejects(
    startFeedbackService(path.join(root, 'no-build'), {FEEDBACK_DB: path.join(root, 'x.sqlite')}),
    /no production build in .*no-build/,
  );
});

test(
  'npm run feedback:report: the least helpful pages first, --since, --csv, --json, --delete-before',
  {timeout: 120_000},
  async () => {
    const env = await kinds[0]!.env();
    const store = await openFeedbackStore(env);
    const day = (date: string) => new Date(`${date}T12:00:00Z`);
    await store.add(
      {page: '/docs/quickstart', helpful: true, comment: '', sample: null, source: 'reader'},
      day('2026-10-01'),
    );
    await store.add(
      {page: '/docs/quickstart', helpful: false, comment: 'Old\u001b[31m red', sample: null, source: 'reader'},
      day('2026-10-02'),
    );
    await store.add(
      {page: '/tutorials/first-steps', helpful: false, comment: '=cmd()', sample: 'Python', source: 'agent'},
      day('2026-11-20'),
    );
    await store.close();
    const report = (...args: string[]) => {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'feedback/report.ts', ...args], {
        cwd: path.resolve(__dirname, '../..'),
        env: {...process.env, DATABASE_URL: '', ...env},
        encoding: 'utf8',
        timeout: 60_000,
      });
      assert.equal(run.status, 0, run.stderr);
      return run.stdout;
    };
    const table = report();
    assert.match(
      table,
      /^page\s+yes\s+no\s+helpful\s+comments\n\/tutorials\/first-steps\s+0\s+1\s+0%\s+1\n\s+\[no, agent, 2026-11-20, Python sample\] =cmd\(\)\n\/docs\/quickstart\s+1\s+1\s+50%\s+1\n\s+\[no, reader, 2026-10-02\] Old\\u001b\[31m red\n$/,
    );
    assert.doesNotMatch(report('--since', '2026-11-01'), /quickstart/);
    assert.equal(
      report('--csv').split('\r\n')[1],
      "/tutorials/first-steps,false,'=cmd(),Python,agent,2026-11-20T12:00:00.000Z",
    );
    const json = JSON.parse(report('--json')) as {items: unknown[]; pages: {page: string; helpfulShare: number}[]};
    assert.equal(json.items.length, 3);
    assert.deepEqual(
      json.pages.map(({page, helpfulShare}) => [page, helpfulShare]),
      [
        ['/tutorials/first-steps', 0],
        ['/docs/quickstart', 0.5],
      ],
    );
    assert.match(
      report('--delete-before', '2026-11-01', '--page', '/docs/quickstart'),
      /^Deleted 2 entries received before 2026-11-01/,
    );
    assert.match(report(), /^page .*\n\/tutorials\/first-steps .*\n.*\n$/);
    const wrong = spawnSync(process.execPath, ['--import', 'tsx', 'feedback/report.ts', '--since', 'last week'], {
      cwd: path.resolve(__dirname, '../..'),
      env: {...process.env, ...env},
      encoding: 'utf8',
    });
    assert.equal(wrong.status, 1);
    assert.match(
      wrong.stderr,
      /^feedback:report: --since takes a date \(2026-11-01\) or an age \(7d, 24h, 30m\), not last week\n$/,
    );
  },
);
