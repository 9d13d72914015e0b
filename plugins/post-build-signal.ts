/**
 * Tells scripts/build.ts that the post-build steps have begun, by writing the file it names in
 * `postBuildSignalEnv`: it then compresses the bundles in the core those steps leave idle (Pagefind's
 * last seconds run on one), not beside the rendering, which it would slow. Nothing without the setting.
 */
import {writeFileSync} from 'node:fs';

import type {Plugin} from '@docusaurus/types';

/** The variable that names the file to write. */
export const postBuildSignalEnv = 'ORCHARD_POST_BUILD_SIGNAL';

export default function postBuildSignalPlugin(): Plugin {
  return {
    name: 'post-build-signal',
    postBuild() {
      const file = process.env[postBuildSignalEnv];
      if (file) writeFileSync(file, '');
    },
  };
}
