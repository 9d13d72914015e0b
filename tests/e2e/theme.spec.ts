import {expect, test, type Page} from '@playwright/test';

import {darkCodeTheme, lightCodeTheme} from '../../src/prism-themes';
import {provider} from '../../src/provider';
import {colorModeToggle, gotoHydrated, storedItem, waitForHydration} from '../support/page';

/** The stored colour-mode choice (key `theme`, namespaced per site). */
function storedTheme(page: Page): Promise<string | null> {
  return storedItem(page, 'theme');
}

test.describe('colour mode (SPEC.md §1, §4)', () => {
  test.use({colorScheme: 'dark'});

  test('is light by default even when the OS prefers dark', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await storedTheme(page)).toBeNull();
  });

  test('the switch turns dark mode on, stores it and survives a reload', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const toggle = colorModeToggle(page);
    await expect(toggle).toHaveAccessibleName(/currently light mode/);
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await storedTheme(page)).toBe('dark');
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // And back to light, which is stored too.
    await colorModeToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await storedTheme(page)).toBe('light');
  });
});

test('page titles use a vertical bar as delimiter', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  await expect(page).toHaveTitle(`Introduction | ${provider.name}`);
  await gotoHydrated(page, '/tutorials/api-key');
  await expect(page).toHaveTitle(/^.+ \| Orchard AI$/);
});

test('the primary colour is blue-violet, with a lighter shade in dark mode', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  const primary = () =>
    page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ifm-color-primary').trim());
  expect(await primary()).toBe(provider.primaryColor);
  // A link in the content is painted in that colour: rgb(138, 43, 226) is #8a2be2.
  await expect(page.locator('.theme-doc-markdown p a').first()).toHaveCSS('color', 'rgb(138, 43, 226)');
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  expect(await primary()).not.toBe(provider.primaryColor);
});

test('doc sidebars cannot be hidden (SPEC.md §1)', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  await expect(page.locator('aside.theme-doc-sidebar-container')).toBeVisible();
  await expect(page.getByRole('button', {name: 'Collapse sidebar', exact: true})).toHaveCount(0);
});

// The server renders code in the light theme's colours; in dark mode the blocks must take the dark
// theme's once the page is live (speed/shims/browser-context-transition.tsx delays that update).
test('code blocks use the light code theme, and the dark one in dark mode', async ({page}) => {
  /** `#rrggbb` of a CSS colour, `rgb(r, g, b)` or `#RRGGBB`. */
  const hex = (color: string) =>
    color.startsWith('#')
      ? color.toLowerCase()
      : `#${(color.match(/\d+/g) ?? [])
          .slice(0, 3)
          .map((channel) => Number(channel).toString(16).padStart(2, '0'))
          .join('')}`;
  const codeBackground = async () =>
    hex(
      await page
        .locator('.theme-code-block pre')
        .first()
        .evaluate((pre) => getComputedStyle(pre).backgroundColor),
    );
  await gotoHydrated(page, '/docs/quickstart');
  expect(await codeBackground()).toBe(hex(lightCodeTheme.plain.backgroundColor ?? ''));
  const lineColor = async () =>
    hex(
      await page
        .locator('.theme-code-block .token-line')
        .first()
        .evaluate((line) => getComputedStyle(line).color),
    );
  expect(await lineColor()).toBe(hex(lightCodeTheme.plain.color ?? ''));
  // Switched while the page is live: the lines follow (src/theme/CodeBlock/Line re-renders them only when their props change).
  await colorModeToggle(page).click();
  await expect.poll(codeBackground).toBe(hex(darkCodeTheme.plain.backgroundColor ?? ''));
  await expect.poll(lineColor).toBe(hex(darkCodeTheme.plain.color ?? ''));
  // Loaded in dark mode: the server's light colours are replaced once the page is live.
  await gotoHydrated(page, '/docs/quickstart?docusaurus-theme=dark');
  await expect.poll(codeBackground).toBe(hex(darkCodeTheme.plain.backgroundColor ?? ''));
  await expect.poll(lineColor).toBe(hex(darkCodeTheme.plain.color ?? ''));
});
