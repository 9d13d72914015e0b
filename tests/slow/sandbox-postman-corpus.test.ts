/**
 * The Postman collection of each description of the corpus (tests/fixtures/openapi-corpus/), run by
 * Newman against the sandbox serving that description as an added API: every request is answered,
 * a request whose body fits the description gets a 2xx whose body passes the collection's tests, and
 * one whose body does not (the converter writes some from schemas it cannot follow, some descriptions'
 * own examples break their schemas) gets the 422 naming the field. The large descriptions are left to
 * tests/corpus/site.test.ts. A few seconds; with Newman's start, in `npm run test:slow`.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import type {AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';

import {loadDescription} from '../../lib/openapi';
import {postmanCollection} from '../../lib/openapi/postman';
import {referenceIdOf, type OpenApiSpec} from '../../lib/openapi/specs';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer} from '../../sandbox/server';
import {corpusFiles} from '../support/corpus';
import {assertNewmanRun} from '../support/newman-sandbox';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-sandbox-postman-'));

/** Swagger's Petstore 3.1 has a `$ref` no tool here follows (see tests/corpus/site.test.ts). */
const specs = corpusFiles(dir)
  .filter((entry) => !entry.large && entry.name !== 'swagger-petstore-3.1.yaml')
  .map((entry) => {
    const title = loadDescription(entry.file).info.title;
    const id = entry.name.replace(/\.(ya?ml|json)$/, '');
    return {id, file: entry.file, title, referenceId: referenceIdOf(title)} as unknown as OpenApiSpec;
  });

let server: ReturnType<typeof createSandboxServer>;
let origin = '';
before(async () => {
  server = createSandboxServer(await createSandbox({specs}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, {recursive: true, force: true});
});

test('Newman runs each corpus collection against the sandbox: answered, 2xx where the request fits, else a 422', async () => {
  for (const spec of specs) {
    const doc = loadDescription(spec.file);
    await assertNewmanRun(spec, doc, await postmanCollection(spec), origin);
  }
});
