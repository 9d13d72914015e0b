/**
 * Issue 11: every parameter, schema field and response of the reference is in its operation page's
 * server-rendered HTML (collapsed is fine), so search, crawlers and readers without JavaScript find
 * it, each with its stable anchor. Read from the production build (run `npm run build` first) and
 * compared with openapi/*.yaml.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {load} from 'cheerio';

import {expectedAnchors, operationPages} from '../support/reference';
import {htmlFile, readBuilt, requireBuild} from '../support/twins';

for (const reference of operationPages()) {
  test(`the HTML of ${reference.path} holds every parameter, field and response of ${reference.operation.operation.operationId}, with its anchor`, () => {
    requireBuild();
    const $ = load(readBuilt(htmlFile(reference.path)));
    const ids = new Set($('[id]').map((_, element) => $(element).attr('id')).get());
    const properties = new Set($('.openapi-schema__property').map((_, element) => $(element).text().trim()).get());
    const {parameters, body, responses, responseCodes} = expectedAnchors(reference);

    const missingNames = [...body, ...responses].map(({name}) => name).filter((name) => !properties.has(name));
    assert.deepEqual(missingNames, [], 'schema fields missing from the HTML');
    const missingAnchors = [...parameters, ...body, ...responseCodes, ...responses]
      .map(({anchor}) => anchor)
      .filter((anchor) => !ids.has(anchor));
    assert.deepEqual(missingAnchors, [], 'anchors missing from the HTML');
  });
}
