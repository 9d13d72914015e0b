/**
 * Descriptions with HTML in them, as real descriptions have (Stripe's nearly all: `<p>`, `<a href>`,
 * `<code>`), made Markdown before the OpenAPI plugin writes them into MDX pages (gen-api-docs, in the
 * generated copy the pages, twins and MCP server read): MDX reads HTML as JSX,
 * and a bare `<br>`, an `&` in an attribute or a `<placeholder>` in prose is a compile error that stops
 * the whole build (docusaurus-openapi-docs #802). The Markdown is parsed, its HTML parsed as a
 * browser would (rehype-raw), and the tree written back as Markdown (rehype-remark): tags become
 * Markdown where Markdown has the construct (emphasis, links, code, lists, tables, line breaks) and
 * their text otherwise; a `<word>` that is no HTML element stays as text. Descriptions without `<`
 * (ours) are left as written.
 *
 * With the entry's `linkBase` (lib/openapi/specs.ts), each relative link and image of a description
 * (`[Connect](/docs/connect)`, `[key](../admin-api-keys)`, `[x][ref]` with `[ref]: /docs/x`,
 * `<a href="/docs/x">`) is written absolute, resolved against it as a browser resolves a link on a
 * page at that address; absolute links, in-page anchors (`#x`) and code are left alone. A description
 * without HTML keeps every other byte: only the link's destination is replaced. Without `linkBase`,
 * links are left as written, and one that leads to no page of the site fails the build:
 * `descriptionLinkLines` names where the description has it.
 */
// cspell:ignore mport xport: the rest of "import" and "export" after the character the rule escapes
import type RehypeRaw from 'rehype-raw';
import type RehypeRemark from 'rehype-remark';
import type RemarkGfm from 'remark-gfm';
import type RemarkParse from 'remark-parse';
import type RemarkRehype from 'remark-rehype';
import type RemarkStringify from 'remark-stringify';
import type {Processor, unified as Unified} from 'unified';
import {isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode} from 'yaml';

/** Drops HTML comments, which MDX cannot hold. */
const withoutComments = () => (tree: HastNode) => {
  const prune = (node: HastNode) => {
    if (node.children) node.children = node.children.filter((child) => child.type !== 'comment').map(prune);
    return node;
  };
  prune(tree);
};
type HastNode = {type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[]};

/**
 * The absolute address of a relative link written on a page at `linkBase` (`/docs/connect` →
 * `https://stripe.com/docs/connect`), as a browser resolves it; undefined for a link that is not
 * relative: one with a scheme (`https:`, `mailto:`), an in-page anchor (`#x`) or none at all.
 */
export function absoluteLink(link: string, linkBase: string): string | undefined {
  const trimmed = link.trim();
  if (trimmed === '' || trimmed.startsWith('#') || /^[a-z][a-z\d+.-]*:/i.test(trimmed)) return undefined;
  return new URL(trimmed, linkBase).href;
}

/** The attribute of an element that holds its link: an `<a>`'s `href`, an `<img>`'s `src`. */
const linkAttributes: Readonly<Record<string, string>> = {a: 'href', img: 'src'};

/**
 * Writes the relative links and images of a description's HTML tree absolute (absoluteLink), against
 * the `linkBase` its file carries; what is inside code is left alone. Markdown links, reference links
 * (resolved against their definitions) and automatic links (`<https://…>`) are `<a>` elements here too.
 */
const absoluteLinks = () => (tree: HastNode, file: {data: object}) => {
  const {linkBase} = file.data as {linkBase?: unknown};
  const visit = (node: HastNode) => {
    if (node.tagName === 'code' || node.tagName === 'pre') return;
    const attribute = node.tagName && linkAttributes[node.tagName];
    const link = attribute ? node.properties?.[attribute] : undefined;
    if (attribute && typeof link === 'string' && typeof linkBase === 'string') {
      const absolute = absoluteLink(link, linkBase);
      if (absolute) node.properties![attribute] = absolute;
    }
    // Another host's image, which the Content-Security-Policy's img-src blocks: a link to it instead.
    const source = node.tagName === 'img' ? node.properties?.src : undefined;
    if (typeof source === 'string' && isForeign(source)) {
      const alt = node.properties?.alt;
      Object.assign(node, {
        tagName: 'a',
        properties: {href: source},
        children: [{type: 'text', value: typeof alt === 'string' && alt.trim() ? alt : 'image'}],
      });
    }
    node.children?.forEach(visit);
  };
  visit(tree);
};

/* eslint-disable @typescript-eslint/no-require-imports */
const load = <T>(name: string) => (require(name) as {default: T}).default;
const unifiedOf = () => (require('unified') as {unified: typeof Unified}).unified;
/* eslint-enable @typescript-eslint/no-require-imports */

/**
 * The pipeline, made when a description first has HTML: its modules take a second or more to load,
 * which a build of descriptions without HTML (ours) does not pay.
 */
let pipeline: Processor | undefined;
function toMarkdown(): Processor {
  pipeline ??= unifiedOf()()
  .use(load<typeof RemarkParse>('remark-parse'))
  .use(load<typeof RemarkGfm>('remark-gfm'))
  .use(load<typeof RemarkRehype>('remark-rehype'), {allowDangerousHtml: true})
  .use(load<typeof RehypeRaw>('rehype-raw'))
  .use(withoutComments)
  .use(absoluteLinks)
  .use(load<typeof RehypeRemark>('rehype-remark'))
  .use(load<typeof RemarkGfm>('remark-gfm'))
  // A line that would start an MDX `import` or `export` statement begins with a character reference.
  .use(load<typeof RemarkStringify>('remark-stringify'), {
    bullet: '-',
    // Links as [text](url): the plugin's escaping takes an autolink's `<` for text.
    resourceLink: true,
    emphasis: '_',
    rule: '-',
    unsafe: [
      {atBreak: true, character: 'i', after: 'mport\\b'},
      {atBreak: true, character: 'e', after: 'xport\\b'},
    ],
  }) as unknown as Processor;
  return pipeline;
}

/** The Markdown parser alone (with GFM), for the links of a description without HTML. */
let parser: Processor | undefined;
function markdownParser(): Processor {
  parser ??= unifiedOf()()
    .use(load<typeof RemarkParse>('remark-parse'))
    .use(load<typeof RemarkGfm>('remark-gfm')) as unknown as Processor;
  return parser;
}

/** Tag names of HTML (and SVG/MathML a description would not use): anything else in `<…>` is prose. */
const htmlTag =
  /<\/?(a|abbr|b|blockquote|br|caption|cite|code|dd|del|details|div|dl|dt|em|h[1-6]|hr|i|img|ins|kbd|li|mark|ol|p|pre|q|s|small|span|strong|sub|summary|sup|table|tbody|td|tfoot|th|thead|tr|u|ul)(\s[^<>]*)?\/?>|<!--/i;

type MdastNode = {
  type: string;
  url?: string;
  alt?: string | null;
  children?: MdastNode[];
  position?: {start: {offset?: number}; end: {offset?: number}};
};

/** A link destination as CommonMark writes one: `<…>`, or without spaces and with balanced parentheses. */
const destination = String.raw`(<(?:[^<>\n\\]|\\.)*>|(?:[^\s()\\]|\\.|\((?:[^\s()\\]|\\.)*\))+)`;
/** The rest of an inline link or image from its `](`: destination, title, `)`. */
const resource = new RegExp(
  String.raw`^\]\([ \t]*\n?[ \t]*${destination}?(?:\s+(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?\s*\)$`,
);
/** The start of a link reference definition, up to its destination. */
const definitionStart = /^\[(?:[^\\\]]|\\.)*\]:[ \t]*\n?[ \t]*/;

/**
 * Where, in `source`, the destination of a Markdown link, image or definition node is written:
 * [start, end) of its text (with the `<…>` of a bracketed one). Undefined if it cannot be told.
 */
function destinationRange(node: MdastNode, source: string): [number, number] | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return undefined;
  const text = source.slice(start, end);
  if (node.type === 'definition') {
    const opening = definitionStart.exec(text);
    const found = opening && new RegExp(`^${destination}`).exec(text.slice(opening[0].length));
    return found ? [start + opening[0].length, start + opening[0].length + found[0].length] : undefined;
  }
  // A link's text ends where its last child does. An image's alt text (or an empty link text) has no
  // child to end at: its resource is at the first `](` from which the rest of the node reads as one.
  const textEnd = node.children?.at(-1)?.position?.end.offset;
  for (let at = text.indexOf('](', textEnd === undefined ? 0 : textEnd - start); at >= 0; at = text.indexOf('](', at + 1)) {
    const found = resource.exec(text.slice(at));
    if (found?.[1] === undefined) continue;
    const offset = start + at + found[0].indexOf(found[1], 2);
    return [offset, offset + found[1].length];
  }
  return undefined;
}

/** An absolute address written as a Markdown destination, bracketed where a bare one would not read. */
function markdownDestination(address: string, bracketed: boolean): string {
  let depth = 0;
  let balanced = true;
  for (const character of address) {
    if (character === '(') depth++;
    else if (character === ')' && --depth < 0) balanced = false;
  }
  return bracketed || !balanced || depth !== 0 || /[\s<>]/.test(address)
    ? `<${address.replace(/[<>\\]/g, (character) => `\\${character}`)}>`
    : address;
}

/** Whether a text has a link's, image's or definition's destination: each writes `](` or `]:`. */
const hasDestination = (text: string) => text.includes('](') || text.includes(']:');

/**
 * A description without HTML with its relative links and images written absolute against
 * `linkBase`: each destination replaced where it is written, every other byte kept. The description
 * itself when it has none.
 */
function absoluteMarkdownLinks(description: string, linkBase: string | undefined): string {
  if (!hasDestination(description)) return description;
  const tree = markdownParser().parse(description) as MdastNode;
  const replacements: {range: [number, number]; text: string}[] = [];
  const visit = (node: MdastNode) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const absolute = node.url === undefined || linkBase === undefined ? undefined : absoluteLink(node.url, linkBase);
      const range = absolute && destinationRange(node, description);
      if (absolute && range)
        replacements.push({range, text: markdownDestination(absolute, description[range[0]] === '<')});
      const start = node.position?.start.offset;
      // Another host's image, which the Content-Security-Policy's img-src blocks: a link to it instead,
      // named by its alternative text (`![Flow](https://…)` → `[Flow](https://…)`).
      if (node.type === 'image' && start !== undefined && isForeign(absolute ?? node.url))
        replacements.push(
          node.alt ? {range: [start, start + 1], text: ''} : {range: [start, start + '![]'.length], text: '[image]'},
        );
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return replacements
    .sort((a, b) => b.range[0] - a.range[0])
    .reduce((text, {range: [from, to], text: replacement}) => text.slice(0, from) + replacement + text.slice(to), description);
}

/** Whether an image's address is another host's (absolute, or protocol-relative), not the site's. */
const isForeign = (address: string | undefined) => address !== undefined && /^(?:[a-z][a-z\d+.-]*:|\/\/)/i.test(address);

/**
 * One description as Markdown without HTML (see above). The plugin then escapes it for MDX (its
 * `clean`: braces with a backslash, and `<` as `&lt;` unless a tag name it knows follows, which
 * `<api_key>` passes for `<a`): a `<` of the text is written `&lt;` here, which MDX reads as `<`.
 * With `linkBase`, its relative links and images are written absolute (see above).
 */
export function markdownDescription(description: string, linkBase?: string): string {
  if (!description.includes('<'))
    return linkBase === undefined && !description.includes('![') ? description : absoluteMarkdownLinks(description, linkBase);
  // A `<word>` that is not an HTML tag (`<api_key>`, `<slug>`) is prose: escaped before HTML is parsed,
  // outside code (where `<` is already text), but for automatic links (`<https://…>`, `<name@host>`).
  const prose = description
    .split(/(```[\s\S]*?```|`[^`\n]+`)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/<(?!\/?[a-z][\w-]*(\s[^<>]*)?\/?>|!--|[a-z][a-z\d+.-]{1,31}:[^<>\s]*>|[^\s<>@]+@[^\s<>]+>)|<(\/?[\w-]+(?:\s[^<>]*)?\/?)>/gi, (whole) =>
            whole === '<' || !htmlTag.test(whole) ? whole.replace('<', '&lt;') : whole,
          ),
    )
    .join('');
  return String(toMarkdown().processSync({value: prose, data: {linkBase}}))
    .replace(/\\</g, '&lt;')
    .trim();
}

/**
 * Keys whose object maps names the description's author chose to objects (a schema's `properties`,
 * `components.schemas`, an operation's `responses`, a media type's `examples`): a key in it is a name,
 * so a property called `example` or `default` is a schema like any other.
 */
const nameMaps = new Set([
  '$defs',
  'callbacks',
  'content',
  'definitions',
  'dependentSchemas',
  'encoding',
  'examples',
  'headers',
  'links',
  'mapping',
  'parameters',
  'pathItems',
  'paths',
  'patternProperties',
  'properties',
  'requestBodies',
  'responses',
  'schemas',
  'scopes',
  'securitySchemes',
  'variables',
  'webhooks',
]);

/**
 * Keywords whose value is data of the API, left as written (a `description` in an example is the
 * example's): examples (a schema's `examples` list; a map of Example objects is walked, but for
 * their `value`), defaults, enumerations and constants.
 */
const dataKeywords = new Set(['const', 'default', 'enum', 'example', 'examples', 'value']);

/** Objects whose `url` is a link a page shows (`externalDocs`, `info.contact`, `info.license`). */
const linkObjects = new Set(['contact', 'externalDocs', 'license']);

/** The checked `linkBase` of an entry: an absolute address, or the build stops saying so. */
function checkedLinkBase(linkBase: string | undefined): string | undefined {
  if (linkBase === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(linkBase);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol))
    throw new Error(
      `linkBase ${JSON.stringify(linkBase)} (lib/openapi/specs.ts) is not an absolute http(s) address: ` +
        'give the address of the page its relative links are written from, such as https://stripe.com/docs/api',
    );
  return linkBase;
}

/**
 * Every `description` of a description, made MDX-safe Markdown in place (the generated copy's), its
 * relative links written absolute against `linkBase` when given, as are the Markdown links of a
 * `summary`, a relative `externalDocs`, `contact` or `license` `url` and `info.termsOfService`. Data
 * (examples, defaults, enumerations) is left as written. A description `last` holds is taken from it,
 * not parsed again; returns the parsed ones it made or took.
 */
export function cleanDescriptions(value: unknown, linkBase?: string, last: MarkdownMemo = new Map()): MarkdownMemo {
  const checked = checkedLinkBase(linkBase);
  const made: MarkdownMemo = new Map();
  const remembered = (key: string, make: () => string) => {
    const markdownOf = made.get(key) ?? last.get(key) ?? make();
    made.set(key, markdownOf);
    return markdownOf;
  };
  // Only a text that is parsed costs anything (GitHub's: 500 descriptions written 3,000 times, and
  // summaries with links, a second of each run).
  const markdown: MarkdownOf = {
    description: (text) =>
      isParsed(text) ? remembered(text, () => markdownDescription(text, checked)) : markdownDescription(text, checked),
    summary: (text) =>
      hasDestination(text)
        ? remembered(`${summaryKey}${text}`, () => absoluteMarkdownLinks(text, checked))
        : absoluteMarkdownLinks(text, checked),
  };
  cleanAt(value, markdown, checked, undefined, false);
  return made;
}

/** A summary's key in a MarkdownMemo, which a description (text, without a NUL) cannot have. */
const summaryKey = 'summary\0';

type MarkdownOf = Record<'description' | 'summary', (text: string) => string>;

/**
 * Descriptions made Markdown, by what they were, for one `linkBase`: what cleanDescriptions parsed, and
 * returns so that the next call on the description (`last`) parses only the descriptions that changed.
 * gen-api-docs keeps it between generations (lib/openapi/generation.ts, lastMarkdownMemo).
 */
export type MarkdownMemo = Map<string, string>;

/** Whether markdownDescription parses `description` (HTML, or a link's destination to make absolute). */
export const isParsed = (description: string) => description.includes('<') || hasDestination(description);

function cleanAt(
  value: unknown,
  markdown: MarkdownOf,
  linkBase: string | undefined,
  key: string | undefined,
  names: boolean,
): void {
  const walk = (child: unknown, childKey: string | undefined, childNames: boolean) =>
    cleanAt(child, markdown, linkBase, childKey, childNames);
  if (Array.isArray(value)) for (const item of value) walk(item, undefined, false);
  else if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>;
    for (const [childKey, child] of Object.entries(object))
      if (names) walk(child, undefined, false);
      else if (typeof child === 'string') {
        if (childKey === 'description') object[childKey] = markdown.description(child);
        // Some write Markdown in summaries too (OpenAI's, with links), which twins and MCP carry.
        else if (childKey === 'summary' && linkBase) object[childKey] = markdown.summary(child);
        else if (
          linkBase &&
          ((childKey === 'url' && key !== undefined && linkObjects.has(key)) ||
            (childKey === 'termsOfService' && key === 'info'))
        )
          object[childKey] = absoluteLink(child, linkBase) ?? child;
      } else if (childKey === 'examples' && typeof child === 'object' && child !== null && !Array.isArray(child))
        walk(child, childKey, true);
      else if (!dataKeywords.has(childKey)) walk(child, childKey, nameMaps.has(childKey));
  }
}

/** A relative link the build found on reference pages, and the pages (routes) it is on. */
export type PageLink = {link: string; pages: readonly string[]};

/** A string of a description file: its value, JSON pointer and line (1-based). */
type Place = {value: string; pointer: string; line: number};

/** Every string value of a description file, in the file's order, with its pointer and line. */
function stringsOf(text: string): Place[] {
  const lineCounter = new LineCounter();
  // JSON is YAML: one parser gives the positions of both.
  const document = parseDocument(text, {lineCounter, keepSourceTokens: false, uniqueKeys: false});
  const places: Place[] = [];
  const escape = (key: unknown) => String(key).replaceAll('~', '~0').replaceAll('/', '~1');
  const walk = (node: unknown, pointer: string) => {
    if (isMap(node))
      for (const pair of node.items)
        walk(pair.value, `${pointer}/${escape(isScalar(pair.key) ? pair.key.value : pair.key)}`);
    else if (isSeq(node)) node.items.forEach((item, index) => walk(item, `${pointer}/${index}`));
    else if (isScalar(node) && typeof node.value === 'string') {
      const offset = (node as YamlNode).range?.[0];
      places.push({value: node.value, pointer: pointer || '/', line: offset === undefined ? 1 : lineCounter.linePos(offset).line});
    }
  };
  walk(document.contents, '');
  return places;
}

/** What may stand either side of a link's destination where a description writes it. */
const before = /[\s(<"'=]/;
const after = /[\s)>"']/;

/**
 * Whether `value` writes `link` as a link's destination: in Markdown (`](link)`, `]: link`) or HTML
 * (`href="link"`, `&` as `&amp;`), percent-encoded or not; not as part of a longer address.
 */
function writesLink(value: string, link: string): boolean {
  let decoded = link;
  try {
    decoded = decodeURI(link);
  } catch {
    // Not percent-encoded as a URI: the link as written.
  }
  for (const form of new Set([link, decoded, link.replaceAll('&', '&amp;'), decoded.replaceAll('&', '&amp;')]))
    for (let at = value.indexOf(form); at >= 0; at = value.indexOf(form, at + 1)) {
      const end = at + form.length;
      if ((at === 0 || before.test(value[at - 1]!)) && (end === value.length || after.test(value[end]!))) return true;
    }
  return false;
}

/**
 * The lines that tell a maintainer where a description has the relative links the build found leading
 * to no page of the site, one per link however many pages show it: `<file>:<line> (<pointer>): …`
 * at its first string in the file (the JSON pointer names it in a description written on one line),
 * and how many more strings have it, in the file's order. `text` is the file's, as published.
 */
/** Whether a string of a description's text writes `link` (to find which file of many has it). */
export function writesLinkIn(text: string, link: string): boolean {
  return stringsOf(text).some((place) => writesLink(place.value, link));
}

export function descriptionLinkLines(file: string, text: string, links: readonly PageLink[]): string[] {
  if (links.length === 0) return [];
  const places = stringsOf(text);
  const advice = 'give its entry in lib/openapi/specs.ts a linkBase (the address its links are written from)';
  const described = links.map(({link, pages}) => {
    const found = places.filter((place) => writesLink(place.value, link));
    const first = found[0];
    if (!first) {
      const on = pages.length === 1 ? `on ${pages[0]}` : `on ${pages.length} pages, the first ${pages[0]}`;
      const text =
        `${file}: the relative link ${link} (${on}) leads to no page of this site, and no string of ${file} ` +
        "writes it: the reference's pages or the layout make it";
      return {order: Infinity, text};
    }
    const more = found.length > 1 ? ` (also in ${found.length - 1} more string${found.length > 2 ? 's' : ''} of the file)` : '';
    const text = `${file}:${first.line} (${first.pointer}): the relative link ${link} leads to no page of this site${more}; ${advice}`;
    return {order: places.indexOf(first), text};
  });
  // In the file's order; those no string writes last.
  return described.sort((a, b) => a.order - b.order).map(({text}) => text);
}
