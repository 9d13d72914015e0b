/**
 * A built copy of the site with corpus descriptions added (tests/corpus/site.test.ts) as a reader
 * and an assistant use it: a sandbox serving the added APIs on a free port, the copy's own MCP server
 * over stdio (its lib/openapi/specs.ts lists them), and the copy's build served with the hosting
 * rules, opened in Chromium with the browser's calls to the documented sandbox address passed on to
 * the test's sandbox (as tests/e2e/explorer-sandbox.spec.ts does).
 */
import {readFileSync} from 'node:fs';
import {createServer, request as httpRequest, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {pipeline} from 'node:stream';

import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import {chromium, type Browser, type Locator, type Page} from '@playwright/test';

import type {OpenApiSpec} from '../../lib/openapi/specs';
import {serveSite} from '../../hosting/server';
import {createSandbox} from '../../sandbox/app';
import {createSandboxServer, type SandboxServerOptions} from '../../sandbox/server';
import {sandboxOrigin} from '../../lib/sandbox/servers';
import {chromiumLaunchOptions} from './chromium';

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

// What the helpers below opened and a test has not closed (it failed before its `finally`): left
// open, a server or a browser keeps the test process alive after its last test, and the suite never ends.
const opened = new Set<() => Promise<void>>();

/** `shut` as a close that runs once, and that closeOpenCopies runs if the test does not. */
function tracked(shut: () => Promise<void>): () => Promise<void> {
  const once = async () => {
    if (!opened.delete(once)) return;
    await shut();
  };
  opened.add(once);
  return once;
}

/** Closes whatever the helpers opened that is still open: for the suite's `after`. */
export async function closeOpenCopies(): Promise<void> {
  for (const shut of [...opened]) await shut().catch(() => undefined);
}

/**
 * The origins the copy's own build lets its pages call (connect-src of the policy its hosting step
 * wrote for every host, build/_headers): its descriptions' servers and token endpoints, not ours.
 */
function builtConnectOrigins(site: string): string[] {
  const headers = readFileSync(path.join(site, 'build/_headers'), 'utf8');
  const directive = /connect-src ([^;\n]*)/.exec(headers)?.[1];
  if (!directive) throw new Error(`${site}/build/_headers names no connect-src`);
  return directive.split(' ').filter((origin) => origin && origin !== "'self'");
}

/** The copy's build served as `npm run serve` would serve it in the copy. */
const serveCopy = (site: string) => serveSite(path.join(site, 'build'), 0, '127.0.0.1', builtConnectOrigins(site));

/** The sandbox of a copy's added APIs (their files in the copy), on a free port. */
export async function copySandbox(site: string, specs: readonly OpenApiSpec[], options: SandboxServerOptions = {}) {
  const inCopy = specs.map((spec) => ({...spec, file: path.join(site, spec.file)}) as OpenApiSpec);
  const server = createSandboxServer(await createSandbox({specs: inCopy}), options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {origin, close: tracked(() => close(server))};
}

/** The copy's MCP server over stdio, calling the sandbox at `origin` (as `ORCHARD_API_BASE`). */
export async function copyMcp(site: string, origin: string) {
  const client = new Client({name: 'orchard-corpus-test', version: '1.0.0'});
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'mcp/main.ts'],
      cwd: site,
      env: {...(process.env as Record<string, string>), ORCHARD_API_BASE: `${origin}/api`},
      stderr: 'pipe',
    }),
  );
  /** A tool's answer as JSON, or its error text as an Error. */
  const call = async (name: string, args: Record<string, unknown>): Promise<unknown> => {
    const result = (await client.callTool({name, arguments: args})) as {
      isError?: boolean;
      content: {type: string; text?: string}[];
    };
    const text = result.content.map((part) => part.text ?? '').join('');
    if (result.isError) throw new Error(`${name} ${JSON.stringify(args)}: ${text}`);
    return JSON.parse(text) as unknown;
  };
  return {call, close: tracked(() => client.close())};
}

/**
 * The copy's build served, and a Chromium page on it whose calls to the sandbox's documented address
 * (`npm run sandbox`, as the explorer's "Local sandbox" names it) go to the sandbox at `origin`.
 */
export async function copyBrowser(site: string, origin: string) {
  const {url, server} = await serveCopy(site);
  const browser: Browser = await chromium.launch(chromiumLaunchOptions);
  /** `watch` sees the page before it goes to `route` (to follow its requests from the first). */
  const open = async (route: string, watch?: (page: Page) => void): Promise<Page> => {
    const page = await browser.newPage({baseURL: url});
    page.setDefaultTimeout(30_000);
    watch?.(page);
    await page.route(`${sandboxOrigin}/**`, async (intercepted) => {
      const request = intercepted.request();
      const response = await intercepted.fetch({url: request.url().replace(sandboxOrigin, origin)});
      await intercepted.fulfill({response});
    });
    // React reports a page whose server-rendered HTML it could not hydrate (error 418: the browser
    // parsed the HTML into another tree) and renders it again: the page works, but a wrong page it is.
    const reactErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /React error|hydration/i.test(message.text())) reactErrors.push(message.text());
    });
    await page.goto(route);
    // API reference pages load about 2 MB of JavaScript: hydration can take a while on a busy machine.
    await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 60_000});
    if (reactErrors.length > 0)
      throw new Error(`${route}: ${reactErrors.map((text) => text.slice(0, 200)).join('; ')}`);
    return page;
  };
  return {
    open,
    close: tracked(async () => {
      await browser.close();
      await close(server);
    }),
  };
}

/**
 * A forward proxy for Chromium that sends its calls to the sandbox's documented address to the
 * sandbox at `origin`, and every other call where it was going, streaming both ways (Playwright's
 * `route` reads a whole answer before the page gets any of it: no stream would arrive event by event).
 */
async function sandboxProxy(origin: string) {
  const sandbox = new URL(origin);
  const proxy = createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/');
    if (target.origin === sandboxOrigin) target.host = sandbox.host;
    const upstream = httpRequest(target, {method: incoming.method, headers: incoming.headers}, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      // An answer broken off midway breaks the page's connection too (pipeline destroys both).
      pipeline(answer, outgoing, () => undefined);
    });
    upstream.on('error', () => outgoing.destroy());
    // The page went away or stopped the request: so does the call it made.
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {server: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => close(proxy)};
}

/**
 * The copy's build served, and a Chromium page on it whose calls reach the sandbox at `origin` as they
 * would reach `npm run sandbox`, through a proxy, so that a streamed answer arrives as it is sent.
 */
export async function streamingCopyBrowser(site: string, origin: string) {
  const {url, server} = await serveCopy(site);
  const proxy = await sandboxProxy(origin);
  // `<-loopback>`: Chromium sends calls to 127.0.0.1 through the proxy too (it bypasses it for them by default).
  const browser: Browser = await chromium.launch({
    ...chromiumLaunchOptions,
    proxy: {server: proxy.server, bypass: '<-loopback>'},
  });
  const open = async (route: string): Promise<Page> => {
    const page = await browser.newPage({baseURL: url});
    page.setDefaultTimeout(30_000);
    await page.goto(route);
    await page.locator('html[data-has-hydrated="true"]').waitFor({timeout: 60_000});
    return page;
  };
  return {
    open,
    close: tracked(async () => {
      await browser.close();
      await proxy.close();
      await close(server);
    }),
  };
}

/** Waits (generously: a busy machine) until `locator` shows text matching `text`; fails naming `label`. */
export async function expectText(locator: Locator, text: RegExp, label: string): Promise<void> {
  try {
    await locator.filter({hasText: text}).first().waitFor({timeout: 30_000});
  } catch {
    const shown = await locator
      .first()
      .innerText()
      .catch(() => '(nothing)');
    throw new Error(`${label}: ${String(text)} never shown; the page shows: ${shown.slice(0, 1000)}`);
  }
}
