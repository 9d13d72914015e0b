import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {load} from 'cheerio';
import TurndownService from 'turndown';
import {gfm} from '@joplin/turndown-plugin-gfm';
import type {LoadContext, Plugin} from '@docusaurus/types';

import {referenceMarkdown} from '../openapi/markdown';
import {openApiSpecs, specDownloadPath} from '../openapi/specs';

/** Where the Markdown version of a route lives: `/docs/intro` → `/docs/intro.md`, `/` → `/index.md`. */
export function markdownPath(route: string): string {
  const trimmed = route.replace(/\/$/, '');
  return trimmed === '' ? '/index.md' : `${trimmed}.md`;
}

type Page = {route: string; title: string; description: string};

// Sections of llms.txt, in reading order; a page goes in the first whose prefix matches.
const sections: readonly {title: string; prefix: string}[] = [
  {title: 'API reference', prefix: '/api/api-reference/'},
  {title: 'API guides', prefix: '/api'},
  {title: 'Docs', prefix: '/docs'},
  {title: 'Tutorials', prefix: '/tutorials'},
  {title: 'FAQs', prefix: '/faqs'},
  {title: 'Site', prefix: '/'},
];

/** A one-line summary: the first sentence of the page's description. */
function summaryOf(description: string): string {
  const firstSentence = /^.*?[.!?](?=\s|$)/.exec(description.replace(/\s+/g, ' ').trim());
  return (firstSentence?.[0] ?? description).trim();
}

function toMarkdown(html: string, route: string, siteTitle: string, contractMarkdown?: string): Page & {markdown: string} {
  const $ = load(html);
  // "Introduction | Orchard AI" → "Introduction" (the home page's title is the site's own).
  const title = $('title').text().trim().replace(` | ${siteTitle}`, '') || siteTitle;
  const description = summaryOf($('meta[name="description"]').attr('content') ?? '');
  if (contractMarkdown) return {route, title, description, markdown: frontMatter(title, route) + contractMarkdown};
  // The page's own content: the doc body where there is one, otherwise the whole <main>.
  const content = $('.theme-doc-markdown').first().length ? $('.theme-doc-markdown').first() : $('main').first();
  // Interactive parts (the API explorer's form, buttons, hash links) mean nothing in Markdown.
  content.find('button, form, .hash-link, .openapi-explorer__request-form, script, style, svg').remove();
  const turndown = new TurndownService({headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-'});
  turndown.use(gfm);
  const body = turndown.turndown(content.html() ?? '').trim();
  return {route, title, description, markdown: `${frontMatter(title, route)}${body}\n`};
}

function frontMatter(title: string, route: string): string {
  return `---\ntitle: ${JSON.stringify(title)}\nsource: ${JSON.stringify(route)}\n---\n\n`;
}

function llmsTxt(siteTitle: string, tagline: string, siteUrl: string, pages: Page[]): string {
  const lines = [`# ${siteTitle}`, '', `> ${tagline}`, ''];
  lines.push(
    'Every page of this site is also available as Markdown: add `.md` to its path (`/index.md` for the home page).',
    '',
  );
  const placed = new Set<string>();
  for (const {title, prefix} of sections) {
    const inSection = pages.filter((page) => !placed.has(page.route) && page.route.startsWith(prefix));
    if (inSection.length === 0) continue;
    lines.push(`## ${title}`, '');
    for (const page of inSection) {
      placed.add(page.route);
      const summary = page.description ? `: ${page.description}` : '';
      lines.push(`- [${page.title}](${siteUrl}${markdownPath(page.route)})${summary}`);
    }
    lines.push('');
  }
  lines.push('## OpenAPI descriptions', '');
  for (const spec of openApiSpecs) lines.push(`- [${spec.title}](${siteUrl}${specDownloadPath(spec)}): OpenAPI 3.0 (YAML)`);
  return `${lines.join('\n')}\n`;
}

/**
 * For AI assistants and tools (llmstxt.org): after the build, writes a Markdown version of every
 * page (converted from its built HTML; API reference pages written from the OpenAPI descriptions)
 * and `/llms.txt`, which lists every page with a one-line summary.
 */
export default function llmsTxtPlugin(context: LoadContext): Plugin {
  return {
    name: 'llms-txt',
    async postBuild({outDir, routesPaths, siteConfig}) {
      const notFound = `${siteConfig.baseUrl}404.html`;
      const routes = [...new Set(routesPaths)].filter((route) => route !== notFound && !route.endsWith('/search')).sort();
      // Reference pages render their schemas in the browser: their Markdown comes from the contract.
      const reference = referenceMarkdown(context.siteDir);
      const pages = await Promise.all(
        routes.map(async (route) => {
          const html = await readFile(path.join(outDir, route, 'index.html'), 'utf8');
          const page = toMarkdown(html, route, siteConfig.title, reference.get(route));
          await writeFile(path.join(outDir, markdownPath(route)), page.markdown);
          return page;
        }),
      );
      const siteUrl = context.siteConfig.url.replace(/\/$/, '');
      await writeFile(path.join(outDir, 'llms.txt'), llmsTxt(siteConfig.title, siteConfig.tagline, siteUrl, pages));
    },
  };
}
