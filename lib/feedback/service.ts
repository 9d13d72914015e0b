/**
 * The feedback API at /api/feedback, one handler for `npm run serve` (the site's own origin) and for
 * `npm run feedback` (a service of its own, for hosts that serve the files elsewhere):
 *
 * - `POST {"page": "/docs/quickstart", "helpful": false, "comment": "...", "sample": "Python"}`: 201
 *   once stored. A page must be a route of the build (422), the body at most 4 KB (413), a client
 *   within 10 a minute and 100 a day (429, Retry-After), an Origin the site's or one named (403).
 *   A request from a page (it carries Origin) is a reader's; one without (an agent, a script) an agent's.
 * - `GET` (`?since=7d`, `?limit=`): `{"items": [...], "pages": [...]}` with `Authorization: Bearer
 *   <FEEDBACK_ADMIN_TOKEN>`, refused without it.
 * - The database down: 503 with what happened; the next request tries it again.
 */
import {createHash, timingSafeEqual} from 'node:crypto';
import type {IncomingMessage, ServerResponse} from 'node:http';

import {z} from 'zod';

import {clientAddress} from '../client-address';
import {readBoundedBody} from '../request-body';
import {PageReferenceError, routeOf} from '../page-route';
import {provider} from '../../src/provider';
import {ClientLimiter, maxBodyBytes, maxCommentChars, maxPageChars, maxSampleChars, sampleLabel} from './limits';
import {pageReports, parseSince} from './report';
import {StoreUnavailableError, type FeedbackSource, type FeedbackStore, type NewFeedback} from './store';

export const feedbackPath = '/api/feedback';

/** Environment variable holding the token that reads feedback (GET /api/feedback). */
export const adminTokenVariable = 'FEEDBACK_ADMIN_TOKEN';

/** Environment variable naming more origins whose pages may send (comma-separated), as --allowed-origin. */
export const allowedOriginsVariable = 'FEEDBACK_ALLOWED_ORIGINS';

/** Most entries one GET answers (the newest); the report CLI reads them all. */
export const maxListedItems = 10_000;

export type FeedbackServiceOptions = {
  store: FeedbackStore;
  /** The routes of the build readers give feedback on (lib/page-route.ts builtRoutes). */
  routes: ReadonlySet<string>;
  /** Origins besides the docs site's and this machine's whose pages may send (a staging site). */
  allowedOrigins?: readonly string[];
  /** Behind a proxy that appends the client's address to X-Forwarded-For: limit by that address. */
  trustProxy?: boolean;
  adminToken?: string;
  limiter?: ClientLimiter;
};

/** The body of a submission: nothing but these fields, each bounded. */
const submission = z
  .object({
    page: z.string().min(1).max(maxPageChars),
    helpful: z.boolean().nullable().optional(),
    comment: z.string().max(maxCommentChars, `comment: at most ${maxCommentChars} characters`).optional(),
    sample: z.string().max(maxSampleChars).regex(sampleLabel, 'sample: a language name such as Python').optional(),
  })
  .strict();

/** A submission's entry, or why it is not one (the message a 422 carries). */
export function feedbackOf(body: unknown, routes: ReadonlySet<string>, source: FeedbackSource): NewFeedback | string {
  const parsed = submission.safeParse(body);
  if (!parsed.success)
    return parsed.error.issues
      .map((issue) => {
        const field = issue.path.join('.');
        return field && !issue.message.startsWith(`${field}:`) ? `${field}: ${issue.message}` : issue.message;
      })
      .join('; ');
  const {page, helpful = null, comment = '', sample} = parsed.data;
  let route: string;
  try {
    route = routeOf(page);
  } catch (error) {
    if (error instanceof PageReferenceError) return error.message;
    throw error;
  }
  if (!routes.has(route)) return `page: ${route} is not a page of ${provider.docsUrl}`;
  if (sample !== undefined && helpful !== false) return 'sample: a code sample is reported with "helpful": false';
  if (helpful === null && comment.trim() === '') return 'Give "helpful" (true or false), a comment, or both';
  return {page: route, helpful, comment: comment.trim(), sample: sample ?? null, source};
}

/** A loopback origin (a build served on this machine): allowed, as the MCP server allows loopback hosts. */
function isLoopbackOrigin(origin: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(origin.hostname);
}

/** The origins of a comma-separated list, each checked. */
export function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map((origin) => {
      if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol))
        throw new Error(`${origin} is not an origin such as https://docs.example.com`);
      return new URL(origin).origin;
    });
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** The handler of /api/feedback; a request to another path is not its to answer (returns false). */
export function feedbackApiHandler(options: FeedbackServiceOptions) {
  const {store, routes, trustProxy = false, adminToken} = options;
  const limiter = options.limiter ?? new ClientLimiter();
  const allowed = new Set([
    new URL(provider.docsUrl).origin,
    ...parseOrigins((options.allowedOrigins ?? []).join(',')),
  ]);

  /** Why the request's Origin may not send, or undefined (none: an agent; or an allowed one). */
  const foreignOrigin = (origin: string | undefined) => {
    if (origin === undefined) return undefined;
    const url = URL.canParse(origin) ? new URL(origin) : undefined;
    if (url && (allowed.has(url.origin) || isLoopbackOrigin(url))) return undefined;
    return `Origin not allowed: ${origin}. A site served elsewhere is named with --allowed-origin or ${allowedOriginsVariable}`;
  };

  /** CORS headers for an allowed page of another origin (a site whose files are served apart from this service). */
  const corsHeaders = (origin: string | undefined): Record<string, string> =>
    origin === undefined ? {} : {'Access-Control-Allow-Origin': origin, Vary: 'Origin'};

  async function post(request: IncomingMessage, response: ServerResponse, cors: Record<string, string>) {
    const refused = limiter.admit(clientAddress(request, trustProxy));
    if (refused) {
      request.resume();
      send(
        response,
        429,
        {error: `${refused.reason}: try again in ${refused.retryAfter} s`},
        {...cors, 'Retry-After': String(refused.retryAfter)},
      );
      return;
    }
    if (!/^application\/json\s*(;|$)/i.test(request.headers['content-type'] ?? '')) {
      request.resume();
      send(response, 415, {error: 'Send JSON (Content-Type: application/json)'}, cors);
      return;
    }
    const text = await readBoundedBody(request, maxBodyBytes);
    if (text === undefined) {
      send(response, 413, {error: `The body is larger than ${maxBodyBytes / 1024} KB`}, {...cors, Connection: 'close'});
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      send(response, 400, {error: 'The body is not JSON'}, cors);
      return;
    }
    const entry = feedbackOf(body, routes, request.headers.origin === undefined ? 'agent' : 'reader');
    if (typeof entry === 'string') {
      send(response, 422, {error: entry}, cors);
      return;
    }
    await store.add(entry);
    send(response, 201, {received: true}, cors);
  }

  async function get(request: IncomingMessage, response: ServerResponse) {
    if (!adminToken) {
      send(response, 403, {error: `Reading feedback is off: start the service with ${adminTokenVariable} set`});
      return;
    }
    if (!bearerMatches(request.headers.authorization, adminToken)) {
      send(
        response,
        401,
        {error: `Give the token of ${adminTokenVariable}: Authorization: Bearer <token>`},
        {'WWW-Authenticate': 'Bearer'},
      );
      return;
    }
    const query = new URL(request.url ?? '/', 'http://localhost').searchParams;
    const sinceText = query.get('since');
    const since = sinceText === null ? undefined : parseSince(sinceText);
    if (sinceText !== null && !since) {
      send(response, 400, {error: 'since: a date (2026-11-01) or an age (7d, 24h)'});
      return;
    }
    const limitText = query.get('limit') ?? String(maxListedItems);
    const limit = Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > maxListedItems) {
      send(response, 400, {error: `limit: a whole number from 1 to ${maxListedItems}`});
      return;
    }
    const items = await store.list({since, limit});
    send(response, 200, {
      items: items.map(({page, helpful, comment, sample, source, at}) => ({
        page,
        helpful,
        comment,
        sample,
        source,
        at,
      })),
      pages: pageReports(items),
      truncated: (await store.count({since})) > items.length,
    });
  }

  return (request: IncomingMessage, response: ServerResponse): boolean => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== feedbackPath) return false;
    const origin = request.headers.origin;
    const foreign = foreignOrigin(origin);
    if (foreign) {
      request.resume();
      send(response, 403, {error: foreign});
      return true;
    }
    const cors = corsHeaders(origin);
    const run = async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          ...cors,
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Max-Age': '86400',
        });
        response.end();
      } else if (request.method === 'POST') await post(request, response, cors);
      else if (request.method === 'GET') await get(request, response);
      else
        send(
          response,
          405,
          {error: 'POST a submission, or GET them with the admin token'},
          {Allow: 'GET, POST, OPTIONS'},
        );
    };
    run().catch((error: unknown) => {
      if (response.headersSent) return;
      if (error instanceof StoreUnavailableError) {
        console.error(`feedback: ${error.message}`);
        send(
          response,
          503,
          {error: 'Feedback cannot be stored right now: its database does not answer. Try again in a minute.'},
          {...cors, 'Retry-After': '30'},
        );
        return;
      }
      console.error(error);
      send(response, 500, {error: 'The feedback service failed on this request'}, cors);
    });
    return true;
  };
}
