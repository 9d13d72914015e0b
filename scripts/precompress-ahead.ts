/**
 * Compresses a build's hashed assets into the precompression cache during the post-build steps
 * (hosting/precompress.ts, compressAhead): scripts/build.ts starts it at the lowest priority when they
 * begin (plugins/post-build-signal.ts), so it takes only the core they leave idle, and stops it (SIGTERM: the file being compressed is finished, no other started) before the hosting
 * step, which then finds those copies made. It changes nothing the build serves: a failure here is said
 * and the hosting step compresses what is left.
 *
 * Usage: node --import tsx scripts/precompress-ahead.ts <buildDir> <generatedFilesDir>
 */
import {compressAhead} from '../hosting/precompress';
import {assetsOfOnePage} from '../hosting/page-assets';

const [buildDir, generatedFilesDir] = process.argv.slice(2);
let stopped = false;
process.on('SIGTERM', () => {
  stopped = true;
});

if (!buildDir || !generatedFilesDir) {
  console.error('Usage: node --import tsx scripts/precompress-ahead.ts <buildDir> <generatedFilesDir>');
  process.exitCode = 2;
} else
  compressAhead(buildDir, undefined, assetsOfOnePage(generatedFilesDir), () => stopped).then(
    (files) => console.log(`[hosting] ${files} assets compressed ahead, during the post-build steps`),
    (error: unknown) =>
      console.warn(`[hosting] compression ahead stopped: ${(error as Error).message}; the hosting step does the rest`),
  );
