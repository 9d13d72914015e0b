/// <reference lib="dom" />
// turndown converts a DOM (domino in Node), so its API speaks DOM types.
/**
 * The Markdown twin of a built page, from its server-rendered HTML: what the reader sees, minus the
 * interface. Docusaurus renders some Markdown in shapes turndown cannot read back (code as one element
 * per line, tabs as a tab list plus panels, cards as block links), so those are first rewritten, with
 * cheerio, into the plain HTML they stand for; turndown (with GFM tables) does the rest.
 */
import {load, type CheerioAPI} from 'cheerio';
import TurndownService from 'turndown';
import {gfm} from '@joplin/turndown-plugin-gfm';

/**
 * Interface parts that mean nothing in a Markdown file: breadcrumbs, Previous/Next, tables of contents
 * ("On this page"), "Edit this page", last-updated lines, copy and other buttons, heading hash links,
 * the card icons of category pages, the page actions menu (src/components/PageActions), and the
 * navigation, sidebar and footer around the content.
 */
const interfaceSelectors = [
  'script, style, noscript, svg, button, form, nav, aside, footer',
  '.theme-doc-breadcrumbs, .pagination-nav, .theme-doc-toc-mobile, .theme-doc-toc-desktop, .table-of-contents',
  '.theme-doc-footer, .theme-edit-this-page, .theme-last-updated, .theme-doc-version-badge, .theme-doc-version-banner',
  '.hash-link, .theme-doc-card-icon, [class*="copyButton"], [class*="buttonGroup"], .page-actions',
].join(', ');

const headings = 'h1, h2, h3, h4, h5, h6';

/** A selection of elements (cheerio's element type comes from a package the site does not depend on). */
type Root = ReturnType<CheerioAPI>;

/** A paragraph holding one bold label: a tab's name, an admonition's kind, a summary. */
function labelParagraph($: CheerioAPI, text: string): Root {
  const paragraph = $('<p><strong></strong></p>');
  paragraph.children('strong').text(text);
  return paragraph;
}

/** The element that holds the page's own content. */
function contentRoot($: CheerioAPI): Root {
  const doc = $('.theme-doc-markdown').first();
  if (doc.length) return doc;
  // A category (generated index) page keeps its title and card list in <main>; the home page has its
  // title in a hero above <main>, so it takes the whole area between navbar and footer.
  const main = $('main').first();
  if (main.find('h1').length) return main;
  const wrapper = $('#__docusaurus_skipToContent_fallback');
  return wrapper.length ? wrapper : $('body');
}

/** A code block as one <pre>: its lines (one element each, ended by <br>), language and title. */
function rewriteCodeBlocks($: CheerioAPI, root: Root): void {
  root.find('.theme-code-block').each((_, element) => {
    const block = $(element);
    const language = /(?:^|\s)language-(\S+)/.exec(block.attr('class') ?? '')?.[1] ?? '';
    const title = block.find('[class*="codeBlockTitle"]').first().text().trim();
    const code = block.find('pre code').first();
    code.find('br').replaceWith('\n');
    const text = code.text().replace(/\n$/, '');
    const pre = $('<pre><code></code></pre>');
    pre.attr('data-language', language);
    if (title) pre.attr('data-title', title);
    pre.children('code').text(text);
    block.replaceWith(pre);
  });
}

/** A tab group as a labelled section per tab, in tab order: the label, then the tab's content. */
function rewriteTabs($: CheerioAPI, root: Root): void {
  root.find('.tabs-container').each((_, element) => {
    const group = $(element);
    const labels = group.children('[role="tablist"]').children('[role="tab"]');
    const panels = group.children().children('[role="tabpanel"]');
    const sections = $('<div></div>');
    labels.each((index, label) => {
      sections.append(labelParagraph($, $(label).text().trim()));
      sections.append(panels.eq(index).contents());
    });
    group.replaceWith(sections);
  });
}

/** Card lists (category pages, DocCardList) as a plain list: linked title, then the description. */
function rewriteCards($: CheerioAPI, root: Root): void {
  root
    .find('section')
    .has('.theme-doc-card-container')
    .each((_, element) => {
      const list = $('<ul></ul>');
      $(element)
        .find('.theme-doc-card-container')
        .each((_, card) => {
          const title =
            $(card).find('.theme-doc-card-title').text().trim() || $(card).find(headings).first().text().trim();
          const description = $(card).find('.theme-doc-card-description').text().trim();
          const item = $('<li><a></a></li>');
          item
            .children('a')
            .attr('href', $(card).attr('href') ?? '')
            .text(title);
          if (description) item.append($('<span></span>').text(`: ${description}`));
          list.append(item);
        });
      $(element).replaceWith(list);
    });
}

/** A link wrapping a heading and a paragraph (a card) becomes a linked heading and its paragraph. */
function rewriteBlockLinks($: CheerioAPI, root: Root): void {
  root
    .find('a')
    .has(headings)
    .each((_, element) => {
      const link = $(element);
      const heading = link.find(headings).first();
      const inner = $('<a></a>').attr('href', link.attr('href') ?? '');
      inner.append(heading.contents());
      heading.append(inner);
      link.replaceWith(link.contents());
    });
  // A row of button links (the home page's calls to action) reads as a list of links.
  root
    .find('a.button')
    .parent()
    .each((_, element) => {
      const row = $(element);
      if (row.children().length !== row.children('a').length) return;
      const list = $('<ul></ul>');
      row.children('a').each((_, link) => {
        list.append($('<li></li>').append($(link)));
      });
      row.replaceWith(list);
    });
}

/** Admonitions as block quotes that start with their label ("Warning"). */
function rewriteAdmonitions($: CheerioAPI, root: Root): void {
  root.find('.theme-admonition').each((_, element) => {
    const admonition = $(element);
    const label = admonition.find('[class*="admonitionHeading"]').first().text().trim();
    const quote = $('<blockquote></blockquote>');
    if (label) quote.append(labelParagraph($, label[0]!.toUpperCase() + label.slice(1)));
    quote.append(admonition.find('[class*="admonitionContent"]').first().contents());
    admonition.replaceWith(quote);
  });
  // <details>: the summary as a bold line, then the content.
  root.find('details').each((_, element) => {
    const details = $(element);
    const summary = details.children('summary').first();
    const block = $('<div></div>');
    block.append(labelParagraph($, summary.text().trim()));
    summary.remove();
    block.append(details.contents());
    details.replaceWith(block);
  });
}

function createTurndown(): TurndownService {
  const turndown = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    hr: '* * *',
  });
  turndown.use(gfm);
  // List items as `- item` and `1. item` (turndown pads markers to four columns); what follows the
  // first line is indented to the item's content column, as CommonMark reads it.
  turndown.addRule('compactListItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement | null;
      const index = parent ? Array.prototype.indexOf.call(parent.children, node) : 0;
      const start = Number(parent?.getAttribute('start') ?? 1);
      const marker = parent?.nodeName === 'OL' ? `${start + index}. ` : '- ';
      const paragraph = /\n$/.test(content);
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '') + (paragraph ? '\n' : '');
      // Blank lines stay empty (no trailing spaces).
      return marker + body.replace(/\n(?=[^\n])/g, `\n${' '.repeat(marker.length)}`) + (node.nextSibling ? '\n' : '');
    },
  });
  // Code blocks keep their language and title (```json title="Response"), and a fence longer than any
  // backtick run inside (a Markdown sample that shows a fenced block).
  turndown.addRule('docusaurusCodeBlock', {
    filter: (node) => node.nodeName === 'PRE' && node.hasAttribute('data-language'),
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const code = element.textContent ?? '';
      const longestRun = Math.max(0, ...[...code.matchAll(/^`{3,}/gm)].map((match) => match[0].length));
      const fence = '`'.repeat(Math.max(3, longestRun + 1));
      const title = element.getAttribute('data-title');
      const info = `${element.getAttribute('data-language') ?? ''}${title ? ` title=${JSON.stringify(title)}` : ''}`;
      return `\n\n${fence}${info}\n${code}\n${fence}\n\n`;
    },
  });
  return turndown;
}

// One converter for every page of a build: building it is the costly part.
let sharedTurndown: TurndownService | undefined;

/** `lastUpdated`: the date (ISO 8601) the page shows as its last update, if it shows one. */
export type PageMarkdown = {title: string; description: string; markdown: string; lastUpdated?: string};

/**
 * A built page's title (without the site name), meta description, and content as Markdown, which
 * starts with the page's H1 (its title when the content has no H1).
 */
export function htmlToMarkdown(html: string, siteTitle: string): PageMarkdown {
  // htmlparser2 (cheerio's `xml` option, in HTML mode) reads a page several times faster than parse5,
  // and gives the same twin for every page of the site.
  const $ = load(html, {xml: {xmlMode: false, decodeEntities: true}});
  const title = $('title').first().text().trim().replace(` | ${siteTitle}`, '') || siteTitle;
  const description = $('meta[name="description"]').attr('content')?.trim() ?? '';
  const lastUpdated = $('time[itemprop="dateModified"]').attr('datetime');
  const root = contentRoot($);
  root.find(interfaceSelectors).remove();
  rewriteCodeBlocks($, root);
  rewriteTabs($, root);
  rewriteCards($, root);
  rewriteBlockLinks($, root);
  rewriteAdmonitions($, root);
  sharedTurndown ??= createTurndown();
  const body = sharedTurndown.turndown(root.html() ?? '').trim();
  const markdown = /^# /.test(body) ? `${body}\n` : `# ${title}\n\n${body}\n`;
  return {title, description, markdown, ...(lastUpdated ? {lastUpdated} : {})};
}
