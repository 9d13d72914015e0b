/**
 * What the explorer keeps when a reader ticks "Remember for this tab" (src/explorer-credentials.ts):
 * one sessionStorage entry per API, read back as strings only, whatever else the entry holds.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {credentialsKey, readCredentials} from '../../src/explorer-credentials';

/** A Storage holding `items`, as the browser's sessionStorage would. */
function storageWith(items: Record<string, string>): Storage {
  return {
    getItem: (key: string) => items[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
    key: () => null,
    length: Object.keys(items).length,
  };
}

test("an operation page's key is its API's folder: every page of one API shares it, another API's does not", () => {
  const predictor = credentialsKey('/api/api-reference/orchard-ai-predictor/predict-with-pre-trained-model');
  assert.equal(predictor, credentialsKey('/api/api-reference/orchard-ai-predictor/predict-with-custom-model/'));
  assert.notEqual(predictor, credentialsKey('/api/api-reference/orchard-ai-trainer/list-models'));
  assert.equal(predictor, 'orchard-explorer-credentials:orchard-ai-predictor');
});

test('stored credentials are read back as strings only; anything unreadable is none', () => {
  const key = 'orchard-explorer-credentials:orchard-ai-predictor';
  const stored = JSON.stringify({PublicKey: {apiKey: 'k-1', extra: 3}, Basic: 'not an object'});
  assert.deepEqual(readCredentials(storageWith({[key]: stored}), key), {PublicKey: {apiKey: 'k-1'}});
  assert.equal(readCredentials(storageWith({[key]: '{broken'}), key), undefined);
  assert.equal(readCredentials(storageWith({}), key), undefined);
  assert.equal(readCredentials(undefined, key), undefined);
});
