/**
 * What every code sample of any description must be, whatever the description leaves out: one per
 * language, calling a URL with a host, reading the key from the environment, with a first comment
 * line naming each placeholder left in it, and a body wherever the operation requires one.
 */
import assert from 'node:assert/strict';

import {loadDescription, operationsOf, type ApiOperation, type Document} from '../../lib/openapi';
import {codeSamples} from '../../lib/samples/write';
import {sampleLanguages, type CodeSample} from '../../src/code-samples';

/** The operations of one description file, as the build reads them. */
export function operationsOfFile(file: string): {doc: Document; operations: ApiOperation[]} {
  const doc = loadDescription(file);
  const spec = {id: 'corpus', file, title: 'Corpus', referenceId: 'corpus'} as unknown as ApiOperation['spec'];
  return {doc, operations: operationsOf(spec, doc)};
}

/** Makes the samples of every operation of `file` and checks each; returns them by operationId. */
export async function checkedSamples(file: string): Promise<Map<string, CodeSample[]>> {
  const {doc, operations} = operationsOfFile(file);
  const byId = new Map<string, CodeSample[]>();
  for (const operation of operations) {
    const where = `${file}: ${operation.method.toUpperCase()} ${operation.path}`;
    const samples = await codeSamples(operation, doc);
    assert.deepEqual(
      samples.map((sample) => sample.lang),
      sampleLanguages.map((language) => language.lang),
      where,
    );
    for (const {lang, source} of samples) {
      // A host, or the placeholder the description writes for one: a server variable without a default
      // (DigitalOcean's `https://{your-agent-url}`, named below), or its `https://<upload_url>` (a presigned URL).
      assert.match(source, /https?:\/\/([\w.-]+|\{[^}/]+\}|<[^>/]+>)/, `${where} (${lang}): a URL with a host`);
      assert.doesNotMatch(source, /\{\{/, `${where} (${lang}): no template token left`);
      const placeholders = source.match(/\/\{[^}/]+\}/g)?.map((found) => found.slice(1)) ?? [];
      for (const placeholder of placeholders)
        assert.ok(
          source.split('\n')[0]!.includes(`Replace`) && source.split('\n')[0]!.includes(placeholder),
          `${where} (${lang}): ${placeholder} named in the first line`,
        );
    }
    if (operation.requestBody?.required) {
      const curl = samples.find((sample) => sample.lang === 'Shell')!.source;
      assert.match(curl, /\n-(d|F) |--data/, `${where}: the required body is sent`);
    }
    byId.set(operation.operation.operationId, samples);
  }
  return byId;
}
