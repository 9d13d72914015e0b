/**
 * One behaviour test per wrapped theme component in src/theme/ (STYLE.md). The error page wrapper is
 * tested with the crash it belongs to (page-failures.spec.ts), the announcement bar and skip link
 * wrappers with their SPEC.md behaviour (layout.spec.ts), the layout wrapper with the Markdown twins
 * it links (markdown-twins.spec.ts), the breadcrumbs wrapper with the page actions it renders
 * (page-actions.spec.ts), the docs version root wrapper with the lean version props it grafts
 * (route-shards.spec.ts), the sidebar category wrapper with the long categories it bounds (the scale
 * smoke, tests/scale/smoke.test.ts), the docs footer and category index wrappers with the feedback form
 * they add (page-feedback.spec.ts).
 */
import {expect, test} from '@playwright/test';

import {provider} from '../../src/provider';
import {colorModeToggle, gotoHydrated} from '../support/page';

test('Navbar: each client-side page change is announced to screen readers', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  const announcer = page.locator('nav[aria-label="Main"] + [role="status"]');
  // Nothing on the first page of a visit: the browser announces a page load itself.
  await expect(announcer).toHaveText('');
  await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Models', exact: true}).click();
  await expect(announcer).toHaveText('Navigated to Models');
  // Into another docs instance, whose pages render their own layout and navbar.
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'FAQs', exact: true}).click();
  await expect(page).toHaveURL('/faqs/faqs');
  const faqTitle = await page.locator('h1').first().textContent();
  await expect(page.locator('nav[aria-label="Main"] + [role="status"]')).toHaveText(`Navigated to ${faqTitle}`);
});

test('Footer: the footer links sit in a navigation landmark named "Footer"', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  const footerNav = page.getByRole('contentinfo').getByRole('navigation', {name: 'Footer'});
  const links = [
    {name: 'API reference', href: '/api/category/api-reference'},
    {name: 'Troubleshooting', href: '/docs/troubleshooting'},
    {name: 'Developer portal', href: provider.portalUrl},
    {name: provider.name, href: provider.websiteUrl},
  ];
  for (const {name, href} of links) {
    // External links also say that they open in a new tab.
    await expect(footerNav.getByRole('link', {name: new RegExp(`^${name}(\\(opens in new tab\\))?$`)})).toHaveAttribute(
      'href',
      href,
    );
  }
  await expect(page.getByRole('contentinfo')).toContainText(provider.copyright);
});

test('ColorModeToggle: names the current mode in each state and confirms a switch', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  const toggle = colorModeToggle(page);
  const confirmation = page.getByRole('status').filter({hasText: /mode on$/});
  await expect(toggle).toHaveAccessibleName('Switch between dark and light mode (currently light mode)');
  await expect(confirmation).toHaveCount(0);
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Switch between dark and light mode (currently dark mode)');
  // Only the toggle the reader used speaks (the mobile sidebar holds a second one).
  await expect(confirmation).toHaveText(['Dark mode on']);
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Switch between dark and light mode (currently light mode)');
  await expect(confirmation).toHaveText(['Light mode on']);
});
