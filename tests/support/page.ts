import {expect, type Page} from '@playwright/test';

/** Docusaurus' not-found page heading. */
export const notFoundHeading = 'Page Not Found';

/** Waits until React has hydrated the page, so clicks and storage reads are meaningful. */
export async function waitForHydration(page: Page): Promise<void> {
  // API reference pages load about 2 MB of JavaScript: give hydration more than the default 5 s.
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', {timeout: 20_000});
}

/** Opens a path and waits for hydration. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

/** The desktop doc sidebar that every route but the home page shows (SPEC.md §2). */
export function docSidebar(page: Page) {
  return page.locator('aside.theme-doc-sidebar-container');
}
