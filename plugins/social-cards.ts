/**
 * Social cards: after the build, draws every page's `og:image` (1200×630 PNG: the page title, its
 * section and the brand colour) from one template, with satori (layout to SVG) and resvg (SVG to
 * PNG), to the path src/social-card.ts gives it, which the page head links (src/theme/Layout).
 * Reference pages share one card per API. Cards are cached by their content between builds, so a
 * rebuild draws only the cards whose title changed.
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {mkdir, readdir, readFile, unlink, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {Resvg} from '@resvg/resvg-js';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {load} from 'cheerio';

import {openApiSpecs} from '../lib/openapi/specs';
import {runInWorker} from './in-worker';
import {provider} from '../src/provider';
import {socialCardPath, socialCardSection, socialCardSize} from '../src/social-card';

type Card = {file: string; title: string; section: string};

/** Bump when the template changes, so cached cards are drawn again. */
const templateVersion = 5;
const cacheDir = path.resolve(__dirname, '../node_modules/.cache/orchard-social-cards');
const fontFile = (weight: number) => require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`);

/** satori's element tree, without JSX (this is Node code). */
type Element = {
  type: string;
  props: {
    style?: Record<string, unknown>;
    children?: (Element | string)[] | string;
    src?: string;
    width?: number;
    height?: number;
  };
};
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: Element['props']['children'],
  extra: Partial<Element['props']> = {},
): Element => ({
  type,
  props: {style, children, ...extra},
});

/** The one template: brand colour, logo and name at the top, the section and the title at the bottom. */
function template({title, section}: Card, logo: string): Element {
  // Three lines at most: a longer title is cut at a word, with an ellipsis.
  const shown = title.length > 90 ? `${title.slice(0, 88).replace(/\s+\S*$/, '')}…` : title;
  return el(
    'div',
    {
      // satori sizes boxes without their padding: the content box is the card less the padding.
      width: socialCardSize.width - 2 * 80,
      height: socialCardSize.height - 2 * 72,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '72px 80px',
      color: '#ffffff',
      backgroundImage: `linear-gradient(135deg, ${provider.primaryColor} 0%, #4b1682 100%)`,
      fontFamily: 'Inter',
    },
    [
      el('div', {display: 'flex', alignItems: 'center', gap: 24, fontSize: 40, fontWeight: 700}, [
        // The logo is the brand colour: on a white tile, so it shows on the brand-colour card.
        el('div', {display: 'flex', padding: 10, borderRadius: 20, backgroundColor: '#ffffff'}, [
          el('img', {width: 60, height: 60}, undefined, {src: logo, width: 60, height: 60}),
        ]),
        provider.name,
      ]),
      el('div', {display: 'flex', flexDirection: 'column', gap: 20}, [
        el(
          'div',
          {fontSize: 30, fontWeight: 400, textTransform: 'uppercase', letterSpacing: 3, opacity: 0.85},
          section,
        ),
        el('div', {display: 'flex', fontSize: shown.length > 40 ? 60 : 76, fontWeight: 700, lineHeight: '1.15'}, shown),
      ]),
    ],
  );
}

/** The page's title as its `<title>` gives it, without the site name. */
function pageTitle(html: string, siteTitle: string): string {
  const title = load(html)('title').first().text().trim();
  const own = title.replace(new RegExp(`\\s*\\|\\s*${siteTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '');
  return own === '' || own === siteTitle ? 'Developer documentation' : own;
}

/** The cards of a build: one per route, one per API for the reference pages. */
async function cardsOf(outDir: string, routes: readonly string[], siteTitle: string): Promise<Card[]> {
  const cards = new Map<string, Card>();
  for (const route of routes) {
    const file = socialCardPath(route);
    if (cards.has(file)) continue;
    const api = openApiSpecs.find((spec) => file === socialCardPath(`/api/api-reference/${spec.referenceId}`));
    if (api) {
      cards.set(file, {file, title: api.title, section: socialCardSection(route)});
      continue;
    }
    const html = path.join(outDir, route.endsWith('.html') ? route : path.join(route, 'index.html'));
    if (!existsSync(html)) continue;
    cards.set(file, {
      file,
      title: pageTitle(await readFile(html, 'utf8'), siteTitle),
      section: socialCardSection(route),
    });
  }
  return [...cards.values()];
}

export default function socialCardsPlugin(context: LoadContext): Plugin {
  return {
    name: 'social-cards',
    async postBuild({outDir, routesPaths, siteConfig}) {
      // In a worker thread (plugins/in-worker.ts): drawing is CPU work, like the search index beside it.
      const input: SocialCardsInput = {
        siteDir: context.siteDir,
        outDir,
        routes: routesPaths,
        siteTitle: siteConfig.title,
      };
      await runInWorker(__filename, 'drawSocialCards', input);
    },
  };
}

/** What drawSocialCards needs of the build: plain data, so that a worker thread can take it. */
export type SocialCardsInput = {siteDir: string; outDir: string; routes: string[]; siteTitle: string};

/** Draws (or takes from the cache) the card of every route into the build. */
export async function drawSocialCards({siteDir, outDir, routes, siteTitle}: SocialCardsInput): Promise<void> {
  // satori ships as an ES module only.
  const {default: satori} = await import('satori');
  const fonts = await Promise.all(
    ([400, 700] as const).map(async (weight) => ({
      name: 'Inter',
      data: await readFile(fontFile(weight)),
      weight,
      style: 'normal' as const,
    })),
  );
  const logo = `data:image/svg+xml;base64,${(await readFile(path.join(siteDir, 'static/img/logo.svg'))).toString('base64')}`;
  await mkdir(cacheDir, {recursive: true});
  const used = new Set<string>();
  for (const card of await cardsOf(outDir, [...routes, '/404.html'], siteTitle)) {
    const key = createHash('sha256')
      .update(JSON.stringify([templateVersion, card.title, card.section, provider]))
      .digest('hex');
    const cached = path.join(cacheDir, `${key}.png`);
    used.add(`${key}.png`);
    let png: Buffer;
    if (existsSync(cached)) png = await readFile(cached);
    else {
      const svg = await satori(template(card, logo) as never, {...socialCardSize, fonts});
      png = new Resvg(svg, {fitTo: {mode: 'width', value: socialCardSize.width}}).render().asPng();
      await writeFile(cached, png);
    }
    const target = path.join(outDir, card.file);
    await mkdir(path.dirname(target), {recursive: true});
    await writeFile(target, png);
  }
  // The cache holds this build's cards only.
  for (const name of await readdir(cacheDir)) if (!used.has(name)) await unlink(path.join(cacheDir, name));
}
