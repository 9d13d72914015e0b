/**
 * The corpus of real and reproducing OpenAPI descriptions (tests/fixtures/openapi-corpus/, SOURCES.md)
 * as files the site's loader reads: the compressed ones unpacked into a folder of the caller's.
 */
import {execFileSync} from 'node:child_process';
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';

export const corpusDir = path.resolve(__dirname, '../fixtures/openapi-corpus');

/** Descriptions of a megabyte or more once unpacked (OpenAI's, Mistral's, Stripe's): tests/slow reads those. */
const largeBytes = 1024 ** 2;

export type CorpusFile = {name: string; file: string; large: boolean};

/** Every description of the corpus, unpacked into `dir` where compressed. */
export function corpusFiles(dir: string): CorpusFile[] {
  mkdirSync(dir, {recursive: true});
  return readdirSync(corpusDir)
    .filter((name) => /\.(ya?ml|json)(\.gz)?$/.test(name))
    .sort()
    .map((name) => {
      const source = path.join(corpusDir, name);
      if (!name.endsWith('.gz')) return {name, file: source, large: statSync(source).size >= largeBytes};
      const unpacked = gunzipSync(readFileSync(source));
      const file = path.join(dir, name.slice(0, -'.gz'.length));
      writeFileSync(file, unpacked);
      return {name, file, large: unpacked.length >= largeBytes};
    });
}

export const multifileDir = path.resolve(__dirname, '../fixtures/openapi-multifile');

export type MultifileDescription = CorpusFile & {folder: string};

/**
 * Gives the `tag` field of petstore-separate's `spec/Pet.yaml` (a leaf its root reaches) a description,
 * as a maintainer edits one file of a description split over many.
 */
export function describeLeafTag(petFile: string, sentence: string): void {
  writeFileSync(
    petFile,
    readFileSync(petFile, 'utf8').replace(
      '  tag:\n    type: string\n',
      `  tag:\n    type: string\n    description: ${sentence}\n`,
    ),
  );
}

/**
 * The descriptions split over many files (tests/fixtures/openapi-multifile/, SOURCES.md), each a root
 * in its folder: the OpenAPI Initiative's petstore-separate in YAML and in JSON, and, given a folder
 * `dir` to unpack its tarball into, DigitalOcean's (2,850 files).
 */
export function multifileDescriptions(dir?: string): MultifileDescription[] {
  const separate = path.join(multifileDir, 'oai-petstore-separate');
  const found: MultifileDescription[] = [
    {
      name: 'oai-petstore-separate-yaml',
      file: path.join(separate, 'yaml/spec/swagger.yaml'),
      folder: path.join(separate, 'yaml'),
      large: false,
    },
    {
      name: 'oai-petstore-separate-json',
      file: path.join(separate, 'json/spec/swagger.json'),
      folder: path.join(separate, 'json'),
      large: false,
    },
  ];
  if (dir === undefined) return found;
  mkdirSync(dir, {recursive: true});
  execFileSync('tar', ['-xzf', path.join(multifileDir, 'digitalocean-specification.tar.gz'), '-C', dir]);
  const folder = path.join(dir, 'specification');
  return [
    ...found,
    {name: 'digitalocean', file: path.join(folder, 'DigitalOcean-public.v2.yaml'), folder, large: true},
  ];
}
