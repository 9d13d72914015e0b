/**
 * The corpus of real and reproducing OpenAPI descriptions (tests/fixtures/openapi-corpus/, SOURCES.md)
 * as files the site's loader reads: the compressed ones unpacked into a folder of the caller's.
 */
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
