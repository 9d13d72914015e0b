/**
 * `npm run bench:sandbox`: requests per second and latency of the local sandbox for one predictor
 * call at 50 connections (autocannon, 10 s, loopback only). Prints a Markdown table.
 */
import type {AddressInfo} from 'node:net';

import autocannon from 'autocannon';

import {createSandbox} from '../sandbox/app';
import {createSandboxServer} from '../sandbox/server';

async function main(): Promise<void> {
  const server = createSandboxServer(await createSandbox());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/predictor/language/pre-trained/sentiment-classification`,
    method: 'POST',
    headers: {'content-type': 'application/json', 'x-public-key': 'bench-key'},
    body: JSON.stringify({query: 'The delivery was fast and the support team was very helpful.'}),
    connections: 50,
    duration: 10,
  });
  server.close();
  const rows = [
    ['call', 'POST /api/predictor/language/pre-trained/sentiment-classification'],
    ['connections', '50'],
    ['requests per second (mean)', result.requests.average.toFixed(0)],
    ['latency p50', `${result.latency.p50} ms`],
    ['latency p99', `${result.latency.p99} ms`],
    ['non-2xx answers', String(result.non2xx)],
    ['errors / timeouts', `${result.errors} / ${result.timeouts}`],
  ];
  console.log('| measure | value |\n| --- | --- |');
  for (const [measure, value] of rows) console.log(`| ${measure} | ${value} |`);
}

void main();
