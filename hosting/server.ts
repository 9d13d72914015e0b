/**
 * The Node server of `npm run serve`, the browser tests and the page bench: it serves a build with
 * exactly the hosting rules (hosting/rules.ts) that the Caddy, nginx, Netlify and Cloudflare files
 * carry. Files and their precompressed `.br`/`.gz` twins are served by sirv (ETag, ranges, `Vary`),
 * the 404 page with status 404 in the encoding the client prefers (negotiator).
 */
import {readFileSync, existsSync} from 'node:fs';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';

import Negotiator from 'negotiator';
import sirv from 'sirv';

import {
  acceptsMarkdown,
  cacheControl,
  contentTypes,
  hostOnlyFiles,
  immutablePrefix,
  llmsTxtLink,
  pageRequestPaths,
  securityHeaders,
  twinLink,
  type SiteFacts,
} from './rules';
import {readSiteFacts} from './site';
import {feedbackApiHandler, type FeedbackServiceOptions} from '../lib/feedback/service';
import {sameOriginFeedbackPath} from '../lib/feedback/setting';
import {builtRoutes} from '../lib/page-route';

/** The site's 404 page in each encoding the build wrote. */
function notFoundPage(dir: string): Map<string, Buffer> {
  const file = path.join(dir, '404.html');
  const page = new Map<string, Buffer>([['identity', readFileSync(file)]]);
  for (const [encoding, extension] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (existsSync(file + extension)) page.set(encoding, readFileSync(file + extension));
  }
  return page;
}

/**
 * The request handler for the build in `dir`. Its policy's connect-src names this checkout's API
 * origins (hosting/rules.ts) unless `connectOrigins` says otherwise (a test serving another checkout's build).
 */
export function siteHandler(
  dir: string,
  facts: SiteFacts,
  connectOrigins?: readonly string[],
  feedback?: FeedbackHandler,
): (request: IncomingMessage, response: ServerResponse) => void {
  const security = securityHeaders(facts, connectOrigins);
  const twinOfPath = new Map(
    [...facts.twins].flatMap(([file, twin]) => pageRequestPaths(file).map((request) => [request, twin] as const)),
  );
  // Answers that depend on Accept (a page with a twin): sirv sets Vary to Accept-Encoding, this adds Accept.
  const varyByAccept = new WeakSet<ServerResponse>();
  const files = sirv(dir, {
    etag: true,
    brotli: true,
    gzip: true,
    extensions: ['html'],
    dotfiles: false,
    setHeaders: (response) => {
      if (varyByAccept.has(response)) response.setHeader('Vary', 'Accept-Encoding, Accept');
    },
  });
  const notFound = notFoundPage(dir);

  return (request, response) => {
    let pathname = '/';
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      // A malformed escape finds no file: the 404 page answers it.
    }
    for (const [name, value] of Object.entries(security)) response.setHeader(name, value);
    // The feedback API on the site's own origin (lib/feedback/service.ts): POST and GET /api/feedback.
    if (feedback?.(request, response)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, {Allow: 'GET, HEAD'}).end();
      return;
    }
    const twin = twinOfPath.get(pathname);
    response.setHeader('Link', twin ? [llmsTxtLink, twinLink(twin)] : llmsTxtLink);
    response.setHeader(
      'Cache-Control',
      pathname.startsWith(immutablePrefix) ? cacheControl.immutable : cacheControl.revalidate,
    );
    // A page asked for as Markdown is answered with its twin's file (its own ETag and precompressed copies).
    const served = twin && acceptsMarkdown(request.headers.accept) ? twin : pathname;
    if (twin) {
      varyByAccept.add(response);
      // Also on a 304, which sirv answers before it sets Vary.
      response.setHeader('Vary', 'Accept-Encoding, Accept');
    }
    if (served !== pathname) request.url = served;
    const type = contentTypes[path.extname(served) as keyof typeof contentTypes];
    if (type) response.setHeader('Content-Type', type);

    const answerNotFound = () => {
      const encoding = new Negotiator(request).encoding([...notFound.keys()]) ?? 'identity';
      const body = notFound.get(encoding) ?? notFound.get('identity')!;
      response.setHeader('Cache-Control', cacheControl.revalidate);
      response.setHeader('Link', llmsTxtLink);
      response.setHeader('Vary', 'Accept-Encoding');
      response.writeHead(404, {
        'Content-Type': 'text/html;charset=utf-8',
        'Content-Length': body.length,
        ...(encoding === 'identity' ? {} : {'Content-Encoding': encoding}),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (hostOnlyFiles.includes(pathname)) answerNotFound();
    else files(request, response, answerNotFound);
  };
}

type FeedbackHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/** What the feedback API needs besides the build's routes: opened only for a build that sends to its own origin. */
export type FeedbackSetup = () => Promise<Omit<FeedbackServiceOptions, 'routes'>>;

/**
 * Serves the build in `dir` on loopback at `port` (0: a free port); resolves once it listens.
 * `connectOrigins`: as siteHandler takes them. `feedback`: the feedback API's store and settings, for a
 * build whose pages send feedback to the site itself (without it, that build's forms get 405).
 */
export async function serveSite(
  dir: string,
  port = 0,
  host = '127.0.0.1',
  connectOrigins?: readonly string[],
  feedback?: FeedbackSetup,
): Promise<{url: string; server: Server}> {
  if (!existsSync(path.join(dir, '404.html')))
    throw new Error(`${dir} holds no production build (no 404.html): run npm run build first`);
  const facts = await readSiteFacts(dir);
  const feedbackHandler =
    feedback && facts.feedbackApi === sameOriginFeedbackPath
      ? feedbackApiHandler({...(await feedback()), routes: builtRoutes(dir)})
      : undefined;
  const server = createServer(siteHandler(dir, facts, connectOrigins, feedbackHandler));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {url: `http://${host}:${(server.address() as AddressInfo).port}`, server};
}
