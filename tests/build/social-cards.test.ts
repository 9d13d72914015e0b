/**
 * Every page has a social card: its head names an og:image (and twitter:image) under the site's
 * address, at the path src/social-card.ts gives it, with the card's size; the file is in the build, a
 * PNG of 1200×630; reference pages share one card per API. Run `npm run build` first.
 */
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';

import {load} from 'cheerio';

import {socialCardPath, socialCardSize} from '../../src/social-card';
import {provider} from '../../src/provider';
import {sitemapRoutes} from '../support/sitemap';
import {buildDir, readBuilt, requireBuild} from '../support/twins';

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(file: string): {width: number; height: number} {
  const png = readFileSync(file);
  assert.ok(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), `${file} is not a PNG`);
  assert.equal(png.subarray(12, 16).toString('latin1'), 'IHDR', file);
  return {width: png.readUInt32BE(16), height: png.readUInt32BE(20)};
}

test('every page names its social card, which is a 1200×630 PNG in the build', () => {
  requireBuild();
  const routes = [...sitemapRoutes(), '/search', '/404.html'];
  const cards = new Set<string>();
  for (const route of routes) {
    const file = route.endsWith('.html') ? route : path.join(route, 'index.html');
    const $ = load(readBuilt(path.join(buildDir, file)));
    const image = $('meta[property="og:image"]').attr('content') ?? '';
    assert.equal(image, `${provider.docsUrl}${socialCardPath(route)}`, `${route}: og:image`);
    assert.equal($('meta[name="twitter:image"]').attr('content'), image, `${route}: twitter:image`);
    assert.equal($('meta[property="og:image:width"]').attr('content'), String(socialCardSize.width), route);
    assert.equal($('meta[property="og:image:height"]').attr('content'), String(socialCardSize.height), route);
    assert.deepEqual(pngSize(path.join(buildDir, socialCardPath(route))), socialCardSize, `${route}: ${socialCardPath(route)}`);
    cards.add(socialCardPath(route));
  }
  const referenceCards = [...cards].filter((card) => card.startsWith('/img/cards/api-reference/'));
  assert.equal(referenceCards.length, 4, 'one card per API for the reference pages');
});
