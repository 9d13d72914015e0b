/**
 * The smoke of the site built with every speed trick off (`npm run test:speed-off`): the way out when
 * an upgrade breaks a trick's pins is to switch the tricks off (SPEED_OFF=all, speed/switches.ts), so
 * that build must work. The full browser suite runs on the usual, all-on build (playwright.config.ts).
 */
import {defineConfig} from '@playwright/test';

import base from '../../playwright.config';
import {speedOffBuildDir} from '../support/speed-off';

process.env.E2E_BUILD_DIR = speedOffBuildDir;

export default defineConfig({
  ...base,
  testDir: '.',
  // The base config's paths are relative to the repository's root; this file is two folders down.
  globalSetup: '../support/e2e-global-setup.ts',
  outputDir: '../../test-results/speed-off',
});
