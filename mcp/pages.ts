/**
 * The site's pages as the build wrote them for tools: the list in /llms.txt (title, twin, summary)
 * and each page's Markdown twin (`/docs/intro.md`).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import {routeOf} from '../lib/page-route';
import {markdownPath} from '../src/markdown-twin';
import {provider} from '../src/provider';

export type DocPage = {
  /** Site path of the page, e.g. `/docs/intro` (`/` for the home page). */
  route: string;
  title: string;
  summary: string;
  /** The page's address, e.g. `https://docs.orchard.example/docs/intro`. */
  url: string;
  /** Its Markdown twin's address, e.g. `https://docs.orchard.example/docs/intro.md`. */
  markdownUrl: string;
};

/** Thrown for input the caller can fix (an unknown page): the server answers it as a tool error. */
export class UserError extends Error {}

export {routeOf};

/** The pages listed in the build's /llms.txt, in its order. */
export function readPages(buildDir: string): DocPage[] {
  const llmsFile = path.join(buildDir, 'llms.txt');
  if (!existsSync(llmsFile)) throw new Error(`${llmsFile} is missing: run npm run build first`);
  const siteUrl = provider.docsUrl.replace(/\/$/, '');
  const pages: DocPage[] = [];
  for (const [, title = '', twinUrl = '', summary = ''] of readFileSync(llmsFile, 'utf8').matchAll(
    /^- \[(.+)\]\((\S+\.md)\)(?:: (.*))?$/gm,
  )) {
    if (!twinUrl.startsWith(`${siteUrl}/`)) continue;
    const route = routeOf(twinUrl);
    pages.push({route, title, summary, url: `${siteUrl}${route === '/' ? '/' : route}`, markdownUrl: twinUrl});
  }
  return pages;
}

/** Reads pages and their twins from one build. */
export class PageStore {
  readonly pages: DocPage[];
  private readonly byRoute: Map<string, DocPage>;

  constructor(private readonly buildDir: string) {
    this.pages = readPages(buildDir);
    this.byRoute = new Map(this.pages.map((page) => [page.route, page]));
  }

  /** The page a path or docs URL names; an unknown page is a UserError that says how to find one. */
  page(reference: string): DocPage {
    const route = routeOf(reference);
    const page = this.byRoute.get(route);
    if (!page)
      throw new UserError(`No page at ${route}. Find pages with search_docs, or read ${provider.docsUrl}/llms.txt`);
    return page;
  }

  /** A page's Markdown twin, as the site serves it at `<path>.md`. */
  markdown(page: DocPage): string {
    return readFileSync(path.join(this.buildDir, markdownPath(page.route)), 'utf8');
  }
}
