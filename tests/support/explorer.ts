/**
 * The API explorer ("Try it") as a reader uses it, for the browser tests: open it, answer its calls
 * without anything leaving the machine, send, and the values it fills in.
 */
import {expect, type Page, type Request} from '@playwright/test';

import type {SchemaNode} from '../../lib/openapi';
import {apiBaseUrl} from '../../src/provider';
import {gotoHydrated} from './page';
import type {ReferencePage} from './reference';

export const productionOrigin = new URL(apiBaseUrl).origin;
export const sandboxOrigin = 'http://127.0.0.1:4010';
export const testKey = 'explorer-honest-key';

/** Opens an operation page (unless it is open) and its explorer. */
export async function openExplorer(page: Page, path: string, {opened = false} = {}): Promise<void> {
  if (!opened) await gotoHydrated(page, path);
  await page.getByRole('button', {name: 'Try it'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 20_000});
}

/** Answers every call to `origin` with an empty JSON object, and keeps the requests sent. */
export async function answerCalls(page: Page, origin: string): Promise<Request[]> {
  const sent: Request[] = [];
  await page.route(`${origin}/**`, async (route) => {
    if (route.request().method() !== 'OPTIONS') sent.push(route.request());
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: {'access-control-allow-origin': '*', 'access-control-allow-headers': '*'},
      body: '{}',
    });
  });
  return sent;
}

/** Clicks Send and waits for the call the explorer makes. */
export async function send(page: Page, sent: Request[]): Promise<Request> {
  const count = sent.length;
  await page.getByRole('button', {name: 'Send API Request'}).click();
  await expect.poll(() => sent.length, {timeout: 20_000}).toBeGreaterThan(count);
  return sent[count]!;
}

export const keyField = (page: Page) => page.locator('.openapi-explorer__request-form input[type="password"]').first();

/** The operation's path with each path parameter replaced by its example, as the explorer fills it in. */
export function pathWithExamples({operation}: ReferencePage): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    const schema = parameter?.schema as SchemaNode | undefined;
    return String(parameter?.example ?? schema?.example ?? `{${name}}`);
  });
}
