/**
 * The generated reference pages, as docusaurus-plugin-openapi-docs writes them (docusaurus.config.ts).
 *
 * The plugin puts each operation in the page's front matter (`api: {...}`), and Docusaurus' mdx-loader
 * re-serialises front matter with stringify-object, which does not escape backslashes: every curl
 * sample's line continuation (`\` + newline) reached readers as a literal `\n`. So the operation
 * travels as an ES export of the page's body instead (`export const api = …`, compiled by MDX, which
 * escapes correctly), and `src/components/ApiDocItem` hands it to the OpenAPI theme as it expects.
 * `lib/openapi/api-page.mustache` is the plugin's page template without the `api` front matter.
 *
 * The export is the operation's JSON in a string, parsed when the page's module runs
 * (`export const api = JSON.parse("…")`), not an object literal: MDX then holds one string node where
 * it held a syntax tree of thousands of nodes, which it clones and walks several times per page (a
 * sixth of bundling at 2,000 operations; bench/README.md, "Tricks without a switch"), and JavaScript
 * engines parse JSON faster than
 * object literals. Each page's chunk grows by about 90 bytes gzipped (escaped quotes). The bundler's
 * MDX does not read even that string: speed/operation-past-mdx.ts passes it around MDX's parser.
 */
import {createApiPageMD, createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import type {ApiPageMetadata, InfoPageMetadata} from 'docusaurus-plugin-openapi-docs/src/types';
import path from 'node:path';

import {firstSentence} from '../first-sentence';
import {postmanOffer} from './postman';
import {mdxSafe, operationChangelogMarkdown, readChangelogs, type ApiChangelog} from './changelog';
import {lastChangedDate} from './history';
import {streamedAnswerMarkdown} from './markdown';
import {loadSpec, type Document} from './index';
import {restorePlacedOperation} from './placed';
import {restoredData, shownTitle, versionMissing} from './plugin-input';
import {framingOf} from './streams';
import {openApiSpecs, specDownloadPath, type OpenApiSpec} from './specs';

/** The site's folder: where git reads the descriptions' history. */
const siteDir = path.resolve(__dirname, '../..');

/**
 * The first sentence of a Markdown description, as plain text for a meta description (the plugin
 * takes the first source line, which cuts sentences that wrap: "… (at least a name and"). Sentences
 * end where /llms.txt says they do (firstSentence); a paragraph with no whole sentence stays whole.
 */
/** Stand-ins for escaped emphasis marks while the marks themselves are taken out (private-use characters). */
const escapedMarks = {_: '\uE000', '*': '\uE001'} as const;

export function plainFirstSentence(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/)[0]!;
  return (
    (firstSentence(paragraph) || paragraph)
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // An escaped emphasis mark is text (`\_links` is _links): kept aside from the marks that go.
      .replace(/\\([*_])/g, (_, mark: string) => escapedMarks[mark as '*' | '_'])
      // Emphasis marks go, code spans keep their text whole: `batch_size` stays batch_size.
      .split(/(`[^`]*`)/)
      .map((part) => (part.startsWith('`') ? part.slice(1, -1) : part.replace(/\*+|(?<!\w)_+|_+(?!\w)/g, '')))
      .join('')
      .replace(/[\uE000\uE001]/g, (kept) => (kept === escapedMarks._ ? '_' : '*'))
      // Markdown's escapes and hard breaks (`\&`, a `\` at a line's end) and the entities of
      // lib/openapi/descriptions.ts are text here; a backslash would not survive the front matter,
      // so one the text holds (a Windows path) is written as the set-minus sign, which looks like one.
      .replace(/\\(\s|[!-/:-@[-`{-~])/g, (_, escaped: string) => (/\s/.test(escaped) ? ' ' : escaped))
      .replace(/\\/g, '\u2216')
      .replace(/&lt;/g, '<')
      .replace(/&#x([\da-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/\s+/g, ' ')
      .trim()
  );
}

let logs: ApiChangelog[] | undefined;

/** The operation's entries in the API changelog (lib/openapi/changelog.ts), for an operation of the paths. */
function changelogSection(spec: OpenApiSpec, operation: string): string {
  logs ??= readChangelogs(siteDir) ?? [];
  const log = logs.find((candidate) => candidate.spec.id === spec.id);
  const isPathOperation = log?.operations.includes(operation);
  return log && isPathOperation ? operationChangelogMarkdown(log, operation, mdxSafe) : '';
}

/**
 * The page's meta description, quoted for the template's YAML front matter, and the date its
 * description last changed (`last_update`: the page cannot have one of its own, being generated).
 */
function setFrontMatter(page: ApiPageMetadata | InfoPageMetadata, description: string | undefined, spec?: OpenApiSpec): void {
  // The generator is the plugin's only hook that runs before the template is filled in.
  page.frontMatter.description = JSON.stringify(plainFirstSentence(description ?? page.title));
  const date = spec && lastChangedDate(siteDir, spec.file);
  if (date) (page.frontMatter as {lastUpdate?: string}).lastUpdate = JSON.stringify(date);
}

/**
 * The props the plugin's page writes out whole, each a part of the operation the page already exports:
 * the page points to that part instead, so its data is in the page once, not up to three times. At
 * 2,000 operations, every copy is bundled twice (browser and server) and parsed by every SSG worker.
 */
const operationProps = {parameters: 'parameters', body: 'requestBody', responses: 'responses'} as const;

/** The plugin's MDX for an operation, its large props pointing to the page's `api` export. */
export function operationMarkdown(page: ApiPageMetadata): string {
  let markdown = createApiPageMD(page);
  for (const [prop, field] of Object.entries(operationProps)) {
    const value: unknown = page.api[field];
    if (value === undefined) continue;
    // The plugin writes each prop as `\n  name={JSON}` (its markdown/utils.js, create()).
    const inline = `\n  ${prop}={${JSON.stringify(value)}}`;
    if (!markdown.includes(inline))
      throw new Error(
        `operation page ${page.id}: docusaurus-plugin-openapi-docs no longer writes the prop "${prop}" as lib/openapi/api-page.ts expects; update operationProps there`,
      );
    markdown = markdown.replace(inline, () => `\n  ${prop}={api.${field}}`);
  }
  return markdown;
}

/** The plugin's copy of an operation has its `$ref`s followed: nothing is left to look up. */
const followedDocument = {openapi: '3.1.0', info: {title: '', version: ''}, paths: {}} as unknown as Document;

/** Each description, read once for every page of it. */
const documents = new Map<string, Document>();

/**
 * The "Streamed events" section of an operation whose answer streams (lib/openapi/streams.ts): what
 * its twin says under the answer, read from the description as the twin reads it (the plugin's copy
 * has its `$ref`s followed, and an event named by its schema's name would lose it), the page's MDX
 * escaped outside the example's code block.
 */
function streamedEventsSection(page: ApiPageMetadata, spec: OpenApiSpec | undefined): string {
  if (!spec || !answersStream(page)) return '';
  let doc = documents.get(spec.id);
  if (!doc) documents.set(spec.id, (doc = loadSpec(spec)));
  const operation = (doc.paths?.[page.api.path] as Record<string, {responses?: unknown}> | undefined)?.[page.api.method];
  // An operation the plugin placed at another path than the description's key: its followed copy.
  const lines = operation
    ? streamedAnswerMarkdown(doc, (operation.responses ?? {}) as never)
    : streamedAnswerMarkdown(followedDocument, page.api.responses as never);
  if (lines.length === 0) return '';
  let inCode = false;
  const safe = lines.map((line) => {
    if (line.startsWith('```')) inCode = !inCode;
    return inCode || line.startsWith('```') ? line : mdxSafe(line);
  });
  return ['## Streamed events', '', ...safe].join('\n');
}

/** Whether one of the page's answers has a media type that streams (the description is read only then). */
function answersStream(page: ApiPageMetadata): boolean {
  const responses = (page.api.responses ?? {}) as Record<string, {content?: object}>;
  return Object.values(responses).some((response) => Object.keys(response.content ?? {}).some(framingOf));
}

/** Body of an operation page: the theme's page component, the operation as an export, the plugin's MDX. */
export function apiPageMarkdown(page: ApiPageMetadata): string {
  const spec = openApiSpecs.find((candidate) => candidate.referenceId === page.infoId);
  // Example data as the description wrote it, `$ref` keys and all (hidden from the plugin's parser).
  page.api = restoredData(page.api);
  // An OpenAPI 3.2 operation the plugin's copy placed under `post` (./placed.ts): its own method and path.
  restorePlacedOperation(page.api as never);
  setFrontMatter(page, page.api.description ?? page.api.summary, spec);
  return [
    // Brings the OpenAPI theme's page component in this page's own chunk (src/components/ApiDocItem).
    `import '@site/src/components/ApiDocItem/register';`,
    `export const api = JSON.parse(${JSON.stringify(JSON.stringify(page.api))});`,
    operationMarkdown(page),
    streamedEventsSection(page, spec),
    ...(spec ? [changelogSection(spec, `${page.api.method.toUpperCase()} ${page.api.path}`)] : []),
  ].join('\n\n');
}

/**
 * Body of a reference landing page: the plugin's, with a whole-sentence meta description and a
 * contact line that reads as one (the plugin writes "Orchard AI:" with nothing after it when the
 * description gives a name and a URL but no email).
 */
export function infoPageMarkdown(page: InfoPageMetadata): string {
  // What the plugin's copy says for the plugin's sake (withPluginInfo): the title the description gives,
  // and no version where it gives none. The template writes `page.title` after this runs.
  const {[shownTitle]: shown, [versionMissing]: noVersion, ...given} = page.info as unknown as Record<string, unknown>;
  if (typeof shown === 'string') {
    page.title = shown.replace(/((?:^|[^\\])(?:\\{2})*)"/g, "$1'");
    given.title = shown;
  }
  if (noVersion === true) delete given.version;
  page.info = given as unknown as InfoPageMetadata['info'];
  // Static files, not routes: `pathname://` keeps the router (and its broken-link check) out of them.
  const spec = openApiSpecs.find((candidate) => specDownloadPath(candidate) === page.downloadUrl);
  setFrontMatter(page, page.info.description, spec);
  const {contact, logo, darkLogo, ...info} = page.info as typeof page.info & {logo?: {url?: string}; darkLogo?: {url?: string}};
  // A logo the site serves itself; another host's (APIs.guru gives every description its provider's
  // `x-logo`) is left out: the Content-Security-Policy's img-src allows the site's own images only.
  const own = (image?: {url?: string}) => (image?.url && !/^[a-z][a-z\d+.-]*:|^\/\//i.test(image.url) ? image : undefined);
  Object.assign(info, {logo: own(logo), darkLogo: own(darkLogo)});
  const body = withDeviceAuthorizationUrls(createInfoPageMD({...page, info}), page.securitySchemes);
  const links = [contact?.url && `[${contact.name ?? contact.url}](${contact.url})`, contact?.email && `[${contact.email}](mailto:${contact.email})`];
  const line = links.filter(Boolean).join(' · ');
  const postman = spec
    ? `\n\n## Postman\n\n${postmanOffer(spec, (text, href) => `[${text}](pathname://${href})`)}\n`
    : '';
  return line ? `${body}${postman}\n\n## Contact\n\n${line}\n` : `${body}${postman}`;
}

/**
 * The landing page's OAuth2 flows with OpenAPI 3.2's device authorization flow's own URL: the plugin
 * lists every flow of a scheme, but of each only the token, authorization and refresh URLs.
 */
function withDeviceAuthorizationUrls(markdown: string, schemes: InfoPageMetadata['securitySchemes']): string {
  let out = markdown;
  for (const scheme of Object.values(schemes ?? {})) {
    const url = (scheme as {flows?: {deviceAuthorization?: {deviceAuthorizationUrl?: unknown}}}).flows?.deviceAuthorization
      ?.deviceAuthorizationUrl;
    if (typeof url !== 'string') continue;
    // The plugin writes the flow's row as `<th>OAuth Flow (deviceAuthorization):</th><td>` (createAuthentication.js).
    const row = /(<th>\s*OAuth Flow \(deviceAuthorization\):\s*<\/th>\s*<td>)(?![\s\S]{0,40}Device authorization URL)/;
    if (!row.test(out))
      throw new Error(
        `docusaurus-plugin-openapi-docs no longer writes an OAuth2 flow's row as lib/openapi/api-page.ts expects; update withDeviceAuthorizationUrls there`,
      );
    out = out.replace(row, (cell) => `${cell}<div>{${JSON.stringify(`Device authorization URL: ${url}`)}}</div>`);
  }
  return out;
}

/** The JSON text of the operation an operation page's MDX exports (see above), or undefined if none. */
export function exportedOperationJson(mdx: string): string | undefined {
  const literal = /^export const api = JSON\.parse\((".*")\);$/m.exec(mdx)?.[1];
  return literal === undefined ? undefined : (JSON.parse(literal) as string);
}
