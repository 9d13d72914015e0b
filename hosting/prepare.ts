/**
 * The last step of `npm run build`, after Docusaurus and every plugin's postBuild have written the
 * pages (so it reads their final HTML): finds the inline scripts and twins of the build and writes each
 * host's files, while it precompresses every text file (unless told not to: a build that is not for
 * hosting, such as a test's copy of the site).
 */
import {mkdir, readdir, stat, writeFile} from 'node:fs/promises';
import path from 'node:path';

import {caddyfile, headersFile, nginxConf, redirectsFile} from './configs';
import {assetsOfOnePage} from './page-assets';
import {precompress, type PrecompressStats} from './precompress';
import {
  cloudflarePagesLimits,
  connectSources,
  contentSecurityPolicy,
  hostOnlyFiles,
  maxPolicyLength,
  type WidenedOrigins,
} from './rules';
import {runInWorker} from '../lib/in-worker';
import {defaultFactsCache, type siteFactsOrProblem} from './site';

/** Where the self-hosting configurations are written (git-ignored build output, like build/). */
export const deployDir = path.resolve(__dirname, '../deploy');

export async function prepareForHosting(
  buildDir: string,
  outDir = deployDir,
  {
    precompressed = true,
    compressionCache,
    generatedFilesDir,
  }: {
    precompressed?: boolean;
    compressionCache?: string;
    /** Docusaurus' generated files of this build (`.docusaurus`), which tell the assets one page loads. */
    generatedFilesDir?: string;
  } = {},
): Promise<{scripts: number; widened: WidenedOrigins[]; compressed?: PrecompressStats; pastLimits: string[]}> {
  // Compression needs no fact (the host files written below have no compressible extension), so it
  // runs on libuv's threads while a worker thread reads the pages: this thread is left to hand files to
  // compression (reading the pages here kept it waiting: bench/README.md, "Tricks without a switch").
  const compressing = precompressed
    ? precompress(buildDir, compressionCache, generatedFilesDir ? assetsOfOnePage(generatedFilesDir) : undefined)
    : Promise.resolve(undefined);
  // Compression ended, either way: a failing build waits for it (no half-written cache, no work left
  // running), and its own failure, awaited below, is handled now so Node does not stop on it mid-read.
  const compressionEnded = compressing.catch(() => undefined);
  const read = await runInWorker<
    Parameters<typeof siteFactsOrProblem>[0],
    Awaited<ReturnType<typeof siteFactsOrProblem>>
  >(path.join(__dirname, 'site.ts'), 'siteFactsOrProblem', {dir: buildDir, cacheFile: defaultFactsCache}).catch(
    // The worker itself failing (a bug, not a page): its message, with its stack, fails the build the same way.
    (error: unknown) => ({problem: (error as Error).message}),
  );
  if ('problem' in read) {
    await compressionEnded;
    throw new Error(read.problem);
  }
  const {facts} = read;
  const {sources, widened} = connectSources(facts);
  const policy = contentSecurityPolicy(facts.scriptHashes, sources);
  if (policy.length > maxPolicyLength) {
    await compressionEnded;
    // Say which part is too long: the inline scripts' hashes, or servers no wildcard could join.
    const scriptsPart = contentSecurityPolicy(facts.scriptHashes, []).length;
    throw new Error(
      `${path.join(buildDir, '_headers')}: the Content-Security-Policy would be ${policy.length} characters, over the ${maxPolicyLength} a host takes ` +
        `(Cloudflare Pages ignores a header line over 2,000): ${facts.scriptHashes.length} inline scripts' hashes and the rest of the policy take ${scriptsPart}, ` +
        `connect-src's ${sources.length} API origins ${policy.length - scriptsPart}. ` +
        (scriptsPart > maxPolicyLength / 2
          ? 'Move page-specific inline scripts into files.'
          : `Give fewer servers in the descriptions' servers lists: ${sources.slice(0, 5).join(', ')}${sources.length > 5 ? ', …' : ''}.`),
    );
  }
  const headers = headersFile(facts);
  await mkdir(outDir, {recursive: true});
  await Promise.all([
    writeFile(path.join(buildDir, '_headers'), headers),
    writeFile(path.join(buildDir, '_redirects'), redirectsFile()),
    writeFile(path.join(outDir, 'Caddyfile'), caddyfile(facts)),
    writeFile(path.join(outDir, 'nginx.conf'), nginxConf(facts)),
  ]);
  const compressed = await compressing;
  return {scripts: facts.scriptHashes.length, widened, compressed, pastLimits: await pastHostLimits(buildDir)};
}

/**
 * What of `buildDir` a host with limits would refuse, each said in a sentence naming the file or the
 * count (none when it fits): a file over 25 MiB (Microsoft Graph's Postman collection is 194 MB), more
 * files than Cloudflare Pages takes (Graph's 11,424 operation pages, their twins and chunks).
 */
export async function pastHostLimits(buildDir: string, limits = cloudflarePagesLimits): Promise<string[]> {
  const said: string[] = [];
  let [files, compressedCopies] = [0, 0];
  const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  for (const entry of await readdir(buildDir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const sitePath = `/${path.relative(buildDir, file).split(path.sep).join('/')}`;
    if (hostOnlyFiles.includes(sitePath)) continue;
    files += 1;
    if (/\.(br|gz)$/.test(entry.name)) compressedCopies += 1;
    const {size} = await stat(file);
    if (size > limits.fileBytes)
      said.push(
        `${path.join(buildDir, sitePath)} is ${megabytes(size)}: Cloudflare Pages refuses a file over ${megabytes(limits.fileBytes)} ` +
          `(the Node server, Caddy and nginx serve it)`,
      );
  }
  if (files > limits.freeFiles)
    said.push(
      `${buildDir} holds ${files.toLocaleString('en-US')} files: Cloudflare Pages takes ${limits.freeFiles.toLocaleString('en-US')} on its Free plan, ` +
        `${limits.paidFiles.toLocaleString('en-US')} on a paid one` +
        (compressedCopies > 0
          ? `; it compresses on its own, so build for it with --no-precompress (${(files - compressedCopies).toLocaleString('en-US')} files)`
          : ''),
    );
  return said;
}
