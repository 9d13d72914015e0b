/**
 * Social cards: after the build, draws every page's `og:image` (1200×630 PNG: the page title, its
 * section and the brand colour) from one template, with satori (layout to SVG) and resvg (SVG to
 * PNG), to the path src/social-card.ts gives it, which the page head links (src/theme/Layout).
 * Reference pages share one card per API. Cards are cached by their content between builds, so a
 * rebuild draws only the cards whose title changed.
 * A production build draws most cards before it needs them: once the content is loaded, a worker
 * thread draws into the cache the cards of the docs and category pages (titles from the docs'
 * metadata) and the APIs, while the bundler runs with a core to spare (a second or so off the post-build
 * steps at 15 operations; bench/README.md, "Tricks without a switch"). After the build, each page's card
 * is still chosen by the title its HTML shows: a card drawn for a title no page shows is never used,
 * and leaves the cache. That last step runs in Docusaurus' own thread, which loads satori and resvg
 * only if a card is left to draw (the 404 and search pages, whose titles no metadata gives): a worker
 * thread of its own would load them anew, with its modules, for seconds of CPU at the end of the build.
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {copyFile, mkdir, readdir, readFile, rm} from 'node:fs/promises';
import path from 'node:path';

import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {load} from 'cheerio';

import {openApiSpecs} from '../lib/openapi/specs';
import {writeWhole} from '../lib/write-whole';
import {runInWorker} from '../lib/in-worker';
import {provider} from '../src/provider';
import {socialCardPath, socialCardSection, socialCardSize} from '../src/social-card';

export type Card = {file: string; title: string; section: string};

/** Bump when the template changes, so cached cards are drawn again. */
const templateVersion = 5;
const defaultCacheDir = path.resolve(__dirname, '../node_modules/.cache/orchard-social-cards');
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
  // The title is in the head: the body (most of a page) is not parsed.
  const headEnd = html.indexOf('</head>');
  const title = load(headEnd < 0 ? html : html.slice(0, headEnd))('title')
    .first()
    .text()
    .trim();
  const own = title.replace(new RegExp(`\\s*\\|\\s*${siteTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '');
  return own === '' || own === siteTitle ? 'Developer documentation' : own;
}

/** The card of an API's reference pages, or undefined when `file` is no API's card. */
function apiCard(file: string, route: string): Card | undefined {
  const api = openApiSpecs.find((spec) => file === socialCardPath(`/api/api-reference/${spec.referenceId}`));
  return api && {file, title: api.title, section: socialCardSection(route)};
}

/** The cards of a build: one per route, one per API for the reference pages. */
async function cardsOf(outDir: string, routes: readonly string[], siteTitle: string): Promise<Card[]> {
  const cards = new Map<string, Card>();
  for (const route of routes) {
    const file = socialCardPath(route);
    if (cards.has(file)) continue;
    const api = apiCard(file, route);
    if (api) {
      cards.set(file, api);
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

type SidebarItem = {
  type: string;
  label?: string;
  items?: SidebarItem[];
  link?: {type: string; permalink?: string; title?: string};
};

/** The category pages of sidebars (`generated-index` links), titled as Docusaurus titles them. */
function generatedIndexPages(items: readonly SidebarItem[]): {permalink: string; title: string}[] {
  return items.flatMap((item) => [
    ...(item.link?.type === 'generated-index' && item.link.permalink
      ? [{permalink: item.link.permalink, title: item.link.title ?? item.label ?? ''}]
      : []),
    ...generatedIndexPages(item.items ?? []),
  ]);
}

/**
 * The cards a build will most likely need, before it renders a page: the docs pages' and their
 * category pages' by the titles of their metadata (which their `<title>` shows), and the APIs'.
 */
export function expectedCards(allDocs: Record<string, DocsContent | undefined>): Card[] {
  const cards = new Map<string, Card>();
  for (const content of Object.values(allDocs))
    for (const version of content?.loadedVersions ?? [])
      for (const page of [...version.docs, ...generatedIndexPages(Object.values(version.sidebars).flat())]) {
        const file = socialCardPath(page.permalink);
        if (!cards.has(file))
          cards.set(
            file,
            apiCard(file, page.permalink) ?? {file, title: page.title, section: socialCardSection(page.permalink)},
          );
      }
  return [...cards.values()];
}

export default function socialCardsPlugin(context: LoadContext): Plugin {
  let drawnAhead: Promise<void> | undefined;
  return {
    name: 'social-cards',
    allContentLoaded({allContent}) {
      // Production builds only (the dev server draws no cards), and not in the rendering process of a
      // two-process build (scripts/build.ts): its bundling process drew them.
      if (process.env.NODE_ENV !== 'production' || process.env.DOCUSAURUS_SKIP_BUNDLING === 'true') return;
      const allDocs = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent | undefined>;
      const input: CacheCardsInput = {siteDir: context.siteDir, cards: expectedCards(allDocs)};
      // A failure here is the same failure postBuild's drawing meets again, and reports there.
      drawnAhead = runInWorker<CacheCardsInput>(__filename, 'cacheSocialCards', input).catch(() => undefined);
    },
    async postBuild({outDir, routesPaths, siteConfig}) {
      // The cache is whole again before the cards are chosen from it (and its leftovers deleted).
      await drawnAhead;
      await drawSocialCards({siteDir: context.siteDir, outDir, routes: routesPaths, siteTitle: siteConfig.title});
    },
  };
}

/** What drawSocialCards needs of the build. */
export type SocialCardsInput = {
  siteDir: string;
  outDir: string;
  routes: string[];
  siteTitle: string;
  cacheDir?: string;
};

/** What cacheSocialCards needs: the cards to draw into the cache. */
export type CacheCardsInput = {siteDir: string; cards: Card[]; cacheDir?: string};

/** Draws a card's PNG: satori (layout to SVG), then resvg (SVG to PNG). */
type Draw = (card: Card) => Promise<Buffer>;

/** Loads what drawing needs: the renderers, the fonts and the logo. */
async function loadDraw(siteDir: string): Promise<Draw> {
  // satori ships as an ES module only.
  const [{default: satori}, {Resvg}] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const fonts = await Promise.all(
    ([400, 700] as const).map(async (weight) => ({
      name: 'Inter',
      data: await readFile(fontFile(weight)),
      weight,
      style: 'normal' as const,
    })),
  );
  const logo = `data:image/svg+xml;base64,${(await readFile(path.join(siteDir, 'static/img/logo.svg'))).toString('base64')}`;
  return async (card) => {
    const svg = await satori(template(card, logo) as never, {...socialCardSize, fonts});
    // satori draws the text as paths: resvg needs no fonts, and looking up the system's took most of
    // its parsing of each card (nine tenths of it; the same PNG, byte for byte).
    return new Resvg(svg, {fitTo: {mode: 'width', value: socialCardSize.width}, font: {loadSystemFonts: false}})
      .render()
      .asPng();
  };
}

/**
 * Draws cards into the cache (`cacheDir`), keyed by their content; says for each card its cached file
 * and whether it had to draw it. What drawing needs is loaded at the first card not in the cache.
 */
async function cardDrawer(
  siteDir: string,
  cacheDir: string,
): Promise<(card: Card) => Promise<{file: string; drawn: boolean}>> {
  let draw: Promise<Draw> | undefined;
  await mkdir(cacheDir, {recursive: true});
  return async (card) => {
    const key = createHash('sha256')
      .update(JSON.stringify([templateVersion, card.title, card.section, provider]))
      .digest('hex');
    const cached = path.join(cacheDir, `${key}.png`);
    if (existsSync(cached)) return {file: cached, drawn: false};
    draw ??= loadDraw(siteDir);
    await writeWhole(cached, await (await draw)(card));
    return {file: cached, drawn: true};
  };
}

/** Draws into the cache the cards not there yet. */
export async function cacheSocialCards({siteDir, cards, cacheDir = defaultCacheDir}: CacheCardsInput): Promise<void> {
  const cached = await cardDrawer(siteDir, cacheDir);
  for (const card of cards) await cached(card);
}

/** Draws (or takes from the cache) the card of every route into the build. */
export async function drawSocialCards({
  siteDir,
  outDir,
  routes,
  siteTitle,
  cacheDir = defaultCacheDir,
}: SocialCardsInput): Promise<void> {
  const cached = await cardDrawer(siteDir, cacheDir);
  const used = new Set<string>();
  const cards = await cardsOf(outDir, [...routes, '/404.html'], siteTitle);
  let drawnNow = 0;
  for (const card of cards) {
    const {file, drawn} = await cached(card);
    if (drawn) drawnNow += 1;
    used.add(path.basename(file));
    const target = path.join(outDir, card.file);
    await mkdir(path.dirname(target), {recursive: true});
    await copyFile(file, target);
  }
  // The cache holds this build's cards only (cards drawn ahead for titles no page shows go too). Another
  // site built from this checkout at the same time (a test's fixture) may have removed one already.
  for (const name of await readdir(cacheDir)) if (!used.has(name)) await rm(path.join(cacheDir, name), {force: true});
  console.log(
    `[social cards] ${cards.length} cards: ${drawnNow} drawn now, the others drawn ahead or kept from an earlier build`,
  );
}
