/**
 * lib/openapi/descriptions.ts on every description of the corpus (tests/fixtures/openapi-corpus/:
 * Stripe's 8,525, 470 with HTML; OpenAI's; Mistral's; the reproduction of docusaurus-openapi-docs
 * #802): each description that holds `<`, `>`, `{`, `}` or `&` compiles as MDX on its reference
 * page. A few seconds of MDX compiles over megabytes of descriptions, so in `npm run test:slow`.
 */
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, test} from 'node:test';

import {corpusFiles} from '../support/corpus';
import {assertDescriptionsCompile} from '../support/mdx-descriptions';

const dir = mkdtempSync(path.join(os.tmpdir(), 'orchard-corpus-mdx-'));
after(() => rmSync(dir, {recursive: true, force: true}));

for (const {name, file} of corpusFiles(dir))
  test(`${name}: every description compiles as MDX on its reference page`, async () => {
    const withHtml = await assertDescriptionsCompile(file);
    if (name.startsWith('stripe')) assert.ok(withHtml > 400, `Stripe's HTML descriptions made Markdown: ${withHtml}`);
  });
