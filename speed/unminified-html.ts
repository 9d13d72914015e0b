/**
 * The `unminified-html` trick: the pages as React renders them. Docusaurus passes every page through
 * an HTML minifier (@swc/html) after rendering it, which at Autotask's 3,000 pages was a third of
 * rendering's CPU, to take 5% off the HTML, 3% once compressed (bench/README.md, "Speed tricks").
 * Docusaurus' own switch turns it off (`SKIP_HTML_MINIFICATION`, read when its bundler package loads),
 * so scripts/build.ts gives it to the Docusaurus processes that render. `SPEED_OFF=unminified-html`
 * minifies. React's HTML is what the app hydrates; only the minifier's rewrites go (attribute names
 * keep React's case, `dateTime`, and values their quotes).
 */
import {isTrickOn} from './switches';

/** Docusaurus' switch (@docusaurus/bundler/lib/minifyHtml.js, pinned in tests/unit/bundle-shims.test.ts). */
export const skipMinificationEnv = 'SKIP_HTML_MINIFICATION';

/** What the environment of a Docusaurus process that renders pages adds. */
export const renderingEnv = (): Record<string, string> =>
  isTrickOn('unminified-html') ? {[skipMinificationEnv]: 'true'} : {};
