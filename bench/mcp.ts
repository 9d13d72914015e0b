/**
 * `npm run bench:mcp`: the docs MCP server as deployed (`npm run mcp -- --http`, a process of its own on
 * a free loopback port, over build/: run `npm run build` first) under 50 connections for 10 s each
 * (autocannon): requests per second and latency of search_docs (a reader's query, and the costliest
 * hostile one the bounds allow) and get_page, with the per-client limits raised, since every
 * connection comes from one address; then search_docs with the default limits, where most answers are
 * 429. Prints a Markdown table, then whether the server stayed up and its peak memory.
 */
import {spawn} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

import autocannon from 'autocannon';

import {concurrentRequests, requestsPerMinute} from '../mcp/limits';

const repoRoot = path.resolve(__dirname, '..');
const connections = 50;
const durationSeconds = 10;

/** Starts the server with `args`; resolves with its /mcp URL, its pid and a stop function. */
async function startServer(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mcp/main.ts', '--http', '--port', '0', ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      const found = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the MCP server exited (${code}): ${output}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return {url, pid: child.pid!, child, stop};
}

const toolCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/call', params: {name, arguments: args}});

async function load(url: string, body: string) {
  return autocannon({
    url,
    method: 'POST',
    headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
    body,
    connections,
    duration: durationSeconds,
    // Long enough for a request that waits behind 49 others of the costliest search.
    timeout: 30,
  });
}

/** Whether the server still answers a search with hits. */
async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {'content-type': 'application/json', accept: 'application/json, text/event-stream'},
      body: toolCall('search_docs', {query: 'api key'}),
    });
    return response.status === 200 && (await response.text()).includes('Get and use an API key');
  } catch {
    return false;
  }
}

const peakMb = (pid: number) =>
  existsSync(`/proc/${pid}/status`)
    ? `${Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024)} MB`
    : 'n/a (no /proc)';

async function main(): Promise<void> {
  if (!existsSync(path.join(repoRoot, 'build/index.html'))) throw new Error('no build/: run npm run build first');
  const hostile = Array.from({length: 12}, (_, word) =>
    Array.from({length: 24}, (_, letter) => 'abcdefghijklmnopqrstuvwxyz'[(word * 7 + letter * 11) % 26]).join(''),
  ).join(' ');
  const rows: string[][] = [];
  const row = (call: string, limits: string, result: autocannon.Result) =>
    rows.push([
      call,
      limits,
      result.requests.average.toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      String(result['2xx']),
      String(result.non2xx),
      `${result.errors} / ${result.timeouts}`,
    ]);
  const notes: string[] = [];

  const raised = await startServer(['--requests-per-minute', '1000000', '--concurrent-requests', '1000']);
  try {
    for (const [call, body] of [
      ['search_docs "batch size"', toolCall('search_docs', {query: 'batch size'})],
      ['search_docs, 12 nonsense words (hostile)', toolCall('search_docs', {query: hostile})],
      ['get_page /docs/quickstart', toolCall('get_page', {url: '/docs/quickstart'})],
    ] as const) {
      row(call, 'raised', await load(raised.url, body));
      // The next run starts once the requests still queued are answered or dropped.
      const deadline = Date.now() + 120_000;
      while (!(await answers(raised.url))) {
        if (raised.child.exitCode !== null || Date.now() > deadline)
          throw new Error(`the server stopped answering after ${call}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    notes.push(
      `limits raised: up afterwards ${(await answers(raised.url)) ? 'yes' : 'NO'}, peak memory ${peakMb(raised.pid)}`,
    );
  } finally {
    await raised.stop();
  }

  const defaults = await startServer([]);
  try {
    row(
      'search_docs "batch size"',
      `default (${requestsPerMinute}/min, ${concurrentRequests} at once)`,
      await load(defaults.url, toolCall('search_docs', {query: 'batch size'})),
    );
    // Past the minute's share every answer is a 429: the server refuses at once and stays up.
    notes.push(
      `default limits: peak memory ${peakMb(defaults.pid)}, process alive ${defaults.child.exitCode === null ? 'yes' : 'NO'}`,
    );
  } finally {
    await defaults.stop();
  }

  console.log(`${connections} connections, ${durationSeconds} s each, one client address (loopback)\n`);
  console.log('| call | per-client limits | requests/s | p50 | p99 | 2xx | non-2xx | errors / timeouts |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const cells of rows) console.log(`| ${cells.join(' | ')} |`);
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
}

main().catch((error: unknown) => {
  console.error(`bench:mcp: ${(error as Error).message}`);
  process.exit(1);
});
