/**
 * The work of plugins/llms-txt.ts, which runs it in a worker thread after the build: every page's
 * Markdown twin, /llms-full.txt and /llms.txt. A module of its own, so that the converters it loads
 * (cheerio, turndown, the contract's Markdown) stay out of Docusaurus' thread.
 */
import {createWriteStream} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {once} from 'node:events';

import {firstSentence} from '../lib/first-sentence';
import {markdownPath} from '../src/markdown-twin';
import {referenceMarkdown} from '../lib/openapi/markdown';
import {postmanCollectionPath, postmanEnvironments} from '../lib/openapi/postman';
import {describedVersion} from '../lib/openapi/bundle';
import {openApiSpecs, specDownloadPath} from '../lib/openapi/specs';
import {provider} from '../src/provider';
import {htmlToMarkdown} from './html-markdown';

type Page = {route: string; title: string; description: string; lastUpdated?: string};

/** The first paragraph of a twin's body: prose, not a heading, list, table, quote or code. */
function firstParagraph(markdown: string): string {
  const blocks = markdown.split(/\n{2,}/);
  return blocks.find((block) => /^[A-Za-z`*_[]/.test(block) && !/^(```|\||- |\d+\. )/.test(block)) ?? '';
}

/**
 * A page's one-line summary in llms.txt: the first sentence of its description, or, when the
 * description has no whole sentence, the first sentence of the page's first paragraph.
 */
export function summaryOf(description: string, markdown: string): string {
  return firstSentence(description) || firstSentence(firstParagraph(markdown));
}

function frontMatter(page: Page, url: string, feedbackUrl: string | undefined): string {
  // The date the page shows as its last update (a day: the page shows no time either).
  const lastUpdated = page.lastUpdated ? {last_updated: new Date(page.lastUpdated).toISOString().slice(0, 10)} : {};
  // Where an agent says that this page misled it (llms.txt's "Feedback" section says how).
  const feedback = feedbackUrl ? {feedback: feedbackUrl} : {};
  const fields = {title: page.title, source: url, description: page.description, ...lastUpdated, ...feedback};
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join('\n')}\n---\n\n`;
}

/** llms.txt's section for agents: how to tell the maintainers that a page is wrong. */
function feedbackSection(feedbackUrl: string): string[] {
  const body = JSON.stringify({page: '/docs/quickstart', helpful: false, comment: 'The example key header is wrong'});
  return [
    '## Feedback',
    '',
    `If a page misled you or is wrong, tell the maintainers: \`POST ${feedbackUrl}\` with \`Content-Type: application/json\` and a body such as \`${body}\`.`,
    `\`page\` is the page's path or URL (as in this list, with or without \`.md\`); \`helpful\` is true, false or left out; \`comment\` is at most 1,000 characters.`,
    `It answers 201 when received, 422 with the reason when not; at most 10 a minute. Every Markdown page names this address as \`feedback\` in its front matter; the docs MCP server (${provider.mcpUrl}) has the tool \`submit_feedback\`.`,
  ];
}

function llmsTxt(
  siteTitle: string,
  tagline: string,
  siteUrl: string,
  listed: {title: string; pages: Page[]}[],
  feedbackUrl: string | undefined,
): string {
  const lines = [`# ${siteTitle}`, '', `> ${tagline}`, ''];
  lines.push(
    'Every page of this site is also available as Markdown: add `.md` to its path (`/index.md` for the home page).',
    `All of them, in the order of this list, are in one file: ${siteUrl}/llms-full.txt`,
    '',
  );
  for (const {title, pages} of listed) {
    lines.push(`## ${title}`, '');
    for (const page of pages) {
      const summary = page.description ? `: ${page.description}` : '';
      lines.push(`- [${page.title}](${siteUrl}${markdownPath(page.route)})${summary}`);
    }
    lines.push('');
  }
  lines.push('## OpenAPI descriptions', '');
  for (const spec of openApiSpecs)
    lines.push(`- [${spec.title}](${siteUrl}${specDownloadPath(spec)}): ${describedVersion(spec)}`);
  lines.push('', '## Postman collections', '');
  for (const spec of openApiSpecs)
    lines.push(
      `- [${spec.title}](${siteUrl}${postmanCollectionPath(spec)}): Postman collection v2.1, with tests of each answer`,
    );
  for (const environment of postmanEnvironments())
    lines.push(`- [${environment.name}](${siteUrl}${environment.file}): Postman environment (\`baseUrl\`, \`apiKey\`)`);
  if (feedbackUrl) lines.push('', ...feedbackSection(feedbackUrl));
  return `${lines.join('\n')}\n`;
}

/** A twin's body in llms-full.txt: its H1, then the page's address, then the rest. */
function fullTxtEntry(markdown: string, url: string): string {
  const [h1, ...rest] = markdown.split('\n');
  return `${h1}\nSource: ${url}\n${rest.join('\n')}\n`;
}

/** What writeLlmsFiles needs of the build: plain data, so that a worker thread can take it. */
export type LlmsFilesInput = {
  outDir: string;
  siteDir: string;
  siteTitle: string;
  tagline: string;
  siteUrl: string;
  sections: {title: string; routes: string[]}[];
  /** The feedback API's address (the site's own /api/feedback made absolute), or undefined without one. */
  feedbackUrl?: string;
};

/** Writes every page's twin, llms-full.txt and llms.txt into the build. */
export async function writeLlmsFiles({
  outDir,
  siteDir,
  siteTitle,
  tagline,
  siteUrl,
  sections,
  feedbackUrl,
}: LlmsFilesInput) {
  // Reference pages render their schemas in the browser: their Markdown comes from the contract.
  const reference = referenceMarkdown(siteDir);
  const full = createWriteStream(path.join(outDir, 'llms-full.txt'));
  full.write(
    `# ${siteTitle}\n\n> ${tagline}\n\nEvery page of ${siteUrl} in Markdown, in the order of ${siteUrl}/llms.txt. Each page starts with its title as a level-1 heading, followed by a line "Source:" with its address.\n`,
  );
  const listed: {title: string; pages: Page[]}[] = [];
  for (const section of sections) {
    const pages: Page[] = [];
    for (const route of section.routes) {
      const twin =
        reference.get(route) ??
        htmlToMarkdown(await readFile(path.join(outDir, route, 'index.html'), 'utf8'), siteTitle);
      const {markdown} = twin;
      const page: Page = {
        route,
        title: twin.title,
        description: summaryOf(twin.description, markdown),
        lastUpdated: twin.lastUpdated,
      };
      const url = `${siteUrl}${route}`;
      await writeFile(path.join(outDir, markdownPath(route)), frontMatter(page, url, feedbackUrl) + markdown);
      if (!full.write(`\n${fullTxtEntry(markdown, url)}`)) await once(full, 'drain');
      pages.push(page);
    }
    listed.push({title: section.title, pages});
  }
  full.end();
  await once(full, 'finish');
  await writeFile(path.join(outDir, 'llms.txt'), llmsTxt(siteTitle, tagline, siteUrl, listed, feedbackUrl));
}
