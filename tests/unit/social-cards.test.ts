/**
 * plugins/social-cards.ts: the cards drawn ahead (while the bundler runs) only fill the cache; each
 * page's card is still the one of the title its HTML shows, and cards drawn for titles no page shows
 * leave the cache. The build tests check that every page has its card (tests/build/social-cards.test.ts).
 */
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';

import {openApiSpecs} from '../../lib/openapi/specs';
import {cacheSocialCards, drawSocialCards, expectedCards} from '../../plugins/social-cards';
import {socialCardPath} from '../../src/social-card';

const root = mkdtempSync(path.join(os.tmpdir(), 'orchard-social-cards-'));
after(() => rmSync(root, {recursive: true, force: true}));
const siteDir = path.resolve(__dirname, '../..');

/** A build folder with one page at `route` whose `<title>` is `title | Orchard AI`. */
function buildWithPage(name: string, route: string, title: string): string {
  const outDir = path.join(root, name);
  mkdirSync(path.join(outDir, route), {recursive: true});
  writeFileSync(
    path.join(outDir, route, 'index.html'),
    `<!doctype html><html><head><meta charset="utf-8"><title data-rh="true">${title} | Orchard AI</title></head><body><h1>Other</h1><title>Not this</title></body></html>`,
  );
  return outDir;
}

test('a card drawn ahead for a title the page does not show is not used, and leaves the cache', async () => {
  const route = '/docs/intro';
  const file = socialCardPath(route);
  const cacheDir = path.join(root, 'cache');
  // Drawn ahead for the wrong title, then the build's page shows another.
  await cacheSocialCards({siteDir, cacheDir, cards: [{file, title: 'A title drawn ahead', section: 'Docs'}]});
  assert.equal(readdirSync(cacheDir).length, 1);
  const outDir = buildWithPage('build', route, 'Introduction &amp; setup');
  await drawSocialCards({siteDir, outDir, routes: [route], siteTitle: 'Orchard AI', cacheDir});
  // The same card as a build with no cache at all draws for the page.
  const freshOut = buildWithPage('fresh', route, 'Introduction &amp; setup');
  await drawSocialCards({
    siteDir,
    outDir: freshOut,
    routes: [route],
    siteTitle: 'Orchard AI',
    cacheDir: path.join(root, 'fresh-cache'),
  });
  const card = readFileSync(path.join(outDir, file));
  assert.ok(card.equals(readFileSync(path.join(freshOut, file))), 'the card of the title the page shows');
  // The card drawn ahead is a different picture, and it is gone from the cache.
  const ahead = path.join(root, 'ahead-cache');
  await cacheSocialCards({siteDir, cacheDir: ahead, cards: [{file, title: 'A title drawn ahead', section: 'Docs'}]});
  assert.ok(!card.equals(readFileSync(path.join(ahead, readdirSync(ahead)[0]!))));
  assert.deepEqual(readdirSync(cacheDir), readdirSync(path.join(root, 'fresh-cache')));
});

test('a card drawn ahead for the title the page shows is the one the build uses', async () => {
  const route = '/faqs/faqs';
  const file = socialCardPath(route);
  const cacheDir = path.join(root, 'cache-right');
  await cacheSocialCards({siteDir, cacheDir, cards: [{file, title: 'FAQs', section: 'FAQs'}]});
  const [drawnAhead] = readdirSync(cacheDir);
  const outDir = buildWithPage('build-right', route, 'FAQs');
  await drawSocialCards({siteDir, outDir, routes: [route], siteTitle: 'Orchard AI', cacheDir});
  assert.deepEqual(readdirSync(cacheDir), [drawnAhead]);
  assert.ok(readFileSync(path.join(outDir, file)).equals(readFileSync(path.join(cacheDir, drawnAhead!))));
});

test("the cards expected ahead: each docs page's by its metadata title, one per API for the reference", () => {
  const [api] = openApiSpecs;
  const doc = (permalink: string, title: string) => ({permalink, title});
  const content = (
    docs: {permalink: string; title: string}[],
    categoryGeneratedIndices: {permalink: string; title: string}[] = [],
  ) =>
    ({
      loadedVersions: [
        {
          docs,
          // A sidebar with a category page, in a category without one.
          sidebars: {
            main: [
              {
                type: 'category',
                label: 'Outer',
                items: categoryGeneratedIndices.map(({permalink, title}) => ({
                  type: 'category',
                  label: title,
                  items: [],
                  link: {type: 'generated-index', permalink},
                })),
              },
            ],
          },
        },
      ],
    }) as unknown as DocsContent;
  const cards = expectedCards({
    default: content([doc('/docs/intro', 'Introduction')], [doc('/docs/category/use-cases', 'Use cases')]),
    api: content([
      doc(`/api/api-reference/${api.referenceId}`, 'Landing'),
      doc(`/api/api-reference/${api.referenceId}/list-models`, 'List models'),
      doc('/api/guide', 'A guide'),
    ]),
    empty: undefined,
  });
  assert.deepEqual(cards, [
    {file: '/img/cards/docs/intro.png', title: 'Introduction', section: 'Docs'},
    {file: '/img/cards/docs/category/use-cases.png', title: 'Use cases', section: 'Docs'},
    {file: socialCardPath(`/api/api-reference/${api.referenceId}`), title: api.title, section: 'API reference'},
    {file: '/img/cards/api/guide.png', title: 'A guide', section: 'API guides'},
  ]);
});
