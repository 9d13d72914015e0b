import {expect, type Page, type Response} from '@playwright/test';

import {docSidebar, notFoundHeading} from './page';
import {routesWithoutSidebar} from './routes';

/**
 * What every route of the sitemap shows as a reader opens it (SPEC.md §2), checked on a hydrated page
 * opened at `route`: it answered 200 and stays at its own address, shows its own heading and content,
 * and has a sidebar unless it is the home page.
 */
export async function expectOwnPage(page: Page, route: string, response: Response | null): Promise<void> {
  const own = route.replace(/\/$/, '') || '/';
  expect(response?.status(), 'HTTP status').toBe(200);
  // The page ends up at the route itself (no redirect to elsewhere) and is not the not-found page.
  expect(new URL(page.url()).pathname.replace(/\/$/, '') || '/').toBe(own);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('h1').first()).not.toHaveText(notFoundHeading);
  await expect(page.locator('main')).toContainText(/\w{3,}/);
  if (routesWithoutSidebar.includes(own)) await expect(docSidebar(page)).toHaveCount(0);
  else await expect(docSidebar(page)).toBeVisible();
}
