/**
 * First-load weight of a page: every script, stylesheet and document the browser fetches until the
 * page is hydrated and the network is idle, with raw and gzipped sizes (bytes, so deterministic).
 */
import {gzipSync} from 'node:zlib';

import {expect, type Browser, type Page, type Response} from '@playwright/test';

import {onePagePerTemplate} from './templates';

export type Resource = {url: string; type: 'script' | 'stylesheet' | 'document'; raw: number; gzip: number};
export type PageWeight = {
  path: string;
  /** The answer to the page's own request, for checks made on the same load. */
  response: Response | null;
  resources: Resource[];
  total: Record<Resource['type'], {raw: number; gzip: number}>;
};

export async function measurePageWeight(page: Page, path: string): Promise<PageWeight> {
  const resources: Resource[] = [];
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
    pending.push(
      response.body().then(
        (body) => {
          resources.push({url: new URL(response.url()).pathname, type, raw: body.length, gzip: gzipSync(body).length});
        },
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  const response = await page.goto(path, {waitUntil: 'networkidle'});
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 30_000});
  await page.waitForLoadState('networkidle');
  // What loads after this (on interaction) is not first-load weight.
  page.off('response', onResponse);
  await Promise.all(pending);
  const total = {
    script: {raw: 0, gzip: 0},
    stylesheet: {raw: 0, gzip: 0},
    document: {raw: 0, gzip: 0},
  };
  for (const resource of resources) {
    total[resource.type].raw += resource.raw;
    total[resource.type].gzip += resource.gzip;
  }
  return {path, response, resources, total};
}

/**
 * The first load of one page per budgeted template (or of `templates`), each in a context of its own
 * (nothing cached from the page before): for the scale smoke and the benches.
 */
export async function measureTemplates(
  browser: Browser,
  origin: string,
  templates: readonly (typeof onePagePerTemplate)[number][] = onePagePerTemplate,
): Promise<((typeof onePagePerTemplate)[number] & {weight: PageWeight})[]> {
  const measured = [];
  for (const template of templates) {
    const page = await browser.newPage();
    measured.push({...template, weight: await measurePageWeight(page, `${origin}${template.path}`)});
    await page.close();
  }
  return measured;
}

/** The largest scripts of a page, for error messages and the bench. */
export function largestScripts(weight: PageWeight, count = 5): string {
  return weight.resources
    .filter((resource) => resource.type === 'script')
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, count)
    .map((resource) => `${resource.url} (${(resource.gzip / 1024).toFixed(1)} KB gz)`)
    .join(', ');
}

/**
 * Opens `path` as its first load, requires that load's gzipped JavaScript to stay within `maxGzipJs`
 * (naming the largest chunks when it does not), and returns the weight, with the page's own response.
 */
export async function expectWithinBudget(page: Page, path: string, maxGzipJs: number): Promise<PageWeight> {
  // Bytes, not times: the same build always gives the same numbers.
  const weight = await measurePageWeight(page, path);
  const gzipJs = weight.total.script.gzip;
  expect(
    gzipJs,
    `${path} loads ${(gzipJs / 1024).toFixed(1)} KB of gzipped JavaScript (budget ${(maxGzipJs / 1024).toFixed(0)} KB); largest: ${largestScripts(weight)}`,
  ).toBeLessThanOrEqual(maxGzipJs);
  return weight;
}
