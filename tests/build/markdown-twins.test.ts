/**
 * Issue 11: the Markdown twins as a reader or a tool gets them from the production build (run
 * `npm run build` first): every page's twin starts with its H1 and carries no interface leftovers,
 * tab groups are labelled sections, /llms.txt summaries are whole sentences, /llms-full.txt holds every
 * twin in the order of /llms.txt, every page's HTML links its twin, and a twin says what its page says.
 * The code blocks are compared in markdown-twins-code.test.ts.
 */
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, test} from 'node:test';

import {load} from 'cheerio';

import {markdownPath} from '../../src/markdown-twin';
import {templatePages} from '../support/templates';
import {loadSpec, operationRoute, operationsOf} from '../../lib/openapi';
import {openApiSpecs} from '../../lib/openapi/specs';
import {sampleLanguage} from '../../src/code-samples';
import {provider} from '../../src/provider';
import {contentFiles, readContent} from '../../lib/content';
import {
  buildDir,
  compareTabs,
  htmlFile,
  parseMarkdown,
  readBuilt,
  requireBuild,
  routesBySource,
  sourceTabs,
  textOf,
  twinFile,
  twinTabs,
  walk,
} from '../support/twins';

const siteUrl = provider.docsUrl.replace(/\/$/, '');

/** Every route of the sitemap: the pages a reader or a crawler finds. */
function sitemapRoutes(): string[] {
  requireBuild();
  const sitemap = readBuilt(path.join(buildDir, 'sitemap.xml'));
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
}

/** A twin without its front matter. */
function body(twin: string): string {
  return twin.replace(/^---\n[\s\S]*?\n---\n\n/, '');
}

const normalize = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A twin's text outside code blocks, with code lines blanked (samples may hold anything). */
function prose(twin: string): string {
  const lines = twin.split('\n');
  for (const node of walk(parseMarkdown(twin))) {
    const position = (node as {position?: {start: {line: number}; end: {line: number}}}).position;
    if (node.type !== 'code' || !position) continue;
    for (let line = position.start.line - 1; line < position.end.line; line++) lines[line] = '';
  }
  return lines.join('\n');
}

/** Interface text that has no place in a Markdown twin, with what it is. */
export const leftovers: readonly [RegExp, string][] = [
  [/^\s*(?:[-*]\s+)?(?:Previous|Next)\s*$/m, 'Previous/Next pagination'],
  [/\[\]\(\/\)/, 'the breadcrumb home link'],
  [/^\s*(?:[-*]\s+)?Home page\s*$/m, 'the breadcrumb home link'],
  [/^\s*Edit this page\s*$/im, '"Edit this page"'],
  [/^\s*On this page\s*$/im, 'the table of contents ("On this page")'],
  [/Skip to main content/i, 'the skip link'],
  [/Copy code to clipboard|^\s*Copy(?:ied)?\s*$/im, 'a copy button'],
  [/Direct link to|\u200b|\[#\]\(#/, 'a heading hash link'],
  [/Last updated/i, 'a last-updated line'],
  [/\p{Extended_Pictographic}/u, 'a decorative emoji (card icon)'],
  [/<\/?(?:div|span|button|svg|nav|ul|li|details|summary|br)\b/i, 'raw interface HTML'],
  [/^\s*(?:Word wrap|Toggle word wrap)\s*$/im, 'the word-wrap button'],
  [/Page actions|View as Markdown|Open in (?:ChatGPT|Claude)|Copy MCP config/, 'the page actions menu'],
];

describe('every page has a twin that starts with its H1 and holds no interface leftovers', () => {
  test('every sitemap route has a twin with front matter (its last update as the page shows it), then its H1 as the first line', () => {
    const problems = sitemapRoutes().flatMap((route) => {
      const file = twinFile(route);
      if (!existsSync(file)) return [`${markdownPath(route)}: missing`];
      const twin = readFileSync(file, 'utf8');
      // The feedback API where agents say that the page misled them (this build has one: lib/feedback/setting.ts).
      const front = /^---\ntitle: ".+"\nsource: ".+"\ndescription: ".*"\n(?:last_updated: "(\d{4}-\d{2}-\d{2})"\n)?feedback: "https:\/\/docs\.orchard\.example\/api\/feedback"\n---\n\n/.exec(twin);
      if (!front) return [`${markdownPath(route)}: no front matter (title, source, description[, last_updated], feedback)`];
      // The date the page shows as its last update, the day of its datetime (attribute names in any case, as
      // React writes them): the twin says the same.
      const shown = /<time datetime=(?:")?([\d-]{10})T[^>]*itemprop=(?:")?dateModified/i.exec(readBuilt(htmlFile(route)))?.[1];
      if (front[1] !== shown)
        return [`${markdownPath(route)}: last_updated ${front[1] ?? 'missing'}, the page shows ${shown ?? 'no date'}`];
      const first = body(twin).split('\n')[0] ?? '';
      return /^# \S/.test(first) ? [] : [`${markdownPath(route)}: starts with ${JSON.stringify(first)}, not an H1`];
    });
    assert.deepEqual(problems, []);
  });

  test('no twin holds breadcrumbs, pagination, copy buttons, hash links, tables of contents or card icons', () => {
    const problems = sitemapRoutes().flatMap((route) => {
      const text = prose(readBuilt(twinFile(route)));
      return leftovers.flatMap(([pattern, what]) => {
        const match = pattern.exec(text);
        if (!match) return [];
        const line = text.slice(0, match.index).split('\n').length;
        return [`${markdownPath(route)}:${line}: ${what}: ${JSON.stringify(match[0].trim())}`];
      });
    });
    assert.deepEqual(problems, []);
  });

  test('the leftover patterns catch what the twins used to hold', () => {
    const old = '-   [](/)\n-   Use cases\n\n# Use cases\n\n## 📄️Analyze text\n\n[\n\nPrevious\n\nModels\n\n](/docs/models)';
    const caught = leftovers.filter(([pattern]) => pattern.test(old)).map(([, what]) => what);
    assert.deepEqual(caught, ['Previous/Next pagination', 'the breadcrumb home link', 'a decorative emoji (card icon)']);
    assert.ok(!leftovers.some(([pattern]) => pattern.test(prose('# T\n\n```bash\n<div>Previous</div>\n```\n'))), 'code is not prose');
  });

  test('a category page is a list of its pages with links and descriptions', () => {
    requireBuild();
    const twin = body(readBuilt(twinFile('/docs/category/use-cases')));
    assert.match(twin, /^# Use cases\n\n.+\.\n\n- \[Analyze text\]\(\/docs\/use-cases\/analyze\): Classify text .+\.\n- \[Embed text\]/);
  });

  test('the home page twin starts with the H1 the page shows', () => {
    requireBuild();
    const html = load(readBuilt(htmlFile('/')));
    assert.equal(body(readBuilt(twinFile('/'))).split('\n')[0], `# ${html('h1').first().text().trim()}`);
  });
});

describe('tab groups are a labelled section per tab, in tab order', () => {
  const files = contentFiles().filter((file) => /<Tabs\b/.test(readContent(file)));
  test('there are pages with tabs', () => assert.ok(files.length > 10));
  for (const file of files) {
    test(file, () => {
      requireBuild();
      const route = routesBySource().get(file);
      assert.ok(route, `${file}:1: no route recorded for this file`);
      const problems = compareTabs(sourceTabs(readContent(file)), twinTabs(readBuilt(twinFile(route))));
      assert.deepEqual(problems.map((problem) => `${file}:${problem.line}: ${problem.reason}`), []);
    });
  }
  test('an unlabelled bullet list of samples is caught', () => {
    const source = sourceTabs('<Tabs>\n<TabItem value="curl" label="curl">\n\n```bash\ncurl x\n```\n\n</TabItem>\n</Tabs>\n');
    assert.equal(compareTabs(source, twinTabs('# T\n\n-   ```bash\n    curl x\n    ```\n')).length, 1);
    assert.deepEqual(compareTabs(source, twinTabs('# T\n\n**curl**\n\n```bash\ncurl x\n```\n')), []);
  });
});

type Entry = {title: string; url: string; summary: string};

/** The pages /llms.txt lists (not the OpenAPI downloads), in order. */
function llmsEntries(): Entry[] {
  requireBuild();
  const text = readBuilt(path.join(buildDir, 'llms.txt'));
  const pages = text.slice(0, text.indexOf('\n## OpenAPI descriptions'));
  return [...pages.matchAll(/^- \[(.+?)\]\((\S+?)\)(?:: (.*))?$/gm)].map(([, title, url, summary]) => ({title: title!, url: url!, summary: summary ?? ''}));
}

/** The route of a twin's URL: `https://…/docs/intro.md` → `/docs/intro`, `/index.md` → `/`. */
function routeOfTwinUrl(url: string): string {
  const pathname = new URL(url).pathname.replace(/\.md$/, '');
  return pathname === '/index' ? '/' : pathname;
}

describe('/llms.txt and /llms-full.txt', () => {
  test('every sitemap page is listed, with a summary of whole sentences taken from its description or its text', () => {
    const entries = llmsEntries();
    const listed = new Set(entries.map((entry) => routeOfTwinUrl(entry.url)));
    const problems = sitemapRoutes()
      .filter((route) => !listed.has(route.replace(/(.)\/$/, '$1')))
      .map((route) => `${route}: not listed`);
    for (const {url, summary} of entries) {
      const route = routeOfTwinUrl(url);
      if (!/^[A-Z`"(].*[.!?]$/.test(summary)) {
        problems.push(`${url}: summary ${JSON.stringify(summary)} is not whole sentences`);
        continue;
      }
      const meta = load(readBuilt(htmlFile(route)))('meta[name="description"]').attr('content') ?? '';
      const twin = readBuilt(twinFile(route));
      // The first sentence(s) of the page's description, or (where the description is cut, as the
      // reference's are) a sentence the page itself says.
      const plain = summary.replace(/`/g, '');
      if (!normalize(meta).startsWith(summary) && !normalize(textOf(parseMarkdown(body(twin)))).includes(plain))
        problems.push(`${url}: summary ${JSON.stringify(summary)} is neither the start of the description nor in the page`);
      if (!twin.includes(`\ndescription: ${JSON.stringify(summary)}\n`)) problems.push(`${url}: the twin's front matter has another description`);
    }
    assert.deepEqual(problems, []);
  });

  test('/llms-full.txt holds every listed twin, whole, in the order of /llms.txt, each after its address', () => {
    const full = readBuilt(path.join(buildDir, 'llms-full.txt'));
    const sources = [...full.matchAll(/^# .+\nSource: (\S+)$/gm)].map(([, url]) => url!);
    const entries = llmsEntries();
    // Pages' addresses with or without their trailing slash (`/docs/` is the page of docs/index.md).
    const withoutSlash = (url: string) => url.replace(/\/$/, '');
    assert.deepEqual(sources.map(withoutSlash), entries.map((entry) => withoutSlash(`${siteUrl}${routeOfTwinUrl(entry.url)}`)));
    let offset = 0;
    entries.forEach((entry, index) => {
      const [h1, ...rest] = body(readBuilt(twinFile(routeOfTwinUrl(entry.url)))).split('\n');
      const expected = `${h1}\nSource: ${sources[index]}\n${rest.join('\n')}`;
      const at = full.indexOf(expected, offset);
      assert.ok(at >= offset, `${entry.url}: not in /llms-full.txt whole, after the page before it`);
      offset = at + expected.length;
    });
  });
});

describe('every page links its twin', () => {
  test('each sitemap page has <link rel="alternate" type="text/markdown"> in its server-rendered head, to a twin that exists', () => {
    const problems = sitemapRoutes().flatMap((route) => {
      const $ = load(readBuilt(htmlFile(route)));
      const links = $('head link[rel="alternate"][type="text/markdown"]');
      if (links.length !== 1) return [`${route}: ${links.length} Markdown alternate links in <head>`];
      const href = links.attr('href') ?? '';
      if (href !== `${siteUrl}${markdownPath(route)}`) return [`${route}: links ${href}`];
      return existsSync(path.join(buildDir, new URL(href).pathname)) ? [] : [`${route}: links ${href}, which the build lacks`];
    });
    assert.deepEqual(problems, []);
  });

  test('pages without a twin (search, 404) link none', () => {
    requireBuild();
    for (const file of [path.join(buildDir, '404.html'), htmlFile('/search')]) {
      assert.equal(load(readBuilt(file))('link[type="text/markdown"]').length, 0, file);
    }
  });
});

/**
 * One page of each template: the twin says what the page says. Each heading and paragraph of the
 * twin (for the reference, whose twin is written from the contract: the title and the description)
 * appears in the page's text.
 */
const samples = templatePages.flatMap(({template, path: route, twin}) =>
  twin ? [{template, route, reference: twin === 'reference'}] : [],
);

describe('a twin says what its page says', () => {
  for (const {template, route, reference} of samples) {
    test(`${template}: ${route}`, () => {
      requireBuild();
      const $ = load(readBuilt(htmlFile(route)));
      $('script, style, svg').remove();
      const page = normalize($('#__docusaurus_skipToContent_fallback').text()).toLowerCase();
      const tree = parseMarkdown(body(readBuilt(twinFile(route))));
      let blocks = (tree.children as {type: string}[]).filter((node) => node.type === 'heading' || node.type === 'paragraph');
      // A reference twin adds its own section headings to the contract: compare what precedes them.
      // Its call line (`POST https://…/api/…`) gives the full URL where the page's header gives the path.
      if (reference) {
        blocks = blocks.slice(0, blocks.findIndex((node) => node.type === 'heading' && (node as {depth?: number}).depth === 2));
        blocks = blocks.filter((node) => !/^(GET|PUT|POST|DELETE|PATCH) https:\/\//.test(textOf(node as never)));
      }
      assert.ok(blocks.length >= 2, `${route}: only ${blocks.length} blocks to compare`);
      // A GFM table parses as a paragraph here: its cells are compared one by one.
      const texts = blocks.flatMap((node) => {
        const text = normalize(textOf(node as never));
        return text.startsWith('|') ? text.split(/(?<!\\)\|/).map((cell) => cell.trim()).filter((cell) => cell && !/^-+$/.test(cell)) : [text];
      });
      const missing = texts.filter((text) => !page.includes(text.toLowerCase()));
      assert.deepEqual(missing, [], `${route}: text of the twin not on the page`);
    });
  }
});

describe('an operation twin is what a reader calls: full URL, the page\'s code samples, success as 2XX', () => {
  for (const spec of openApiSpecs) {
    test(spec.title, () => {
      requireBuild();
      // The copy the reference pages are generated from: the YAML plus the samples the page shows.
      const doc = loadSpec(spec, {generated: true});
      const problems: string[] = [];
      for (const entry of operationsOf(spec, doc)) {
        const {operation, method, url} = entry;
        const route = operationRoute(entry);
        const twin = readBuilt(twinFile(route));
        const where = markdownPath(route);
        if (!twin.includes(`\`${method.toUpperCase()} ${url}\``)) problems.push(`${where}: no full URL ${url}`);
        const samples = operation['x-codeSamples'] ?? [];
        if (samples.length < 4) problems.push(`${where}: the generated YAML has ${samples.length} code samples`);
        for (const sample of samples) {
          const fence = sampleLanguage(sample.lang)?.fence;
          if (!twin.includes(`**${sample.label}**\n\n\`\`\`${fence}\n${sample.source.trimEnd()}\n\`\`\`\n`)) problems.push(`${where}: no ${sample.label} sample, labelled and fenced as \`${fence}\``);
        }
        const statuses = [...twin.matchAll(/^### (.+?)(?::|$)/gm)].map(([, status]) => status);
        if (statuses[0] !== 'Success (2XX)') problems.push(`${where}: responses start with ${statuses[0]}, not "Success (2XX)"`);
        if (statuses.some((status) => /^2\d\d/.test(status ?? ''))) problems.push(`${where}: a success response names an exact code`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
