/**
 * The docs MCP server: tools over the production build (search, pages) and the OpenAPI descriptions
 * (endpoints, calls), and every page as a resource. One `DocsSite` is loaded per process; each MCP
 * session (stdio, or each Streamable HTTP request) gets a server of its own over it.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

import {McpServer} from '@modelcontextprotocol/sdk/server/mcp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {z} from 'zod';

import {repoRoot} from '../lib/openapi';
import {PageReferenceError} from '../lib/page-route';
import {openApiSpecs} from '../lib/openapi/specs';
import {defaultSandboxPort} from '../lib/sandbox/servers';
import {provider} from '../src/provider';
import {Caller, Endpoints, type CallLimits} from './endpoints';
import {
  deeperThan,
  maxCallBodyBytes,
  maxCallBodyDepth,
  maxKeyChars,
  maxNameChars,
  maxParameterChars,
  maxParameters,
  maxPathChars,
  maxQueryChars,
  maxUrlChars,
} from './limits';
import {PageStore, UserError} from './pages';
import {ClientLimiter, maxCommentChars, perMinute} from '../lib/feedback/limits';
import {openFeedbackStore, type FeedbackStore} from '../lib/feedback/store';
import {createSiteSearch, type SiteSearch} from './search';

/** Where `call_endpoint` sends requests unless ORCHARD_API_BASE says otherwise: the local sandbox. */
export const defaultApiBase = `http://127.0.0.1:${defaultSandboxPort}${provider.apiPrefix}`;
export const defaultBuildDir = path.join(repoRoot, 'build');

export type DocsSite = {
  pages: PageStore;
  search: SiteSearch;
  endpoints: Endpoints;
  caller: Caller;
  feedback: SiteFeedback;
};

/** Where submit_feedback stores (the feedback service's database, opened at the first submission) and each client's share. */
export type SiteFeedback = {store: () => Promise<FeedbackStore>; limiter: ClientLimiter};

/** The store the environment names, opened once, when first needed (a server that takes no feedback opens none). */
function lazyFeedback(open: () => Promise<FeedbackStore> = () => openFeedbackStore()): SiteFeedback {
  let opened: Promise<FeedbackStore> | undefined;
  return {
    store: () => {
      opened ??= open().catch((error: unknown) => {
        opened = undefined;
        throw error;
      });
      return opened;
    },
    limiter: new ClientLimiter(),
  };
}

/** Loads what the tools read: the build in `buildDir` and the descriptions. Fails clearly without a build. */
export async function loadDocsSite({
  buildDir = defaultBuildDir,
  apiBase = defaultApiBase,
  callLimits,
  feedbackStore,
}: {
  buildDir?: string;
  apiBase?: string;
  callLimits?: Partial<CallLimits>;
  /** Opens the feedback store (default: the one the environment names, lib/feedback/store.ts). */
  feedbackStore?: () => Promise<FeedbackStore>;
} = {}): Promise<DocsSite> {
  if (!existsSync(path.join(buildDir, 'index.html')))
    throw new Error(`No production build in ${buildDir}: run npm run build first, then start the MCP server again.`);
  const endpoints = new Endpoints();
  return {
    pages: new PageStore(buildDir),
    search: await createSiteSearch(buildDir),
    endpoints,
    caller: new Caller(endpoints, apiBase, callLimits),
    feedback: lazyFeedback(feedbackStore),
  };
}

/** submit_feedback's sentiment as the form's vote: positive yes, negative no, neutral (or none) no vote. */
const helpfulOf = {positive: true, negative: false, neutral: null} as const;

/** A record of parameters by name, at most `maxParameters` of them. */
const parameters = <T extends z.ZodType>(value: T, description: string) =>
  z
    .record(z.string().max(maxNameChars), value)
    .refine((record) => Object.keys(record).length <= maxParameters, `At most ${maxParameters} parameters`)
    .optional()
    .describe(`${description} (at most ${maxParameters})`);

/** Which API an operation name means, where two APIs have an operation of that name (get_endpoint, call_endpoint). */
const apiOfOperation = z
  .string()
  .max(maxNameChars)
  .optional()
  .describe(`The API, when two have an operation of that name: ${openApiSpecs.map((spec) => spec.id).join(', ')}`);

/** A call's JSON body, bounded in depth and size before anything reads it whole. */
const callBody = z
  .unknown()
  .superRefine((body, context) => {
    if (deeperThan(body, maxCallBodyDepth))
      context.addIssue({code: 'custom', message: `The body nests deeper than ${maxCallBodyDepth} levels`});
    else if (Buffer.byteLength(JSON.stringify(body) ?? '') > maxCallBodyBytes)
      context.addIssue({code: 'custom', message: `The body is larger than ${maxCallBodyBytes / 1024} KB as JSON`});
  })
  .optional()
  .describe(
    `The request body (at most ${maxCallBodyBytes / 1024} KB as JSON, ${maxCallBodyDepth} levels deep): JSON, or for a call that takes a form or multipart body (get_endpoint's requestBody.contentType), an object of its fields, sent encoded as the call takes it`,
  );

const json = (value: unknown): CallToolResult => ({content: [{type: 'text', text: JSON.stringify(value, null, 2)}]});

/** Runs a tool; a mistake the caller can fix comes back as a tool error with its message. */
async function answer(run: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UserError || error instanceof PageReferenceError)
      return {isError: true, content: [{type: 'text', text: error.message}]};
    throw error;
  }
}

/**
 * A server over `site`. `client`: who is asking (the HTTP transport's client address; `stdio` for the
 * one local client), whose submit_feedback calls count against one share.
 */
export function createDocsMcpServer(site: DocsSite, {client = 'stdio'}: {client?: string} = {}): McpServer {
  const server = new McpServer(
    {name: 'orchard-docs', title: `${provider.name} docs`, version: '1.0.0'},
    {
      instructions: `Documentation of the ${provider.name} APIs (trainer, predictor, medley, batch predictor). Use search_docs and get_page to read the guides, list_endpoints and get_endpoint for the API contract, and call_endpoint to try a call (the local sandbox by default).`,
    },
  );
  const readOnly = {readOnlyHint: true, openWorldHint: false};

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description: `Searches ${provider.docsUrl} as its search box does (same index, same ranking). Each hit has a title (its page's, then its section's), URL and snippet; read one with get_page.`,
      inputSchema: {
        query: z
          .string()
          .min(1)
          .max(maxQueryChars)
          .describe(`Words to search for, e.g. "batch size limit" (at most ${maxQueryChars} characters)`),
        limit: z
          .number()
          .int()
          .min(1)
          .max(50)
          .optional()
          .describe(`Most hits to return (default ${site.search.defaultLimit}, as the search box)`),
      },
      annotations: readOnly,
    },
    ({query, limit}, {signal}) =>
      answer(async () => {
        // A search holds the one thread for up to half a second: none for a client that has gone
        // (its connection closed while this request waited; the closes are read between two turns).
        await new Promise((resolve) => setImmediate(resolve));
        if (signal.aborted) throw new UserError('The request was cancelled');
        const hits = await site.search.search(query, limit);
        return json(
          hits.map(({title, path: sitePath, page, snippet}) => ({
            title,
            url: `${provider.docsUrl}${sitePath}`,
            page,
            snippet,
          })),
        );
      }),
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a page',
      description: `Returns a page of ${provider.docsUrl} as Markdown (its .md twin). Give its path (/docs/quickstart) or its full URL.`,
      inputSchema: {
        url: z.string().min(1).max(maxUrlChars).describe('A path such as /docs/quickstart, or a full docs URL'),
      },
      annotations: readOnly,
    },
    ({url}) => answer(() => ({content: [{type: 'text', text: site.pages.markdown(site.pages.page(url))}]})),
  );

  server.registerTool(
    'list_endpoints',
    {
      title: 'List API operations',
      description:
        'Lists every operation of the OpenAPI descriptions: API, method, full path with /api, summary, operationId and reference URL; then the requests the APIs send (kind webhook or callback: the event, and for a callback its operation and the URL it is sent to).',
      inputSchema: {
        api: z
          .string()
          .max(maxNameChars)
          .optional()
          .describe(`Only this API: ${openApiSpecs.map((spec) => spec.id).join(', ')}`),
      },
      annotations: readOnly,
    },
    ({api}) => answer(() => json(site.endpoints.list(api))),
  );

  server.registerTool(
    'get_endpoint',
    {
      title: 'Describe an API operation',
      description:
        'One operation in full: parameters, key headers, request and response schemas with $refs resolved, limits, examples and code samples (curl, Python, JavaScript, Go); an answer that streams lists its events (responses.<status>.streams). Name it by operationId, or by method and path. A webhook or callback (by its operationId from list_endpoints): its payload schema, an example payload and the answers it expects.',
      inputSchema: {
        operationId: z.string().max(maxNameChars).optional().describe('e.g. createTrainingJob (from list_endpoints)'),
        api: apiOfOperation,
        method: z.string().max(maxNameChars).optional().describe('HTTP method, with path instead of operationId'),
        path: z.string().max(maxPathChars).optional().describe('e.g. /api/language/trainer/training-jobs'),
      },
      annotations: readOnly,
    },
    (input) => answer(async () => json(await site.endpoints.describe(input))),
  );

  server.registerTool(
    'call_endpoint',
    {
      title: 'Call an API operation',
      description: `Checks a request against the OpenAPI description (an invalid one gets the documented 422 without being sent), then sends it to the API base URL (ORCHARD_API_BASE; by default the local sandbox of npm run sandbox) and returns the status and body (a streamed answer: its events as they came, and how the stream ended, cut at the time or size limit if it had not): a tool error past ${site.caller.limits.timeoutMs / 1000} s without an answer, an answer longer than ${site.caller.limits.maxAnswerBytes / 1024} KB cut and marked truncated. The key is sent in the header the operation documents and is never echoed.`,
      inputSchema: {
        operationId: z.string().max(maxNameChars).describe('e.g. predictWithPreTrainedModel (from list_endpoints)'),
        api: apiOfOperation,
        pathParams: parameters(z.union([z.string().max(maxParameterChars), z.number()]), 'Path parameters by name'),
        query: parameters(
          z.union([z.string().max(maxParameterChars), z.number(), z.boolean()]),
          'Query parameters by name',
        ),
        body: callBody,
        key: z
          .string()
          .max(maxKeyChars)
          .regex(/^[\x20-\x7e]*$/, 'An API key is printable ASCII')
          .optional()
          .describe('API key (default: ORCHARD_API_KEY); any key works on the sandbox'),
      },
      annotations: {readOnlyHint: false, openWorldHint: true},
    },
    ({key, ...input}) =>
      answer(async () => json(await site.caller.call({...input, key: key ?? process.env.ORCHARD_API_KEY}))),
  );

  server.registerTool(
    'submit_feedback',
    {
      title: 'Report on a page',
      description: `Tells the maintainers of ${provider.docsUrl} that a page helped, or misled you (wrong, out of date, unclear), and why. Stored as coming from an agent, like the page's own "Was this page helpful?". At most ${perMinute} a minute.`,
      inputSchema: {
        page: z
          .string()
          .min(1)
          .max(maxUrlChars)
          .describe('The page: a path such as /docs/quickstart, or its full docs URL'),
        message: z
          .string()
          .trim()
          .min(1)
          .max(maxCommentChars)
          .describe(`What helped or what was wrong, for a person to act on (at most ${maxCommentChars} characters)`),
        sentiment: z
          .enum(['positive', 'negative', 'neutral'])
          .optional()
          .describe('positive: the page helped; negative: it did not; neutral or none: a remark without a vote'),
      },
      annotations: {readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false},
    },
    ({page, message, sentiment}) =>
      answer(async () => {
        const {route} = site.pages.page(page);
        const refused = site.feedback.limiter.admit(client);
        if (refused) throw new UserError(`${refused.reason}: try again in ${refused.retryAfter} s`);
        let store: FeedbackStore;
        try {
          store = await site.feedback.store();
          await store.add({
            page: route,
            helpful: helpfulOf[sentiment ?? 'neutral'],
            comment: message,
            sample: null,
            source: 'agent',
          });
        } catch (error) {
          console.error(`orchard-docs MCP: feedback not stored: ${(error as Error).message}`);
          throw new UserError(
            'The feedback could not be stored right now: its database does not answer. Try again later.',
          );
        }
        return {content: [{type: 'text', text: `Received: your feedback on ${route} is stored for the maintainers.`}]};
      }),
  );

  for (const page of site.pages.pages) {
    server.registerResource(
      page.route,
      page.markdownUrl,
      {title: page.title, description: page.summary, mimeType: 'text/markdown'},
      (uri) => ({contents: [{uri: uri.href, mimeType: 'text/markdown', text: site.pages.markdown(page)}]}),
    );
  }
  return server;
}
