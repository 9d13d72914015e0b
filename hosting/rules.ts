/**
 * The hosting rules: one typed source for every server that serves build/ (the Node server of
 * `npm run serve`, Caddy, nginx, Netlify and Cloudflare Pages). hosting/configs.ts writes each host's
 * files from these, and tests/build/hosting.test.ts checks the same answers from each server.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import {getDomain} from 'tldts-icann';

import {generatedSpecPath, openApiSpecs} from '../lib/openapi/specs';
import {loadSpec, repoRoot} from '../lib/openapi';
import {feedbackConnectOrigin} from '../lib/feedback/setting';
import {serverUrlChoices, type ServerLike} from '../src/server-url';

/** Cache-Control values, one per kind of file. */
export const cacheControl = {
  /** Hashed assets: their names change with their content, so a cached copy never goes stale. */
  immutable: 'public, max-age=31536000, immutable',
  /** Everything else (pages, sitemap, llms*.txt, Markdown twins, OpenAPI downloads): revalidated on every visit. */
  revalidate: 'public, max-age=0, must-revalidate',
} as const;

/** The folder of hashed assets (Docusaurus writes every bundle, style sheet and hashed file under it). */
export const immutablePrefix = '/assets/';

/** Files in build/ for Netlify and Cloudflare Pages only, which do not publish them: the other hosts answer 404. */
export const hostOnlyFiles = ['/_headers', '/_redirects'];

/**
 * What Cloudflare Pages takes of a site (its documented limits): a file of at most 25 MiB, and 20,000
 * files on its Free plan, 100,000 on a paid one. The Node server, Caddy and nginx have no such limits:
 * a build past them is said in a warning, not refused.
 */
export const cloudflarePagesLimits = {fileBytes: 25 * 1024 ** 2, freeFiles: 20_000, paidFiles: 100_000};

/** Content types the hosts would otherwise get wrong or leave without a charset. */
export const contentTypes = {
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'application/yaml',
} as const satisfies Record<string, string>;

/** Extensions of the text files the build precompresses (.br and .gz beside each). */
export const compressibleExtensions = ['.html', '.js', '.css', '.json', '.md', '.txt', '.xml', '.svg', '.yaml'];

/** Files smaller than this are sent as they are: compression saves less than its headers cost. */
export const minCompressBytes = 256;

/** The site's `/llms.txt`, announced on every page by a Link header (as other docs platforms do). */
export const llmsTxtLink = '</llms.txt>; rel="llms-txt"; type="text/plain"';

/**
 * A page asked for with an Accept header that names this type is answered with its Markdown twin
 * (as Mintlify and Fern answer agents), from the same address: every page with a twin then sends
 * `Vary: Accept`. The test is the one every host can make, a case-insensitive match of the header
 * (the Node server, nginx's map, Caddy's header_regexp); browsers never name the type.
 */
export const markdownMediaType = 'text/markdown';

/** Whether a request's Accept header asks for Markdown (see markdownMediaType). */
export function acceptsMarkdown(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes(markdownMediaType);
}

/**
 * Strict-Transport-Security: browsers keep to HTTPS for the site for a year, subdomains included.
 * Sent on answers over HTTPS only (it means nothing over HTTP, and local serving is HTTP): Caddy and
 * nginx send it when the connection is TLS, `npm run serve` (plain HTTP) never.
 */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** The Link header value that points a page at its Markdown twin (per page, where a host allows it). */
export function twinLink(twinPath: string): string {
  return `<${twinPath}>; rel="alternate"; type="text/markdown"`;
}

/**
 * Browser features the site does not use are denied to it and to anything it might embed; the copy
 * buttons write to the clipboard, so clipboard-write stays allowed for the site itself. clipboard-read
 * keeps its default (the site itself, and only once the reader allows it): the browser tests read what
 * a copy button wrote, as a reader pasting it would. (Only names Chromium knows: an unknown one is a
 * console error on every page.)
 */
export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
].join(', ');

let knownApiOrigins: string[] | undefined;

type Servers = {servers?: ServerLike[]};

/** The servers a description lists: its own, and those of its paths and operations. */
function serversOf(doc: Servers & {paths?: Record<string, unknown>}): ServerLike[] {
  const items = Object.values(doc.paths ?? {}) as (Servers & Record<string, unknown>)[];
  return [
    ...(doc.servers ?? []),
    ...items.flatMap((item) => [
      ...(item?.servers ?? []),
      ...Object.values(item ?? {}).flatMap((operation) => (operation as Servers | undefined)?.servers ?? []),
    ]),
  ];
}

/**
 * The token endpoints of a description's OAuth2 flows (token and refresh URLs, the sandbox's marked
 * beside them by generation): the explorer calls them from the page to get a token. An authorization
 * URL is not among them: the reader's browser opens it in a window of its own, which no policy of the
 * page governs.
 */
function tokenUrlsOf(doc: {components?: {securitySchemes?: Record<string, unknown>}}): string[] {
  type Flow = {tokenUrl?: string; refreshUrl?: string; 'x-sandbox'?: {tokenUrl?: string}};
  return Object.values(doc.components?.securitySchemes ?? {}).flatMap((scheme) =>
    Object.values((scheme as {flows?: Record<string, Flow>}).flows ?? {}).flatMap((flow) =>
      [flow.tokenUrl, flow.refreshUrl, flow['x-sandbox']?.tokenUrl].filter((url): url is string => Boolean(url)),
    ),
  );
}

/**
 * Origins the API explorer ("Try it") sends requests to: every server the descriptions list
 * (the production API and the local sandbox; a path's or an operation's own), with each value its
 * variables list, and the token endpoints of their OAuth2 flows, read from the YAML, the single
 * source of truth.
 */
export function apiOrigins(): string[] {
  // Read once per process: every host's file and the server ask for them.
  // From the generated JSON copy the pages were built from, where there is one: the same servers, read
  // many times faster than the YAML (which takes about a second at 2,000 operations).
  knownApiOrigins ??= [
    ...new Set(
      openApiSpecs.flatMap((spec) => {
        const doc = loadSpec(spec, {generated: existsSync(path.join(repoRoot, generatedSpecPath(spec)))});
        // Each value a server's variables list can take; a relative server is the site's own origin.
        return [...serversOf(doc).flatMap((server) => serverUrlChoices(server)), ...tokenUrlsOf(doc)].flatMap((url) =>
          URL.canParse(url) ? [new URL(url).origin] : [],
        );
      }),
    ),
  ].sort();
  return knownApiOrigins;
}

/**
 * The Content-Security-Policy. Scripts: the site's own files and the inline scripts of the built pages,
 * each allowed by its sha256 (hosting/site.ts finds them); no 'unsafe-inline', no 'unsafe-eval'.
 * 'wasm-unsafe-eval' lets the search (Pagefind, src/search/pagefind.ts) compile its WebAssembly, and
 * nothing else: it allows no eval() of JavaScript and no script from anywhere but the site.
 * Styles may be inline ('unsafe-inline'): the code highlighter colours tokens and the theme sizes
 * elements through style attributes, which a hash cannot allow. Requests go to the site itself
 * (the search's index, Markdown twins, the feedback API), to the API servers the explorer offers and
 * to a feedback service on an origin of its own when the site was built with one. `blob:` images,
 * audio and frames are the explorer's answers shown in the page (an image, a recording, a PDF), made
 * from bytes it received (src/components/ExplorerAnswer); no other page is framed.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[], connectOrigins: readonly string[]): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", "'wasm-unsafe-eval'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['media-src', "'self'", 'blob:'],
    ['frame-src', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...connectOrigins],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/**
 * The request paths that serve a page file, with and without the trailing slash
 * (`/docs/intro/index.html` → `/docs/intro`, `/docs/intro/`; `/index.html` → `/`, `/index.html`).
 */
export function pageRequestPaths(file: string): string[] {
  const folder = file.replace(/index\.html$/, '');
  return folder === '/' ? ['/', '/index.html'] : [folder.replace(/\/$/, ''), folder];
}

/** What a host needs to know of one build to serve it: found by hosting/site.ts. */
export type SiteFacts = {
  /** sha256 (base64) of every distinct inline script of the built pages, sorted. */
  scriptHashes: string[];
  /** Page file (`/docs/intro/index.html`) → its Markdown twin (`/docs/intro.md`), for pages that have one. */
  twins: Map<string, string>;
  /** Where the pages send feedback (`/api/feedback`, or another origin's URL); absent: no feedback form. */
  feedbackApi?: string;
};

/**
 * The longest Content-Security-Policy every host takes: Cloudflare Pages ignores a `_headers` line over
 * 2,000 characters, and the policy's line there starts with the header's name.
 */
export const maxPolicyLength = 2000 - '  Content-Security-Policy: '.length;

/** Origins the policy allows by one wildcard source instead of one by one. */
export type WidenedOrigins = {source: string; origins: string[]};

/**
 * The connect-src sources for `origins` in at most `room` characters. Where the list is longer (an API
 * with a server per region: EC2's `ec2.{region}.amazonaws.com` gives 50 origins), the origins under one
 * registrable domain (the public suffix list's ICANN section, so never `*.co.uk`), scheme and port
 * become one wildcard source (`https://*.amazonaws.com`), the largest group first, until the list fits.
 * A domain's own origin stays listed (a wildcard does not match it), as do local hosts and addresses.
 */
export function fitConnectSources(
  origins: readonly string[],
  room: number,
): {sources: string[]; widened: WidenedOrigins[]} {
  const length = (sources: Iterable<string>) => [...sources].join(' ').length;
  const sources = new Set(origins);
  if (length(sources) <= room) return {sources: [...sources], widened: []};
  const groups = new Map<string, string[]>();
  for (const origin of sources) {
    const {protocol, hostname, port} = new URL(origin);
    const domain = getDomain(hostname);
    if (!domain || domain === hostname) continue;
    const source = `${protocol}//*.${domain}${port ? `:${port}` : ''}`;
    groups.set(source, [...(groups.get(source) ?? []), origin]);
  }
  const widened: WidenedOrigins[] = [];
  const largestFirst = [...groups]
    .filter(([, members]) => members.length > 1)
    .sort((a, b) => b[1].length - a[1].length);
  for (const [source, members] of largestFirst) {
    if (length(sources) <= room) break;
    for (const origin of members) sources.delete(origin);
    sources.add(source);
    widened.push({source, origins: members});
  }
  return {sources: [...sources].sort(), widened};
}

/**
 * The connect-src sources of the policy for this build: the API origins, and a feedback service on an
 * origin of its own (the site's own /api/feedback is 'self'), widened where listing them all would
 * make the policy too long for a host to take (see fitConnectSources).
 */
export function connectSources(
  facts: SiteFacts,
  connectOrigins: readonly string[] = apiOrigins(),
): {sources: string[]; widened: WidenedOrigins[]} {
  const origins = [
    ...connectOrigins,
    ...[feedbackConnectOrigin(facts.feedbackApi)].filter((origin) => origin !== undefined),
  ];
  // The room the rest of the policy leaves, less the space before the first source.
  const room = maxPolicyLength - contentSecurityPolicy(facts.scriptHashes, []).length - 1;
  return fitConnectSources(origins, room);
}

/** The headers every answer carries, pages and files alike, 404s included. */
export function securityHeaders(facts: SiteFacts, connectOrigins: readonly string[] = apiOrigins()) {
  return {
    'Content-Security-Policy': contentSecurityPolicy(facts.scriptHashes, connectSources(facts, connectOrigins).sources),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': permissionsPolicy,
  } satisfies Record<string, string>;
}
