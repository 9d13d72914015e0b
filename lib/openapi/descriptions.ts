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
 */
// cspell:ignore mport xport: the rest of "import" and "export" after the character the rule escapes
import type RehypeRaw from 'rehype-raw';
import type RehypeRemark from 'rehype-remark';
import type RemarkGfm from 'remark-gfm';
import type RemarkParse from 'remark-parse';
import type RemarkRehype from 'remark-rehype';
import type RemarkStringify from 'remark-stringify';
import type {Processor, unified as Unified} from 'unified';

/** Drops HTML comments, which MDX cannot hold. */
const withoutComments = () => (tree: HastNode) => {
  const prune = (node: HastNode) => {
    if (node.children) node.children = node.children.filter((child) => child.type !== 'comment').map(prune);
    return node;
  };
  prune(tree);
};
type HastNode = {type: string; children?: HastNode[]};

/**
 * The pipeline, made when a description first has HTML: its modules take a second or more to load,
 * which a build of descriptions without HTML (ours) does not pay.
 */
let pipeline: Processor | undefined;
function toMarkdown(): Processor {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const {unified} = require('unified') as {unified: typeof Unified};
  const load = <T>(name: string) => (require(name) as {default: T}).default;
  pipeline ??= unified()
  .use(load<typeof RemarkParse>('remark-parse'))
  .use(load<typeof RemarkGfm>('remark-gfm'))
  .use(load<typeof RemarkRehype>('remark-rehype'), {allowDangerousHtml: true})
  .use(load<typeof RehypeRaw>('rehype-raw'))
  .use(withoutComments)
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
  /* eslint-enable @typescript-eslint/no-require-imports */
  return pipeline;
}

/** Tag names of HTML (and SVG/MathML a description would not use): anything else in `<…>` is prose. */
const htmlTag =
  /<\/?(a|abbr|b|blockquote|br|caption|cite|code|dd|del|details|div|dl|dt|em|h[1-6]|hr|i|img|ins|kbd|li|mark|ol|p|pre|q|s|small|span|strong|sub|summary|sup|table|tbody|td|tfoot|th|thead|tr|u|ul)(\s[^<>]*)?\/?>|<!--/i;

/**
 * One description as Markdown without HTML (see above). The plugin then escapes it for MDX (its
 * `clean`: braces with a backslash, and `<` as `&lt;` unless a tag name it knows follows, which
 * `<api_key>` passes for `<a`): a `<` of the text is written `&lt;` here, which MDX reads as `<`.
 */
export function markdownDescription(description: string): string {
  if (!description.includes('<')) return description;
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
  return String(toMarkdown().processSync(prose))
    .replace(/\\</g, '&lt;')
    .trim();
}

/** Every `description` of a description, made MDX-safe Markdown in place (the generated copy's). */
export function cleanDescriptions(value: unknown): void {
  if (Array.isArray(value)) for (const item of value) cleanDescriptions(item);
  else if (typeof value === 'object' && value !== null)
    for (const [key, child] of Object.entries(value))
      if (key === 'description' && typeof child === 'string')
        (value as Record<string, unknown>)[key] = markdownDescription(child);
      else if (key !== 'example' && key !== 'examples') cleanDescriptions(child);
}
