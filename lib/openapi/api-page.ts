/**
 * The generated reference pages, as docusaurus-plugin-openapi-docs writes them (docusaurus.config.ts).
 *
 * The plugin puts each operation in the page's front matter (`api: {...}`), and Docusaurus' mdx-loader
 * re-serialises front matter with stringify-object, which does not escape backslashes: every curl
 * sample's line continuation (`\` + newline) reached readers as a literal `\n`. So the operation
 * travels as an ES export of the page's body instead (`export const api = …`, compiled by MDX, which
 * escapes correctly), and `src/components/ApiDocItem` hands it to the OpenAPI theme as it expects.
 * `lib/openapi/api-page.mustache` is the plugin's page template without the `api` front matter.
 */
import {createApiPageMD, createInfoPageMD} from 'docusaurus-plugin-openapi-docs/lib/markdown';
import type {ApiPageMetadata, InfoPageMetadata} from 'docusaurus-plugin-openapi-docs/src/types';

import {firstSentence} from '../../plugins/llms-txt';
import {collectionBeside, postmanOffer} from './postman';

/**
 * The first sentence of a Markdown description, as plain text for a meta description (the plugin
 * takes the first source line, which cuts sentences that wrap: "… (at least a name and"). Sentences
 * end where /llms.txt says they do (firstSentence); a paragraph with no whole sentence stays whole.
 */
export function plainFirstSentence(markdown: string): string {
  const paragraph = markdown.split(/\n\s*\n/)[0]!;
  return (firstSentence(paragraph) || paragraph)
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The page's meta description, quoted for the template's YAML front matter. */
function setDescription(page: ApiPageMetadata | InfoPageMetadata, description: string | undefined): void {
  // The generator is the plugin's only hook that runs before the template is filled in.
  page.frontMatter.description = JSON.stringify(plainFirstSentence(description ?? page.title));
}

/** Body of an operation page: the theme's page component, the operation as an export, the plugin's MDX. */
export function apiPageMarkdown(page: ApiPageMetadata): string {
  setDescription(page, page.api.description ?? page.api.summary);
  return [
    // Brings the OpenAPI theme's page component in this page's own chunk (src/components/ApiDocItem).
    `import '@site/src/components/ApiDocItem/register';`,
    `export const api = ${JSON.stringify(page.api)};`,
    createApiPageMD(page),
  ].join('\n\n');
}

/**
 * Body of a reference landing page: the plugin's, with a whole-sentence meta description and a
 * contact line that reads as one (the plugin writes "Orchard AI:" with nothing after it when the
 * description gives a name and a URL but no email).
 */
export function infoPageMarkdown(page: InfoPageMetadata): string {
  setDescription(page, page.info.description);
  const {contact, ...info} = page.info;
  const body = createInfoPageMD({...page, info});
  const links = [contact?.url && `[${contact.name ?? contact.url}](${contact.url})`, contact?.email && `[${contact.email}](mailto:${contact.email})`];
  const line = links.filter(Boolean).join(' · ');
  // Static files, not routes: `pathname://` keeps the router (and its broken-link check) out of them.
  const postman = page.downloadUrl
    ? `\n\n## Postman\n\n${postmanOffer(collectionBeside(page.downloadUrl), (text, href) => `[${text}](pathname://${href})`)}\n`
    : '';
  return line ? `${body}${postman}\n\n## Contact\n\n${line}\n` : `${body}${postman}`;
}
