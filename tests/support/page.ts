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

/**
 * The localStorage key Docusaurus uses for `name`: `future.v4` namespaces keys per site
 * (`theme-<hash>`), so the key is found by prefix. Undefined until the site has written it.
 */
export async function storageKey(page: Page, name: string): Promise<string | undefined> {
  return page.evaluate(
    (prefix) => Object.keys(localStorage).find((key) => key === prefix || key.startsWith(`${prefix}-`)),
    name,
  );
}

/** The stored value of a Docusaurus localStorage item (see `storageKey`), or null. */
export async function storedItem(page: Page, name: string): Promise<string | null> {
  const key = await storageKey(page, name);
  return key === undefined ? null : page.evaluate((found) => localStorage.getItem(found), key);
}

/** The navbar's colour-mode switch (the mobile sidebar holds a hidden second one). */
export function colorModeToggle(page: Page) {
  return page.getByRole('button', {name: /Switch between dark and light mode/}).filter({visible: true});
}

/**
 * Switches to dark mode with the navbar's switch, as a reader does (the page is not loaded again), and
 * waits for the colours' CSS transitions to end: mid-way, text and background are neither mode's.
 */
export async function switchToDarkMode(page: Page): Promise<void> {
  await colorModeToggle(page).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState === 'finished'),
  );
}

/**
 * Text under 12px, which Lighthouse's "legible font sizes" flags as hard to read on a phone. Every
 * text node counts, also those in closed <details> and hidden tabs, which open later.
 */
export function textUnder12px(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || element.closest('script, style, noscript')) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < 12)
        found.push(
          `${size}px: "${text.slice(0, 30)}" in <${element.tagName.toLowerCase()} class="${element.className}">`,
        );
    }
    return found;
  });
}

/**
 * From /docs/intro, as a reader searches: Ctrl+K focuses the navbar's box, the query is typed, the
 * first hit is `firstHit` (the index loads on the first query: slow on a busy 2-core machine), and
 * Enter opens it.
 */
export async function openFirstHitFromSearchBox(page: Page, query: string, firstHit: string): Promise<void> {
  await gotoHydrated(page, '/docs/intro');
  await page.keyboard.press('Control+k');
  const box = page.getByRole('combobox', {name: 'Search'}).or(page.getByRole('textbox', {name: 'Search'}));
  await expect(box).toBeFocused();
  await box.fill(query);
  await expect(page.getByRole('option').first()).toContainText(firstHit, {timeout: 30_000});
  await page.keyboard.press('Enter');
}

/** Console errors and warnings, and uncaught page errors, collected from now on. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/**
 * Starts recording the page's `securitypolicyviolation` events; the result reads them for the
 * current document (a navigation starts a new list). Call it before the first navigation.
 */
export async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, {cspViolations: seen});
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      ),
    );
  });
  return () => page.evaluate(() => (window as unknown as {cspViolations?: string[]}).cspViolations ?? ['no recorder']);
}
