/**
 * The last step of `npm run build`, after Docusaurus and every plugin's postBuild have written the
 * pages (so it reads their final HTML): finds the inline scripts and twins of the build, writes each
 * host's files, then precompresses every text file, those files included (unless told not to: a build
 * that is not for hosting, such as a test's copy of the site).
 */
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {caddyfile, headersFile, nginxConf, redirectsFile} from './configs';
import {precompress, type PrecompressStats} from './precompress';
import {defaultFactsCache, readSiteFacts} from './site';

/** Where the self-hosting configurations are written (git-ignored build output, like build/). */
export const deployDir = path.resolve(__dirname, '../deploy');

/** Cloudflare Pages ignores a `_headers` line longer than this. */
const maxHeaderLine = 2000;

export async function prepareForHosting(
  buildDir: string,
  outDir = deployDir,
  {precompressed = true, compressionCache}: {precompressed?: boolean; compressionCache?: string} = {},
): Promise<{scripts: number; compressed?: PrecompressStats}> {
  const facts = await readSiteFacts(buildDir, defaultFactsCache);
  const headers = headersFile(facts);
  const longest = Math.max(...headers.split('\n').map((line) => line.length));
  if (longest > maxHeaderLine)
    throw new Error(
      `${path.join(buildDir, '_headers')}: a header line is ${longest} characters (Cloudflare Pages ignores lines over ${maxHeaderLine}): the pages carry ${facts.scriptHashes.length} different inline scripts; move page-specific ones into files`,
    );
  await mkdir(outDir, {recursive: true});
  await Promise.all([
    writeFile(path.join(buildDir, '_headers'), headers),
    writeFile(path.join(buildDir, '_redirects'), redirectsFile()),
    writeFile(path.join(outDir, 'Caddyfile'), caddyfile(facts)),
    writeFile(path.join(outDir, 'nginx.conf'), nginxConf(facts)),
  ]);
  return {
    scripts: facts.scriptHashes.length,
    compressed: precompressed ? await precompress(buildDir, compressionCache) : undefined,
  };
}
