/**
 * The feedback service's parts on their own: what a submission may hold, each client's share, the
 * report maintainers read (escaped for a terminal and a spreadsheet), the build setting, the hosts'
 * routes to the service, and the service's answers when its database fails (in process, on a made-up
 * store). The service as deployed, on SQLite and PostgreSQL, is tests/slow/feedback-service.test.ts.
 */
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {after, test} from 'node:test';

import {caddyfile, nginxConf} from '../../hosting/configs';
import {securityHeaders} from '../../hosting/rules';
import {ClientLimiter} from '../../lib/feedback/limits';
import {csvField, pageReports, parseSince, reportCsv, reportTable} from '../../lib/feedback/report';
import {feedbackApiHandler, feedbackOf} from '../../lib/feedback/service';
import {feedbackApiUrl} from '../../lib/feedback/setting';
import {StoreUnavailableError, type FeedbackEntry, type FeedbackStore} from '../../lib/feedback/store';

const routes = new Set(['/', '/docs/quickstart', '/api/api-reference/predict']);

test('a submission names a page of the build, by path or docs URL, and holds a vote or a comment', () => {
  const entry = (page: string) => feedbackOf({page, helpful: true}, routes, 'reader');
  for (const page of [
    '/docs/quickstart',
    '/docs/quickstart/',
    'https://docs.orchard.example/docs/quickstart',
    '/docs/quickstart.md',
    '/docs/quickstart#step-2',
  ])
    assert.deepEqual(
      entry(page),
      {page: '/docs/quickstart', helpful: true, comment: '', sample: null, source: 'reader'},
      page,
    );
  assert.equal((entry('/') as {page: string}).page, '/');
  assert.match(entry('/docs/none') as string, /\/docs\/none is not a page of https:\/\/docs\.orchard\.example/);
  assert.match(entry('https://evil.example/docs/quickstart') as string, /not a page of/);
  assert.match(feedbackOf({page: '/', comment: '   '}, routes, 'agent') as string, /Give "helpful"/);
  assert.deepEqual(feedbackOf({page: '/', comment: ' Only a remark '}, routes, 'agent'), {
    page: '/',
    helpful: null,
    comment: 'Only a remark',
    sample: null,
    source: 'agent',
  });
  assert.match(
    feedbackOf({page: '/', helpful: false, sample: 'Py<script>'}, routes, 'reader') as string,
    /sample: a language name/,
  );
  assert.match(
    feedbackOf({page: '/', helpful: false, extra: 1}, routes, 'reader') as string,
    /Unrecognized key.*extra/,
  );
  assert.match(feedbackOf([], routes, 'reader') as string, /expected object/);
});

test('a client may send 10 a minute and 100 a day, told when to try again', () => {
  const limiter = new ClientLimiter();
  const start = Date.UTC(2026, 10, 29);
  for (let index = 0; index < 10; index += 1) assert.equal(limiter.admit('10.0.0.1', start + index), undefined);
  assert.deepEqual(limiter.admit('10.0.0.1', start + 20_000), {
    retryAfter: 40,
    reason: 'More than 10 submissions a minute',
  });
  // Another address has its own share.
  assert.equal(limiter.admit('10.0.0.2', start + 20_000), undefined);
  // Ten minutes of ten, then the day is spent until a day after its first.
  for (let minute = 1; minute < 10; minute += 1)
    for (let index = 0; index < 10; index += 1)
      assert.equal(limiter.admit('10.0.0.1', start + minute * 60_000 + index), undefined);
  assert.deepEqual(limiter.admit('10.0.0.1', start + 11 * 60_000), {
    retryAfter: 86_400 - 11 * 60,
    reason: 'More than 100 submissions a day',
  });
  assert.equal(limiter.admit('10.0.0.1', start + 86_400_000), undefined);
});

const entry = (
  page: string,
  helpful: boolean | null,
  comment = '',
  at = '2026-11-28T10:00:00.000Z',
): FeedbackEntry => ({
  page,
  helpful,
  comment,
  sample: null,
  source: 'reader',
  at,
});

test('the report puts the least helpful pages first and escapes comments for where they are shown', () => {
  const entries = [
    entry('/docs/a', true),
    entry('/docs/a', false),
    entry('/docs/b', false, 'Wrong\u001b[2J key'),
    entry('/docs/b', false, '=HYPERLINK("http://evil")', '2026-11-28T11:00:00.000Z'),
    entry('/docs/c', true),
    entry('/docs/d', null, 'Just a note'),
  ];
  const reports = pageReports(entries);
  assert.deepEqual(
    reports.map(({page, yes, no, helpfulShare}) => [page, yes, no, helpfulShare]),
    [
      ['/docs/b', 0, 2, 0],
      ['/docs/a', 1, 1, 0.5],
      ['/docs/c', 1, 0, 1],
      ['/docs/d', 0, 0, null],
    ],
  );
  assert.deepEqual(
    reports[0]!.comments.map((comment) => comment.comment),
    ['=HYPERLINK("http://evil")', 'Wrong\u001b[2J key'],
  );
  const table = reportTable(reports);
  assert.ok(!table.includes('\u001b'), 'no escape sequence reaches the terminal');
  assert.match(table, /Wrong\\u001b\[2J key/);
  assert.match(table, /^\/docs\/b\s+0\s+2\s+0%\s+2$/m);
  const csv = reportCsv(entries);
  assert.match(
    csv,
    /^page,helpful,comment,sample,source,at\r\n\/docs\/b,false,"'=HYPERLINK\(""http:\/\/evil""\)",,reader,/,
  );
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('-1+1'), "'-1+1");
  assert.equal(reportTable([]), 'No feedback yet.\n');
});

test('--since and ?since= take a date or an age', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  assert.equal(parseSince('7d', now)?.toISOString(), '2026-11-22T12:00:00.000Z');
  assert.equal(parseSince('24h', now)?.toISOString(), '2026-11-28T12:00:00.000Z');
  assert.equal(parseSince('2026-11-01')?.toISOString(), '2026-11-01T00:00:00.000Z');
  for (const wrong of ['yesterday', '7w', '2026-13-01', '']) assert.equal(parseSince(wrong, now), undefined, wrong);
});

test('FEEDBACK_API_URL: the site itself by default, another origin, or none; anything else stops the build', () => {
  assert.equal(feedbackApiUrl({}), '/api/feedback');
  assert.equal(feedbackApiUrl({FEEDBACK_API_URL: 'none'}), null);
  assert.equal(
    feedbackApiUrl({FEEDBACK_API_URL: 'https://feedback.example.com/api/feedback'}),
    'https://feedback.example.com/api/feedback',
  );
  assert.throws(
    () => feedbackApiUrl({FEEDBACK_API_URL: 'feedback.example.com'}),
    /FEEDBACK_API_URL=feedback\.example\.com: give the URL/,
  );
});

test('hosts route /api/feedback to the service only for a site that sends there; another origin is in connect-src', () => {
  const facts = {scriptHashes: [], twins: new Map<string, string>()};
  const own = {...facts, feedbackApi: '/api/feedback'};
  assert.match(
    caddyfile(own),
    /handle \/api\/feedback \{\n\t\treverse_proxy \{\$FEEDBACK_UPSTREAM:127\.0\.0\.1:3002\}/,
  );
  assert.match(
    nginxConf(own),
    /location = \/api\/feedback \{\n\s+proxy_pass http:\/\/127\.0\.0\.1:3002;[^}]+X-Forwarded-For \$proxy_add_x_forwarded_for/,
  );
  for (const config of [caddyfile(facts), nginxConf(facts)]) assert.doesNotMatch(config, /api\/feedback/);
  const remote = {...facts, feedbackApi: 'https://feedback.example.com/api/feedback'};
  assert.match(
    securityHeaders(remote, [])['Content-Security-Policy'],
    /connect-src 'self' https:\/\/feedback\.example\.com;/,
  );
  assert.match(securityHeaders(own, [])['Content-Security-Policy'], /connect-src 'self';/);
});

/** A store whose database is down, or up; counting what it was given. */
function madeUpStore(state: {down: boolean; added: number}): FeedbackStore {
  return {
    kind: 'postgresql',
    where: 'made up',
    add: () => {
      if (state.down) return Promise.reject(new StoreUnavailableError('PostgreSQL at made up does not answer'));
      state.added += 1;
      return Promise.resolve();
    },
    list: () => Promise.resolve([]),
    count: () => Promise.resolve(0),
    remove: () => Promise.resolve(0),
    close: () => Promise.resolve(),
  };
}

const servers: Server[] = [];
after(() => servers.forEach((server) => server.close()));

async function serve(handler: ReturnType<typeof feedbackApiHandler>): Promise<string> {
  const server = createServer((request, response) => {
    if (!handler(request, response)) response.writeHead(404).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/feedback`;
}

test('the database down: 503 with a message and Retry-After; back up: 201, same handler', async () => {
  const state = {down: true, added: 0};
  const url = await serve(feedbackApiHandler({store: madeUpStore(state), routes}));
  const post = () =>
    fetch(url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({page: '/', helpful: true}),
    });
  const down = await post();
  assert.equal(down.status, 503);
  assert.equal(down.headers.get('retry-after'), '30');
  assert.match(((await down.json()) as {error: string}).error, /its database does not answer/);
  state.down = false;
  assert.equal((await post()).status, 201);
  assert.equal(state.added, 1);
});

test('a page of an allowed origin gets CORS; reading without a configured token is off', async () => {
  const url = await serve(
    feedbackApiHandler({
      store: madeUpStore({down: false, added: 0}),
      routes,
      allowedOrigins: ['https://staging.orchard.example'],
    }),
  );
  const preflight = await fetch(url, {method: 'OPTIONS', headers: {Origin: 'https://staging.orchard.example'}});
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://staging.orchard.example');
  assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST');
  const foreign = await fetch(url, {method: 'OPTIONS', headers: {Origin: 'https://evil.example'}});
  assert.equal(foreign.status, 403);
  const read = await fetch(url, {headers: {Authorization: 'Bearer anything'}});
  assert.equal(read.status, 403);
  assert.match(((await read.json()) as {error: string}).error, /FEEDBACK_ADMIN_TOKEN/);
  assert.equal((await fetch(url, {method: 'DELETE'})).status, 405);
});
