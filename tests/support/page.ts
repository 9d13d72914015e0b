import {expect, type Page} from '@playwright/test';

/** Docusaurus' not-found page heading. */
export const notFoundHeading = 'Page Not Found';

/** Opens a path and waits until React has hydrated it, so clicks and storage reads are meaningful. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

/** The desktop doc sidebar that every route but the home page shows (SPEC.md §2). */
export function docSidebar(page: Page) {
  return page.locator('aside.theme-doc-sidebar-container');
}
