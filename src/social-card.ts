/**
 * Where each page's social card lives (its `og:image`, 1200×630 PNG). Shared by the build, which
 * draws the cards (plugins/social-cards.ts), and the page head (src/theme/Layout), so the two always
 * agree; no Node.js imports here, the browser bundle uses it too. Reference pages share one card per
 * API, so the number of cards does not grow with the number of operations.
 */

/** The card's size, as `og:image:width` and `og:image:height` announce it. */
export const socialCardSize = {width: 1200, height: 630} as const;

const referencePrefix = '/api/api-reference/';

/** `/docs/intro` → `/img/cards/docs/intro.png`; `/` → `/img/cards/index.png`; an operation → its API's card. */
export function socialCardPath(route: string): string {
  const trimmed = route.replace(/\/$/, '').replace(/\.html$/, '');
  if (trimmed.startsWith(referencePrefix))
    return `/img/cards/api-reference/${trimmed.slice(referencePrefix.length).split('/')[0]}.png`;
  return `/img/cards/${trimmed === '' ? 'index' : trimmed.slice(1)}.png`;
}

/** The section a card names above the title. */
export function socialCardSection(route: string): string {
  if (route.startsWith(referencePrefix)) return 'API reference';
  if (route.startsWith('/api')) return 'API guides';
  if (route.startsWith('/tutorials')) return 'Tutorials';
  if (route.startsWith('/faqs')) return 'FAQs';
  if (route.startsWith('/docs')) return 'Docs';
  return 'Developer documentation';
}
