/**
 * What the explorer keeps in the browser (src/explorer-storage.ts): credentials a reader ticks
 * "Remember for this tab" for, and the chosen server, one entry per API, read back as strings only.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';

import {
  credentialsKey,
  readCredentials,
  readServerChoice,
  sampleForServer,
  serverChoice,
  serverKey,
} from '../../src/explorer-storage';
import {maxServerChoices, serverUrlChoices} from '../../src/server-url';

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

test('a server choice keeps its URL and variables, per API, and a sample follows it', () => {
  const templated = {
    url: 'https://{region}.api.example.com/{version}/',
    variables: {region: {default: 'eu', enum: ['eu', 'us']}, version: {default: 'v2'}},
  };
  const choice = serverChoice(templated);
  assert.deepEqual(choice, {url: templated.url, variables: {region: 'eu', version: 'v2'}});
  const key = serverKey('/api/api-reference/orchard-ai-predictor/predict-with-custom-model');
  assert.equal(key, 'orchard-explorer-server:orchard-ai-predictor');
  assert.deepEqual(readServerChoice(storageWith({[key]: JSON.stringify(choice)}), key), choice);
  assert.equal(readServerChoice(storageWith({[key]: '{"variables": {}}'}), key), undefined);

  const production = {url: 'https://api.orchard.example/api'};
  const sandbox = {url: 'http://127.0.0.1:4010/api'};
  const sample = "curl 'https://api.orchard.example/api/predictor/language' -H 'x-public-key: $KEY'";
  assert.equal(
    sampleForServer(sample, production, sandbox),
    "curl 'http://127.0.0.1:4010/api/predictor/language' -H 'x-public-key: $KEY'",
  );
  assert.equal(sampleForServer(sample, production, production), sample);
  assert.equal(sampleForServer(sample, production, undefined), sample);
  // A server's variables, at the values chosen.
  const us = {...templated, variables: {region: {default: 'us'}, version: {default: 'v2'}}};
  assert.equal(
    sampleForServer('GET https://eu.api.example.com/v2/items', templated, us),
    'GET https://us.api.example.com/v2/items',
  );
});

test("a server's URLs are each combination of its variables' listed values, the others at their defaults", () => {
  assert.deepEqual(
    serverUrlChoices({
      url: 'https://{region}.api.example.com/{version}/',
      variables: {region: {default: 'eu', enum: ['eu', 'us']}, version: {default: 'v2'}},
    }),
    ['https://eu.api.example.com/v2', 'https://us.api.example.com/v2'],
  );
  assert.deepEqual(serverUrlChoices({url: 'http://127.0.0.1:4010/api'}), ['http://127.0.0.1:4010/api']);
  // A description cannot make the list unbounded.
  const many = Object.fromEntries(
    ['a', 'b', 'c'].map((name) => [name, {default: '0', enum: Array.from({length: 10}, (_, i) => String(i))}]),
  );
  assert.equal(serverUrlChoices({url: 'https://{a}{b}{c}.example.com', variables: many}).length, maxServerChoices);
});
