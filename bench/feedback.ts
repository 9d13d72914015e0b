/**
 * `npm run bench:feedback`: the feedback service as deployed (`npm run feedback -- --trust-proxy`, a
 * process of its own) on each database, an SQLite file and PostgreSQL (a server of the bench's own from
 * Debian's package, tests/support/postgres.ts), 20,000 submissions over 50 connections (autocannon), each
 * from an address of its own (X-Forwarded-For), so that no per-client limit refuses it: submissions
 * stored per second, latency, and whether the database then holds exactly the acknowledged ones.
 * Prints a Markdown table with the machine and the date.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {cpus, tmpdir} from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import {openFeedbackStore} from '../lib/feedback/store';
import {startFeedbackService, writeMadeUpBuild} from '../tests/support/feedback-service';
import {startPostgres} from '../tests/support/postgres';

const connections = 50;
/** Submissions per database: every one is answered before the count (a timed run would cut some in flight). */
const submissions = 20_000;

async function load(url: string): Promise<autocannon.Result> {
  let sent = 0;
  return autocannon({
    url,
    connections,
    amount: submissions,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
            },
            body: JSON.stringify({page: '/docs/quickstart', helpful: sent % 3 !== 0, comment: `bench ${sent}`}),
          };
        },
      },
    ],
  });
}

async function main(): Promise<void> {
  const root = mkdtempSync(path.join(tmpdir(), 'orchard-bench-feedback-'));
  const buildDir = writeMadeUpBuild(path.join(root, 'build'));
  const postgres = await startPostgres();
  const rows: string[][] = [];
  try {
    for (const [name, env] of [
      ['SQLite (WAL, synchronous FULL)', {FEEDBACK_DB: path.join(root, 'feedback.sqlite')}],
      ['PostgreSQL 10-connection pool', {DATABASE_URL: postgres.url}],
    ] as const) {
      const service = await startFeedbackService(buildDir, env);
      let result: autocannon.Result;
      try {
        result = await load(service.url);
      } finally {
        await service.stop();
      }
      const store = await openFeedbackStore(env);
      const stored = await store.count();
      await store.close();
      rows.push([
        name,
        (result['2xx'] / result.duration).toFixed(0),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        String(result['2xx']),
        String(result.non2xx),
        `${result.errors} / ${result.timeouts}`,
        stored === result['2xx'] ? 'yes' : `NO (${stored})`,
      ]);
    }
  } finally {
    await postgres.destroy();
    rmSync(root, {recursive: true, force: true});
  }
  console.log(
    `${submissions} submissions over ${connections} connections on each database, an address per request; ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${new Date().toISOString().slice(0, 10)}, Node ${process.version}\n`,
  );
  console.log('| database | stored/s | p50 | p99 | 201 | other | errors / timeouts | stored = 201s |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const cells of rows) console.log(`| ${cells.join(' | ')} |`);
}

void main();
