/**
 * Docs as tests: every API call shown in a code sample of a content page, and every JSON payload shown
 * next to it, checked against the OpenAPI descriptions (lib/openapi/specs.ts). The conventions checked
 * here are the ones markdown-page/index.md teaches writers (section "Code samples"). Run by
 * `npm run check:samples` (scripts/check-samples.ts) and tests/unit/docs-samples.test.ts.
 */
import {isDeepStrictEqual} from 'node:util';

import type {ApiOperation} from '../openapi';
import {apiKeyVariable, guideSampleTabs, sampleGroupId} from '../../src/code-samples';
import {callsInBlock, type ApiCall} from './calls';
import {checkCall, checkJsonBlock, isRecord, loadContract, type LastCall} from './contract';
import {readStructure, type TabsNode} from './page';

export {callsInBlock, type ApiCall, type HeaderValue} from './calls';
export {checkCall} from './contract';
export type {CodeBlock} from './page';

export type Problem = {file: string; line: number; reason: string};

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.reason}`;
}

const bodyKey = (body: unknown) =>
  JSON.stringify(body, (_key, value: unknown) =>
    isRecord(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );
// Python's requests sets these from json=; the other languages spell them out.
const impliedHeaders = new Set(['content-type', 'accept']);
const headerNames = (call: ApiCall) => [...call.headers.keys()].filter((name) => !impliedHeaders.has(name)).sort();

/** Every problem of one page's call samples and payloads, each with the line it is on. */
export function checkSamples(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const report = (line: number, reason: string) => problems.push({file, line, reason});
  const {blocks, tabs, imports} = readStructure(text);

  if (tabs.length > 0) {
    for (const [name, from] of [
      ['Tabs', '@theme/Tabs'],
      ['TabItem', '@theme/TabItem'],
    ] as const) {
      if (!imports.some((source) => new RegExp(`import\\s+${name}\\s+from\\s+['"]${from}['"]`).test(source)))
        report(tabs[0]!.line, `uses <${name}> without import ${name} from '${from}'`);
    }
  }

  // Each sample group: three tabs in the fixed order, one call each, all three the same call.
  const groupCalls = new Map<TabsNode, LastCall>();
  for (const group of tabs) {
    if (group.groupId !== sampleGroupId) continue;
    const shape = group.items.map((item) => `${item.value}/${item.label}`).join(', ');
    const expected = guideSampleTabs.map((tab) => `${tab.value}/${tab.label}`).join(', ');
    if (shape !== expected)
      report(
        group.line,
        `a sample group needs TabItems ${expected} (value/label) in that order; found ${shape || 'none'}`,
      );
    const calls: ApiCall[] = [];
    guideSampleTabs.forEach((tab, index) => {
      const item = group.items[index];
      if (!item || item.value !== tab.value) return;
      const codeBlocks = item.blocks;
      if (codeBlocks.length !== 1 || codeBlocks[0]!.lang !== tab.fence) {
        report(item.line, `the ${tab.label} tab needs exactly one \`\`\`${tab.fence} code block`);
        return;
      }
      const block = codeBlocks[0]!;
      const {calls: found, error} = callsInBlock(block);
      if (error) report(block.line, error);
      else if (found.length !== 1)
        report(block.line, `the ${tab.label} sample needs exactly one API call; found ${found.length}`);
      else calls.push(found[0]!);
    });
    const [reference, ...others] = calls;
    if (!reference) continue;
    const {operation, problems: callProblems} = checkCall(reference);
    for (const reason of callProblems) report(reference.line, reason);
    for (const other of others) {
      // The other languages must send the same call; their own reading problems are reported too.
      for (const reason of other.errors) report(other.line, reason);
      const differences = [
        other.method !== reference.method && `method ${other.method}`,
        other.url !== reference.url && `URL ${other.url}`,
        !isDeepStrictEqual(headerNames(other), headerNames(reference)) && `headers ${headerNames(other).join(', ')}`,
        other.errors.length === 0 && bodyKey(other.body) !== bodyKey(reference.body) && 'body',
      ].filter(Boolean);
      if (differences.length > 0)
        report(
          other.line,
          `the ${other.language} sample differs from the curl sample in its ${differences.join(', ')}`,
        );
      if (other.errors.length === 0 && reference.errors.length === 0) {
        for (const [name, value] of other.headers) {
          if (!loadContract().keyHeaders.has(name)) continue;
          if (value.kind !== 'env')
            report(other.line, `inline key in header ${name}: read it from the ${apiKeyVariable} environment variable`);
          else if (value.name !== apiKeyVariable)
            report(other.line, `header ${name} reads ${value.name}; samples read the key from ${apiKeyVariable}`);
        }
        if (other.hasBody && other.language === 'javascript') {
          const contentType = other.headers.get('content-type');
          if (contentType?.kind !== 'literal' || !contentType.value.startsWith('application/json'))
            report(other.line, 'the sample sends a JSON body without the header Content-Type: application/json');
        }
      }
    }
    groupCalls.set(group, {call: reference, operation});
  }

  // Every call outside a sample group, and every JSON payload, in page order.
  let last: LastCall | undefined;
  for (const block of blocks) {
    if (block.tabs?.groupId === sampleGroupId) {
      // Checked with its group above; a group that could not be read leaves no call to check against.
      last = groupCalls.get(block.tabs);
      continue;
    }
    if (block.lang === 'json') {
      for (const reason of checkJsonBlock(block, last)) report(block.line, reason);
      continue;
    }
    const {calls, error} = callsInBlock(block);
    if (error) report(block.line, error);
    for (const call of calls)
      report(
        call.line,
        `an API call outside a <Tabs groupId="${sampleGroupId}"> group: show it in curl, Python and JavaScript tabs`,
      );
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** The operations a page's sample groups call (for coverage: every documented call is shown somewhere). */
export function calledOperations(text: string): ApiOperation[] {
  return readStructure(text).tabs.flatMap((group) => {
    if (group.groupId !== sampleGroupId) return [];
    const block = group.items[0]?.blocks[0];
    const call = block ? callsInBlock(block).calls[0] : undefined;
    const operation = call ? checkCall(call).operation : undefined;
    return operation ? [operation] : [];
  });
}

/** The curl call of each sample group of a page, with the operation it calls (to run it against the sandbox). */
export function curlSampleCalls(text: string): {call: ApiCall; operation: ApiOperation}[] {
  return readStructure(text).tabs.flatMap((group) => {
    if (group.groupId !== sampleGroupId) return [];
    const block = group.items[0]?.blocks[0];
    const call = block ? callsInBlock(block).calls[0] : undefined;
    const operation = call ? checkCall(call).operation : undefined;
    return call && operation && call.language === 'curl' ? [{call, operation}] : [];
  });
}
