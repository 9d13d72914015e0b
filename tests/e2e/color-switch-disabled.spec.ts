/**
 * SPEC.md §4: if the colour-mode switch is disabled, the stored choice is deleted. The real site has
 * the switch enabled, so this builds a one-page fixture site with the same settings but the switch
 * disabled (tests/fixtures/color-switch-disabled-site), serves it, and checks the rule in the browser.
 */
import {execFile} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';

import {expect, test} from '@playwright/test';

import {repoRoot} from '../../lib/openapi';
import {serveSite} from '../../hosting/server';
import {colorModeToggle, gotoHydrated, storageKey, waitForHydration} from '../support/page';

const fixtureDir = path.join(repoRoot, 'tests/fixtures/color-switch-disabled-site');
const docusaurusCli = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'bin/docusaurus.mjs');

test.describe('a disabled colour-mode switch', () => {
  let outDir = '';
  let site: Awaited<ReturnType<typeof serveSite>> | undefined;
  let themeKey = '';

  test.beforeAll(async () => {
    // A small build, but a build: about 20 s on a busy 2-core machine.
    test.setTimeout(240_000);
    outDir = mkdtempSync(path.join(tmpdir(), 'color-switch-disabled-'));
    await promisify(execFile)(process.execPath, [docusaurusCli, 'build', fixtureDir, '--out-dir', outDir], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    });
    const storage = JSON.parse(readFileSync(path.join(fixtureDir, '.docusaurus/site-storage.json'), 'utf8')) as {
      namespace: string;
    };
    themeKey = `theme${storage.namespace}`;
    // Served as the site itself is (hosting/server.ts): under the policy its own pages call for.
    site = await serveSite(outDir);
  });

  test.afterAll(async () => {
    await new Promise((resolve) => (site ? site.server.close(resolve) : resolve(undefined)));
    if (outDir) rmSync(outDir, {recursive: true, force: true});
  });

  test('deletes the stored colour choice and applies the default mode', async ({page}) => {
    // The fixture stores the choice under the real site's key.
    await gotoHydrated(page, '/docs/intro');
    await colorModeToggle(page).click();
    expect(await storageKey(page, 'theme')).toBe(themeKey);

    // A reader who chose dark mode before the switch was disabled.
    await page.goto(`${site!.url}/`);
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), themeKey);
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('h1')).toHaveText('Colour switch disabled');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByRole('button', {name: /Switch between dark and light mode/})).toHaveCount(0);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), themeKey)).toBeNull();
  });
});
