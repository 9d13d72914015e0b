/**
 * sidebarsApi.ts makes the API reference's sidebar from lib/openapi/specs.ts: every API there gets a
 * category, opening on its reference landing page, once, nested where its entry says (SPEC.md §7: the
 * batch predictor inside the predictor's), so an API added to specs.ts is never built without a sidebar.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import sidebars from '../../sidebarsApi';
import {openApiSpecs, referenceLandingDocId} from '../../lib/openapi/specs';

type Item = {type?: string; label?: string; link?: {type?: string; id?: string}; items?: Item[]};

const apiSidebar = sidebars.apiSidebar as unknown as Item[];
const referenceRoot = apiSidebar.find((item) => item.label === 'API reference');

/** The reference categories under `items`, as a tree of landing doc ids. */
type LandingTree = [string, LandingTree][];
function landingTree(items: Item[] = []): LandingTree {
  return items
    .filter((item) => item.type === 'category' && item.link?.type === 'doc')
    .map((item) => [item.link!.id!, landingTree(item.items)]);
}

test('every API of lib/openapi/specs.ts has one reference category, nested as its entry says', () => {
  assert.ok(referenceRoot, 'the API sidebar has an "API reference" category');
  const landing = (id: string) => referenceLandingDocId(openApiSpecs.find((api) => api.id === id)!);
  assert.deepEqual(landingTree(referenceRoot.items), [
    [landing('predictor'), [[landing('batch-predictor'), []]]],
    [landing('trainer'), []],
    [landing('medley'), []],
  ]);
  const listed = JSON.stringify(landingTree(referenceRoot.items));
  for (const api of openApiSpecs)
    assert.equal(listed.split(`"${referenceLandingDocId(api)}"`).length - 1, 1, `${api.file} is listed once`);
});

test('each reference category is labelled with its API and counts its operations', () => {
  const categories = (referenceRoot?.items ?? []) as (Item & {description?: string})[];
  assert.deepEqual(
    categories.map((category) => category.label),
    openApiSpecs.filter((api) => !('nestedUnder' in api)).map((api) => api.title),
  );
  for (const category of categories) assert.match(category.description ?? '', /^\d+ operations/);
});
