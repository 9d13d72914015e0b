/**
 * The feedback API of the production build as agents and hosts reach it: the request llms.txt
 * describes, sent as written there to `npm run serve`; and through Caddy and nginx (deploy/Caddyfile,
 * deploy/nginx.conf as the build wrote them) to the feedback service (`npm run feedback`), which limits
 * each reader by the address the proxy forwards, not by one a client makes up. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {serveSite} from '../../hosting/server';
import {openFeedbackStore} from '../../lib/feedback/store';
import {provider} from '../../src/provider';
import {startFeedbackService, submit} from '../support/feedback-service';
import {startCaddy, startNginx} from '../support/hosts';
import {buildDir, requireBuild} from '../support/twins';

requireBuild();
const root = mkdtempSync(path.join(tmpdir(), 'orchard-build-feedback-'));
const cleanups: (() => Promise<void> | void)[] = [() => rmSync(root, {recursive: true, force: true})];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test("llms.txt's feedback request, sent as written there, is stored as an agent's", async () => {
  const llms = readFileSync(path.join(buildDir, 'llms.txt'), 'utf8');
  const [, url, body] = /`POST (\S+)` with `Content-Type: application\/json` and a body such as `(\{.+?\})`/.exec(llms) ?? [];
  assert.ok(url && body, 'llms.txt describes the feedback request');
  assert.equal(url, `${provider.docsUrl}/api/feedback`);
  const store = await openFeedbackStore({FEEDBACK_DB: path.join(root, 'served.sqlite')});
  cleanups.push(() => store.close());
  const {url: served, server} = await serveSite(buildDir, 0, '127.0.0.1', undefined, () => Promise.resolve({store}));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const answer = await submit(url.replace(provider.docsUrl, served), body);
  assert.deepEqual([answer.status, answer.body], [201, {received: true}]);
  const [entry] = await store.list();
  assert.deepEqual(
    {...entry, at: undefined},
    {...(JSON.parse(body) as object), sample: null, source: 'agent', at: undefined},
  );
});

for (const [name, start] of [
  ['Caddy', startCaddy],
  ['nginx', startNginx],
] as const) {
  test(`${name} routes /api/feedback to the feedback service, which limits by the address ${name} forwards`, async () => {
    const service = await startFeedbackService(buildDir, {
      FEEDBACK_DB: path.join(root, `${name}.sqlite`),
      FEEDBACK_ADMIN_TOKEN: 'build-test-token',
    });
    cleanups.push(() => service.stop());
    const host = await start({feedbackUpstream: new URL(service.url).host});
    cleanups.push(() => host.stop());
    const url = `${host.url}/api/feedback`;
    const first = await submit(url, {page: '/docs/quickstart', helpful: false, comment: `through ${name}`}, {origin: provider.docsUrl});
    assert.deepEqual([first.status, first.body], [201, {received: true}]);
    // A client that makes up a new address each time is still one reader: the host forwards its real one.
    const statuses = [];
    for (let index = 0; index < 10; index += 1)
      statuses.push((await submit(url, {page: '/', helpful: true}, {client: `203.0.113.${index}`})).status);
    assert.deepEqual(statuses, [...Array(9).fill(201), 429]);
    const listed = await fetch(url, {headers: {Authorization: 'Bearer build-test-token'}});
    assert.equal(listed.status, 200);
    const {items} = (await listed.json()) as {items: {comment: string; source: string}[]};
    assert.deepEqual(items[0], {...items[0], comment: `through ${name}`, source: 'reader'});
    assert.equal(items.length, 10);
  });
}
