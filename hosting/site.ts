/**
 * Reads a built site (build/) for what its hosts must know: the sha256 of every inline script (the
 * Content-Security-Policy allows each by its hash) and each page's Markdown twin (the per-page Link
 * header). Pages are read one at a time with a streaming parser, so memory stays flat however many.
 *
 * A page that carries script the policy cannot allow by a hash (an `on…=` event-handler attribute, a
 * `javascript:` URL) fails the build with the file and the problem: the browser would refuse it.
 */
import {createHash} from 'node:crypto';
import {existsSync} from 'node:fs';
import {mkdir, readdir, readFile} from 'node:fs/promises';
import path from 'node:path';

import {Parser} from 'htmlparser2';

import {feedbackMetaName} from '../lib/feedback/setting';
import {writeWhole} from '../lib/write-whole';
import type {SiteFacts} from './rules';

/** `type` values a browser runs as script; any other (`application/ld+json`) is data, outside the policy. */
const scriptTypes = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** The base64 sha256 of a script's text, as a CSP hash source names it. */
export function scriptHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

export type PageScripts = {
  /** The text of each inline script the browser would run, in page order. */
  inline: string[];
  /** Markup a hash cannot allow, each described for the error message. */
  disallowed: string[];
  /** The Markdown twin the page's head links (`<link rel="alternate" type="text/markdown">`), as a path. */
  twin?: string;
  /** Where the page sends feedback (its feedback meta tag, lib/feedback/setting.ts), when it does. */
  feedbackApi?: string;
};

/** What one page's HTML holds of script, and its twin. */
export function readPage(html: string): PageScripts {
  const found: PageScripts = {inline: [], disallowed: []};
  let current: string | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute)) found.disallowed.push(`<${name} ${attribute}="${value.slice(0, 60)}">`);
          if (/^\s*javascript:/i.test(value)) found.disallowed.push(`<${name} ${attribute}="${value.slice(0, 60)}">`);
        }
        if (name === 'script' && attributes.src === undefined && scriptTypes.has((attributes.type ?? '').toLowerCase()))
          current = '';
        if (name === 'link' && attributes.rel === 'alternate' && attributes.type === 'text/markdown' && attributes.href)
          found.twin = new URL(attributes.href, 'https://site.invalid').pathname;
        if (name === 'meta' && attributes.name === feedbackMetaName && attributes.content)
          found.feedbackApi = attributes.content;
      },
      ontext(text) {
        if (current !== undefined) current += text;
      },
      onclosetag(name) {
        if (name === 'script' && current !== undefined) {
          found.inline.push(current);
          current = undefined;
        }
      },
    },
    {decodeEntities: false},
  );
  parser.end(html);
  return found;
}

/** Every .html file under `dir`, as site paths (`/docs/intro/index.html`), sorted. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => `/${path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`)
    .sort();
}

/** What readSiteFacts keeps of a page: its inline scripts' hashes, what no hash allows, its twin, its feedback API. */
type PageFacts = {scriptHashes: string[]; disallowed: string[]; twin?: string; feedbackApi?: string};

/**
 * Where `npm run build` keeps each page's facts between builds, by the hash of its HTML: a rebuild
 * parses only the pages that changed (parsing every page takes seconds at 2,000 operations).
 */
export const defaultFactsCache = path.resolve(__dirname, '../node_modules/.cache/orchard-page-facts.json');

/**
 * The facts of the build in `dir`. Throws, naming every file and what it carries, when a page holds
 * script that no hash can allow. With `cacheFile`, pages read before are taken from it, and it then
 * holds this build's pages only.
 */
export async function readSiteFacts(dir: string, cacheFile?: string): Promise<SiteFacts> {
  const hashes = new Set<string>();
  const twins = new Map<string, string>();
  // The home page's setting is the build's: every page is built with the same.
  let feedbackApi: string | undefined;
  const problems: string[] = [];
  const cached: Record<string, PageFacts> =
    cacheFile && existsSync(cacheFile)
      ? (JSON.parse(await readFile(cacheFile, 'utf8')) as Record<string, PageFacts>)
      : {};
  const seen: Record<string, PageFacts> = {};
  for (const file of await htmlFiles(dir)) {
    const html = await readFile(path.join(dir, file));
    const key = createHash('sha256').update(html).digest('hex');
    seen[key] ??= cached[key] ?? factsOf(readPage(html.toString('utf8')));
    const page = seen[key];
    for (const hash of page.scriptHashes) hashes.add(hash);
    if (page.twin) twins.set(file, page.twin);
    if (file === '/index.html') feedbackApi = page.feedbackApi;
    for (const markup of page.disallowed)
      problems.push(`${path.join(dir, file)}: ${markup} is script the Content-Security-Policy cannot allow`);
  }
  if (cacheFile) {
    await mkdir(path.dirname(cacheFile), {recursive: true});
    await writeWhole(cacheFile, Buffer.from(JSON.stringify(seen)));
  }
  if (problems.length > 0)
    throw new Error(
      `${problems.join('\n')}\nMove the script into a file of src/ (an event listener, a link with an href).`,
    );
  return {scriptHashes: [...hashes].sort(), twins, ...(feedbackApi ? {feedbackApi} : {})};
}

/**
 * readSiteFacts for a worker thread (lib/in-worker.ts): its facts, or the problem it found, as text; a
 * thrown error would reach the build with the worker's stack.
 */
export async function siteFactsOrProblem({
  dir,
  cacheFile,
}: {
  dir: string;
  cacheFile?: string;
}): Promise<{facts: SiteFacts} | {problem: string}> {
  try {
    return {facts: await readSiteFacts(dir, cacheFile)};
  } catch (error) {
    return {problem: (error as Error).message};
  }
}

const factsOf = (page: PageScripts): PageFacts => ({
  scriptHashes: page.inline.map(scriptHash),
  disallowed: page.disallowed,
  ...(page.twin ? {twin: page.twin} : {}),
  ...(page.feedbackApi ? {feedbackApi: page.feedbackApi} : {}),
});

/** Inline scripts of the pages in `dir` that `scriptHashes` does not allow: `file: script…`, one per line. */
export async function scriptsNotAllowed(dir: string, scriptHashes: readonly string[]): Promise<string[]> {
  const allowed = new Set(scriptHashes);
  const problems: string[] = [];
  for (const file of await htmlFiles(dir)) {
    for (const script of readPage(await readFile(path.join(dir, file), 'utf8')).inline) {
      if (!allowed.has(scriptHash(script)))
        problems.push(`${path.join(dir, file)}: inline script not allowed by the policy: ${script.slice(0, 80)}…`);
    }
  }
  return problems;
}
