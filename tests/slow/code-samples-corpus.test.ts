/**
 * lib/samples/write.ts on the large real descriptions of the corpus (OpenAI's, Mistral's and
 * Stripe's, more than a thousand operations; a few seconds, so in `npm run test:slow`): every
 * operation gets its four samples, with a host, the key and a body where one is required.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {corpusFiles} from '../support/corpus';
import {checkedSamples} from '../support/corpus-samples';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-samples-'));
after(() => rmSync(dir, {recursive: true, force: true}));

for (const {name, file} of corpusFiles(dir).filter((entry) => entry.large))
  test(`${name}: every operation has its four samples, with a host, the key and a body where one is required`, async () => {
    await checkedSamples(file);
  });
