/**
 * The Postman downloads as readers get them: each collection and environment is in build/openapi/,
 * the same as lib/openapi/postman.ts makes it now, and /llms.txt and each reference landing page link
 * them. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import {test} from 'node:test';

import {postmanCollection, postmanCollectionPath, postmanEnvironment, postmanEnvironments} from '../../lib/openapi/postman';
import {openApiSpecs} from '../../lib/openapi/specs';
import {buildDir, readBuilt, requireBuild} from '../support/twins';

const built = (sitePath: string) => JSON.parse(readBuilt(path.join(buildDir, sitePath))) as unknown;

test('every collection and environment is downloadable, as the build made it from the YAML', async () => {
  requireBuild();
  for (const spec of openApiSpecs) assert.deepEqual(built(postmanCollectionPath(spec)), await postmanCollection(spec), spec.file);
  for (const environment of postmanEnvironments()) assert.deepEqual(built(environment.file), postmanEnvironment(environment));
});

test('/llms.txt lists every collection and environment', () => {
  requireBuild();
  const llms = readBuilt(path.join(buildDir, 'llms.txt'));
  for (const sitePath of [...openApiSpecs.map(postmanCollectionPath), ...postmanEnvironments().map(({file}) => file)])
    assert.ok(llms.includes(`(https://docs.orchard.example${sitePath})`), `llms.txt links ${sitePath}`);
});

test("each reference landing page links its API's collection and both environments", () => {
  requireBuild();
  for (const spec of openApiSpecs) {
    const html = readBuilt(path.join(buildDir, 'api/api-reference', spec.referenceId, 'index.html'));
    for (const href of [postmanCollectionPath(spec), ...postmanEnvironments().map(({file}) => file)])
      assert.match(html, new RegExp(`href="?${href.replace(/\./g, '\\.')}[" >]`), `${spec.referenceId}: a link to ${href}`);
  }
});
