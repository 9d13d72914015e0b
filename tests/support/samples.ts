/**
 * Docs as tests: every API call shown in a code sample, and every JSON payload shown next to it, is
 * checked against the four OpenAPI descriptions (tests/support/contract.ts). The conventions checked
 * here are the ones markdown-page/index.md teaches writers (section "Code samples").
 *
 * Parsing is left to libraries where one fits: remark (with remark-mdx) reads the pages, shell-quote
 * reads curl command lines, acorn reads JavaScript. Python samples are held by the conventions to
 * `requests.<method>(URL, headers={...}, json={...})` with JSON-compatible literals; such a call is
 * also valid JavaScript syntax (a keyword argument reads as an assignment), so acorn parses it too,
 * once Python comments are blanked out. Anything outside that subset is reported, not guessed.
 */
import {isDeepStrictEqual} from 'node:util';

import * as acorn from 'acorn';
import {parse as parseShell} from 'shell-quote';

import {apiBaseUrl} from '../../src/provider';
import {
  ContractValidator,
  allOperations,
  requestSchema,
  responseSchema,
  type Operation,
  type SchemaObject,
} from './contract';
import {parseContent} from './content';

/** The environment variable every sample reads the API key from. */
export const keyVariable = 'ORCHARD_API_KEY';
/** The groupId every call sample's tabs share, so a reader's language choice carries across pages. */
export const sampleGroupId = 'code-samples';
/** The tabs of a sample group, in order: TabItem value, label and the code block's language. */
export const sampleTabs = [
  {value: 'curl', label: 'curl', lang: 'bash', language: 'curl'},
  {value: 'python', label: 'Python', lang: 'python', language: 'python'},
  {value: 'nodejs', label: 'JavaScript', lang: 'javascript', language: 'javascript'},
] as const;

export type Language = (typeof sampleTabs)[number]['language'];
export type Problem = {file: string; line: number; reason: string};

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.line}: ${problem.reason}`;
}

/** A header value as a sample writes it: read from an environment variable, a literal, or other code. */
export type HeaderValue =
  {kind: 'env'; name: string} | {kind: 'literal'; value: string} | {kind: 'code'; source: string};

/** One HTTP call found in a code sample. */
export type ApiCall = {
  language: Language;
  /** Line of the content file where the call starts. */
  line: number;
  method: string;
  url: string;
  /** Header names in lower case. */
  headers: Map<string, HeaderValue>;
  hasBody: boolean;
  body?: unknown;
  /** Set when the sample does not follow the conventions well enough to be read. */
  errors: string[];
};

// ---------------------------------------------------------------------------------------------
// Reading the page: code blocks with the tab group and tab they sit in.

type MdNode = {
  type: string;
  name?: string | null;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  depth?: number;
  attributes?: {type: string; name?: string; value?: unknown}[];
  children?: MdNode[];
  position?: {start: {line: number}};
};

type TabItemNode = {value?: string; label?: string; line: number; blocks: CodeBlock[]};
type TabsNode = {groupId?: string; line: number; items: TabItemNode[]};
export type CodeBlock = {
  lang: string;
  meta: string;
  value: string;
  line: number;
  tabs?: TabsNode;
  tabItem?: TabItemNode;
};

function attribute(node: MdNode, name: string): string | undefined {
  const found = node.attributes?.find((candidate) => candidate.type === 'mdxJsxAttribute' && candidate.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

type PageStructure = {blocks: CodeBlock[]; tabs: TabsNode[]; imports: string[]};

function readStructure(text: string): PageStructure {
  const structure: PageStructure = {blocks: [], tabs: [], imports: []};
  const visit = (node: MdNode, tabs?: TabsNode, tabItem?: TabItemNode): void => {
    const line = node.position?.start.line ?? 0;
    if (node.type === 'mdxjsEsm' && node.value) structure.imports.push(node.value);
    if (node.type === 'mdxJsxFlowElement' && node.name === 'Tabs') {
      tabs = {groupId: attribute(node, 'groupId'), line, items: []};
      tabItem = undefined;
      structure.tabs.push(tabs);
    } else if (node.type === 'mdxJsxFlowElement' && node.name === 'TabItem' && tabs) {
      tabItem = {value: attribute(node, 'value'), label: attribute(node, 'label'), line, blocks: []};
      tabs.items.push(tabItem);
    } else if (node.type === 'code') {
      const block: CodeBlock = {
        lang: node.lang ?? '',
        meta: node.meta ?? '',
        value: node.value ?? '',
        line,
        tabs,
        tabItem,
      };
      structure.blocks.push(block);
      tabItem?.blocks.push(block);
    }
    for (const child of node.children ?? []) visit(child, tabs, tabItem);
  };
  visit(parseContent(text) as MdNode);
  return structure;
}

// ---------------------------------------------------------------------------------------------
// curl

const envMarker = (name: string) => `\u0000env:${name}\u0000`;
// eslint-disable-next-line no-control-regex -- NUL brackets an env marker because no sample text can contain it
const envMarkerPattern = /^\u0000env:([A-Za-z_][A-Za-z0-9_]*)\u0000$/;

function headerValue(raw: string): HeaderValue {
  const env = envMarkerPattern.exec(raw);
  if (env?.[1]) return {kind: 'env', name: env[1]};
  // eslint-disable-next-line no-control-regex -- the NUL-bracketed env markers above
  if (raw.includes('\u0000')) return {kind: 'code', source: raw.replaceAll(/\u0000env:(\w+)\u0000/g, '$$$1')};
  return {kind: 'literal', value: raw};
}

/** Splits a shell snippet into commands (newlines outside quotes end one), dropping `\` line continuations. */
function shellCommands(source: string): {text: string; line: number}[] {
  const commands: {text: string; line: number}[] = [];
  let text = '';
  let start = 0;
  let line = 0;
  let quote: '' | "'" | '"' = '';
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (text.trim() === '' && char.trim() !== '') start = line;
    if (char === '\n') line += 1;
    if (quote === "'") {
      if (char === "'") quote = '';
    } else if (quote === '"') {
      if (char === '\\') {
        text += char + (source[index + 1] ?? '');
        if (source[index + 1] === '\n') line += 1;
        index += 1;
        continue;
      }
      if (char === '"') quote = '';
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '\\' && source[index + 1] === '\n') {
      text += ' ';
      line += 1;
      index += 1;
      continue;
    } else if (char === '\n') {
      if (text.trim()) commands.push({text, line: start});
      text = '';
      continue;
    }
    text += char;
  }
  if (text.trim()) commands.push({text, line: start});
  return commands;
}

const curlFlags = new Set([
  '-s',
  '-S',
  '-sS',
  '-i',
  '-v',
  '-L',
  '-f',
  '--silent',
  '--show-error',
  '--fail',
  '--fail-with-body',
  '--location',
  '--include',
  '--compressed',
]);
const curlOptionsWithValue = new Set([
  '-o',
  '--output',
  '-w',
  '--write-out',
  '-m',
  '--max-time',
  '--retry',
  '--connect-timeout',
]);
const curlDataOptions = new Set(['-d', '--data', '--data-raw', '--data-binary', '--json']);

function curlCalls(block: CodeBlock): ApiCall[] {
  return shellCommands(block.value).flatMap(({text, line}) => {
    const tokens = parseShell(text, (name) => envMarker(name));
    if (tokens[0] !== 'curl') return [];
    const call: ApiCall = {
      language: 'curl',
      line: block.line + 1 + line,
      method: '',
      url: '',
      headers: new Map(),
      hasBody: false,
      errors: [],
    };
    let bodyText: string | undefined;
    for (let index = 1; index < tokens.length; index += 1) {
      const token = tokens[index];
      if (typeof token !== 'string') break; // a pipe, a redirection or a comment: the curl command ends there
      const next = tokens[index + 1];
      const value = typeof next === 'string' ? next : undefined;
      if (token === '-X' || token === '--request') {
        call.method = (value ?? '').toUpperCase();
        index += 1;
      } else if (token === '-H' || token === '--header') {
        const separator = (value ?? '').indexOf(':');
        if (value === undefined || separator < 1)
          call.errors.push(`curl header ${JSON.stringify(value ?? '')} is not "Name: value"`);
        else
          call.headers.set(
            value.slice(0, separator).trim().toLowerCase(),
            headerValue(value.slice(separator + 1).trim()),
          );
        index += 1;
      } else if (curlDataOptions.has(token)) {
        bodyText = value ?? '';
        if (token === '--json') call.headers.set('content-type', {kind: 'literal', value: 'application/json'});
        index += 1;
      } else if (curlOptionsWithValue.has(token)) {
        index += 1;
      } else if (curlFlags.has(token)) {
        // no effect on what is sent
      } else if (token.startsWith('-')) {
        call.errors.push(`curl option ${token} is not supported in samples`);
      } else if (!call.url) {
        call.url = token;
      } else {
        call.errors.push(`unexpected curl argument ${JSON.stringify(token)}`);
      }
    }
    if (bodyText !== undefined) {
      call.hasBody = true;
      try {
        call.body = JSON.parse(bodyText);
      } catch (error) {
        call.errors.push(`the curl body is not valid JSON (${(error as Error).message})`);
      }
    }
    call.method ||= call.hasBody ? 'POST' : 'GET';
    return [call];
  });
}

// ---------------------------------------------------------------------------------------------
// Python and JavaScript: literal values read from an acorn syntax tree

type Evaluated = {kind: 'value'; value: unknown} | {kind: 'env'; name: string} | {kind: 'error'; message: string};

function stringArgument(node: acorn.Node | undefined): string | undefined {
  if (!node) return undefined;
  const any = node as acorn.AnyNode;
  if (any.type === 'Literal' && typeof any.value === 'string') return any.value;
  if (any.type === 'TemplateLiteral' && any.expressions.length === 0) return any.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** `os.environ["X"]`, `os.environ.get("X")`, `os.getenv("X")` (Python); `process.env.X`, `process.env["X"]` (JavaScript). */
function environmentVariable(node: acorn.AnyNode, language: Language, source: string): string | undefined {
  const text = source.slice(node.start, node.end).replaceAll(/\s+/g, '');
  const patterns =
    language === 'python'
      ? [/^os\.environ\[["'](\w+)["']\]$/, /^os\.environ\.get\(["'](\w+)["']\)$/, /^os\.getenv\(["'](\w+)["']\)$/]
      : [/^process\.env\.(\w+)$/, /^process\.env\[["'](\w+)["']\]$/];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

function evaluate(node: acorn.AnyNode, language: Language, source: string): Evaluated {
  const error = (message: string): Evaluated => ({kind: 'error', message});
  switch (node.type) {
    case 'Literal':
      if (node.value === null || ['string', 'number', 'boolean'].includes(typeof node.value))
        return {kind: 'value', value: node.value};
      return error(`unsupported literal ${node.raw ?? ''}`);
    case 'TemplateLiteral':
      if (language === 'javascript' && node.expressions.length === 0)
        return {kind: 'value', value: node.quasis[0]?.value.cooked};
      return error('template strings with placeholders are not supported in samples');
    case 'Identifier': {
      const constants: Record<string, unknown> = language === 'python' ? {True: true, False: false, None: null} : {};
      if (node.name in constants) return {kind: 'value', value: constants[node.name]};
      return error(`the sample uses the variable ${node.name}: write the value inline`);
    }
    case 'UnaryExpression':
      if (node.operator === '-' && node.argument.type === 'Literal' && typeof node.argument.value === 'number')
        return {kind: 'value', value: -node.argument.value};
      return error(`unsupported expression ${source.slice(node.start, node.end)}`);
    case 'ArrayExpression': {
      const values: unknown[] = [];
      for (const element of node.elements) {
        if (!element || element.type === 'SpreadElement') return error('unsupported array element');
        const item = evaluate(element, language, source);
        if (item.kind !== 'value') return item.kind === 'env' ? error('an environment variable inside a body') : item;
        values.push(item.value);
      }
      return {kind: 'value', value: values};
    }
    case 'ObjectExpression': {
      const object: Record<string, unknown> = {};
      for (const property of node.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init')
          return error('unsupported object property');
        let key: string | undefined;
        if (property.key.type === 'Literal' && typeof property.key.value === 'string') key = property.key.value;
        else if (property.key.type === 'Identifier' && language === 'javascript') key = property.key.name;
        if (key === undefined)
          return error(`object keys must be quoted strings (${source.slice(property.key.start, property.key.end)})`);
        const value = evaluate(property.value as acorn.AnyNode, language, source);
        if (value.kind !== 'value')
          return value.kind === 'env' ? error('an environment variable inside a body') : value;
        object[key] = value.value;
      }
      return {kind: 'value', value: object};
    }
    case 'MemberExpression':
    case 'CallExpression': {
      const name = environmentVariable(node, language, source);
      if (name) return {kind: 'env', name};
      return error(`unsupported expression ${source.slice(node.start, node.end)}`);
    }
    default:
      return error(`unsupported expression ${source.slice(node.start, node.end)}`);
  }
}

function readHeaders(node: acorn.AnyNode, language: Language, source: string, call: ApiCall): void {
  if (node.type !== 'ObjectExpression') {
    call.errors.push('headers must be a literal dictionary of header names to values');
    return;
  }
  for (const property of node.properties) {
    const key = property.type === 'Property' ? property.key : undefined;
    const name =
      key?.type === 'Literal' && typeof key.value === 'string'
        ? key.value
        : key?.type === 'Identifier' && language === 'javascript'
          ? key.name
          : undefined;
    if (property.type !== 'Property' || name === undefined) {
      call.errors.push('header names must be quoted strings');
      continue;
    }
    const value = evaluate(property.value as acorn.AnyNode, language, source);
    call.headers.set(
      name.toLowerCase(),
      value.kind === 'env'
        ? {kind: 'env', name: value.name}
        : value.kind === 'value' && typeof value.value === 'string'
          ? {kind: 'literal', value: value.value}
          : {kind: 'code', source: source.slice(property.value.start, property.value.end)},
    );
  }
}

function lineAt(source: string, offset: number): number {
  let line = 0;
  for (let index = 0; index < offset; index += 1) if (source[index] === '\n') line += 1;
  return line;
}

/** Python source with comments replaced by spaces (same length, so offsets and lines still match). */
function blankPythonComments(source: string): string {
  let out = '';
  let quote = '';
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quote) {
      if (char === '\\') {
        out += char + (source[index + 1] ?? '');
        index += 1;
        continue;
      }
      if (source.startsWith(quote, index)) {
        out += quote;
        index += quote.length - 1;
        quote = '';
        continue;
      }
      out += char;
    } else if (char === '#') {
      while (index < source.length && source[index] !== '\n') {
        out += ' ';
        index += 1;
      }
      if (index < source.length) out += '\n';
    } else if (char === '"' || char === "'") {
      quote = source.startsWith(char.repeat(3), index) ? char.repeat(3) : char;
      out += quote;
      index += quote.length - 1;
    } else {
      out += char;
    }
  }
  return out;
}

function pythonCalls(block: CodeBlock): ApiCall[] {
  const source = blankPythonComments(block.value);
  const calls: ApiCall[] = [];
  for (const match of source.matchAll(/\brequests\.(get|post|put|patch|delete)\s*\(/g)) {
    const call: ApiCall = {
      language: 'python',
      line: block.line + 1 + lineAt(source, match.index),
      method: match[1]!.toUpperCase(),
      url: '',
      headers: new Map(),
      hasBody: false,
      errors: [],
    };
    calls.push(call);
    let node: acorn.AnyNode;
    try {
      node = acorn.parseExpressionAt(source, match.index, {ecmaVersion: 'latest'}) as acorn.AnyNode;
    } catch (error) {
      call.errors.push(
        `cannot read the requests call (${(error as Error).message}); samples use plain string and dictionary literals`,
      );
      continue;
    }
    if (node.type !== 'CallExpression') {
      call.errors.push('cannot read the requests call');
      continue;
    }
    node.arguments.forEach((argument, position) => {
      if (
        argument.type === 'AssignmentExpression' &&
        argument.operator === '=' &&
        argument.left.type === 'Identifier'
      ) {
        const keyword = argument.left.name;
        const value = argument.right as acorn.AnyNode;
        if (keyword === 'headers') readHeaders(value, 'python', source, call);
        else if (keyword === 'json') {
          call.hasBody = true;
          const body = evaluate(value, 'python', source);
          if (body.kind === 'value') call.body = body.value;
          else call.errors.push(body.kind === 'error' ? body.message : 'the body is an environment variable');
        } else if (keyword === 'params') {
          const params = evaluate(value, 'python', source);
          if (params.kind === 'value' && params.value && typeof params.value === 'object') {
            const query = new URLSearchParams(Object.entries(params.value).map(([name, item]) => [name, String(item)]));
            call.url += `${call.url.includes('?') ? '&' : '?'}${query.toString()}`;
          } else call.errors.push('params must be a literal dictionary');
        } else if (keyword === 'data') call.errors.push('send JSON bodies with json=, not data=');
        else if (keyword !== 'timeout') call.errors.push(`requests argument ${keyword}= is not supported in samples`);
      } else if (position === 0) {
        const url = stringArgument(argument);
        if (url === undefined) call.errors.push('the URL must be a string literal (no f-strings or variables)');
        else call.url = url + call.url;
      } else {
        call.errors.push('pass headers, json and params as keyword arguments');
      }
    });
  }
  return calls;
}

function walkNodes(node: unknown, visit: (node: acorn.AnyNode) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walkNodes(item, visit);
    return;
  }
  if (!node || typeof node !== 'object' || typeof (node as {type?: unknown}).type !== 'string') return;
  visit(node as acorn.AnyNode);
  for (const [key, value] of Object.entries(node)) if (key !== 'loc') walkNodes(value, visit);
}

function javascriptCalls(block: CodeBlock): {calls: ApiCall[]; error?: string} {
  let program: acorn.Program;
  try {
    program = acorn.parse(block.value, {
      ecmaVersion: 'latest',
      sourceType: 'module',
      allowAwaitOutsideFunction: true,
      locations: true,
    });
  } catch (error) {
    return {calls: [], error: `the JavaScript sample does not parse: ${(error as Error).message}`};
  }
  const source = block.value;
  const calls: ApiCall[] = [];
  walkNodes(program, (node) => {
    if (node.type !== 'CallExpression' || node.callee.type !== 'Identifier' || node.callee.name !== 'fetch') return;
    const call: ApiCall = {
      language: 'javascript',
      line: block.line + (node.loc?.start.line ?? 1),
      method: 'GET',
      url: '',
      headers: new Map(),
      hasBody: false,
      errors: [],
    };
    calls.push(call);
    const [urlArgument, options] = node.arguments as acorn.AnyNode[];
    const url = stringArgument(urlArgument);
    if (url === undefined) call.errors.push('the URL must be a string literal (no variables or placeholders)');
    else call.url = url;
    if (!options) return;
    if (options.type !== 'ObjectExpression') {
      call.errors.push('fetch options must be an object literal');
      return;
    }
    for (const property of options.properties) {
      if (property.type !== 'Property') continue;
      const key =
        property.key.type === 'Identifier' ? property.key.name : String((property.key as acorn.Literal).value);
      const value = property.value as acorn.AnyNode;
      if (key === 'method') {
        const method = stringArgument(value);
        if (method === undefined) call.errors.push('method must be a string literal');
        else call.method = method.toUpperCase();
      } else if (key === 'headers') readHeaders(value, 'javascript', source, call);
      else if (key === 'body') {
        call.hasBody = true;
        const isStringify =
          value.type === 'CallExpression' &&
          value.callee.type === 'MemberExpression' &&
          source.slice(value.callee.start, value.callee.end) === 'JSON.stringify' &&
          value.arguments.length === 1;
        if (!isStringify) {
          call.errors.push('send the body as JSON.stringify({...})');
          continue;
        }
        const body = evaluate(value.arguments[0] as acorn.AnyNode, 'javascript', source);
        if (body.kind === 'value') call.body = body.value;
        else call.errors.push(body.kind === 'error' ? body.message : 'the body is an environment variable');
      }
    }
  });
  return {calls};
}

/** Every call in one code block, by its language; `error` when the block cannot be read at all. */
export function callsInBlock(block: CodeBlock): {calls: ApiCall[]; error?: string} {
  if (['bash', 'sh', 'shell', 'console'].includes(block.lang)) return {calls: curlCalls(block)};
  if (['python', 'py'].includes(block.lang)) return {calls: pythonCalls(block)};
  if (['javascript', 'js', 'typescript', 'ts'].includes(block.lang)) return javascriptCalls(block);
  return {calls: []};
}

// ---------------------------------------------------------------------------------------------
// The contract side

type Route = {operation: Operation; pattern: RegExp; params: string[]};
let contract: {routes: Route[]; validators: Map<string, ContractValidator>; keyHeaders: Set<string>} | undefined;

function loadContract(): NonNullable<typeof contract> {
  if (contract) return contract;
  const operations = allOperations();
  const routes = operations.map((operation) => {
    const params: string[] = [];
    const source = operation.fullPath
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const param = /^\{(.+)\}$/.exec(part)?.[1];
        if (param) {
          params.push(param);
          return '([^/]+)';
        }
        return part.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return {operation, pattern: new RegExp(`^${source}$`), params};
  });
  const validators = new Map(
    operations.map((operation) => [operation.spec.id, new ContractValidator(operation.spec)] as const),
  );
  // Every header the descriptions read a key from, plus the usual one they do not, so a key sent there is seen too.
  const keyHeaders = new Set([...operations.flatMap((operation) => operation.keyHeaders), 'authorization']);
  contract = {routes, validators, keyHeaders};
  return contract;
}

function validatorOf(operation: Operation): ContractValidator {
  const validator = loadContract().validators.get(operation.spec.id);
  if (!validator) throw new Error(`no validator for ${operation.spec.file}`);
  return validator;
}

const describe = (operation: Operation) => `${operation.method.toUpperCase()} ${operation.fullPath}`;

/** Checks one call against the contract; returns the operation it calls, if any matched, and the problems. */
export function checkCall(call: ApiCall): {operation?: Operation; problems: string[]} {
  const problems = [...call.errors];
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    problems.push(`the URL ${JSON.stringify(call.url)} is not an absolute URL`);
    return {problems};
  }
  if (!`${url.origin}${url.pathname}`.startsWith(`${apiBaseUrl}/`)) {
    problems.push(`the URL ${call.url} does not start with ${apiBaseUrl}/`);
    return {problems};
  }
  const {routes, keyHeaders} = loadContract();
  const onPath = routes.filter((route) => route.pattern.test(url.pathname));
  const route = onPath.find((candidate) => candidate.operation.method.toUpperCase() === call.method);
  if (!route) {
    if (onPath.length === 0) problems.push(`no documented path matches ${url.pathname} (${call.method})`);
    else
      problems.push(
        `${call.method} is not documented for ${onPath[0]!.operation.fullPath} (documented: ${onPath.map((candidate) => candidate.operation.method.toUpperCase()).join(', ')})`,
      );
    return {problems};
  }
  const {operation} = route;
  const validator = validatorOf(operation);
  const where = describe(operation);

  // Path and query parameters.
  const values = route.pattern.exec(url.pathname)!.slice(1);
  route.params.forEach((name, index) => {
    const value = decodeURIComponent(values[index] ?? '');
    const schema = operation.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema;
    if (!schema) return;
    const result = validator.validate(schema, value);
    const reasons = result.errors.map((reason) => reason.replace(/^\(root\) /, ''));
    if (!result.valid) problems.push(`path parameter ${name} ${JSON.stringify(value)}: ${reasons.join('; ')}`);
  });
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  for (const [name, value] of url.searchParams) {
    const parameter = queryParameters.find((candidate) => candidate.name === name);
    if (!parameter) problems.push(`query parameter ${name} is not documented for ${where}`);
    else if (parameter.schema) {
      const result = validator.validate(parameter.schema, value);
      if (!result.valid)
        problems.push(
          `query parameter ${name} ${JSON.stringify(value)}: ${result.errors.join('; ').replace(/^\(root\) /, '')}`,
        );
    }
  }
  for (const parameter of queryParameters)
    if (parameter.required && !url.searchParams.has(parameter.name))
      problems.push(`missing required query parameter ${parameter.name}`);

  // The key header: the one this call reads, its value from the environment, never inline.
  const sentKeys = [...call.headers.keys()].filter((name) => keyHeaders.has(name));
  if (operation.keyHeaders.length > 0 && !operation.keyHeaders.some((name) => call.headers.has(name))) {
    const instead =
      sentKeys.length > 0 ? `; the sample sends ${sentKeys.join(', ')}, which this call does not read` : '';
    problems.push(`missing key header ${operation.keyHeaders.join(' or ')} required by ${where}${instead}`);
  }
  for (const name of sentKeys) {
    const value = call.headers.get(name)!;
    if (value.kind !== 'env')
      problems.push(`inline key in header ${name}: read it from the ${keyVariable} environment variable`);
    else if (value.name !== keyVariable)
      problems.push(`header ${name} reads ${value.name}; samples read the key from ${keyVariable}`);
  }

  // The body.
  const schema = requestSchema(operation);
  if (call.hasBody && call.language !== 'python') {
    const contentType = call.headers.get('content-type');
    if (contentType?.kind !== 'literal' || !contentType.value.startsWith('application/json'))
      problems.push('the sample sends a JSON body without the header Content-Type: application/json');
  }
  if (!schema && call.hasBody) problems.push(`${where} takes no request body, but the sample sends one`);
  if (schema && !call.hasBody && operation.operation.requestBody?.required)
    problems.push(`${where} requires a JSON body, but the sample sends none`);
  if (schema && call.hasBody && call.body !== undefined) {
    const result = validator.validate(schema, call.body);
    if (!result.valid) problems.push(`request body does not match ${where}: ${result.errors.join('; ')}`);
  }
  return {operation, problems};
}

// ---------------------------------------------------------------------------------------------
// Responses shown after a call

type Result = {labels?: unknown[]; scores?: unknown[]; tokens?: unknown[]; token_start_positions?: unknown[]};

function resultsIn(value: unknown, depth = 0): Result[] {
  if (depth > 3 || !value || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((item) => resultsIn(item, depth + 1));
  const keys = Object.keys(value);
  if (keys.some((key) => ['labels', 'scores', 'tokens', 'token_start_positions'].includes(key)))
    return [value as Result];
  return Object.values(value).flatMap((item) => resultsIn(item, depth + 1));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

/** A response that validates can still contradict the call it follows: these checks keep it realistic. */
function responseMatchesCall(call: ApiCall, operation: Operation, response: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(response)) return problems;
  const body = isRecord(call.body) ? call.body : {};
  const data = response.data;
  const queries = Array.isArray(body.queries) ? body.queries : undefined;
  const models = Array.isArray(body.models) ? body.models.map(String) : undefined;
  if (queries && Array.isArray(data) && data.length !== queries.length)
    problems.push(`the response has ${data.length} results for ${queries.length} queries`);
  if (models && isRecord(data)) {
    const answered = Object.keys(data);
    if (!isDeepStrictEqual([...answered].sort(), [...models].sort()))
      problems.push(`the response answers for ${answered.join(', ')} but the call asks for ${models.join(', ')}`);
    if (queries)
      for (const [model, results] of Object.entries(data))
        if (Array.isArray(results) && results.length !== queries.length)
          problems.push(`${model} has ${results.length} results for ${queries.length} queries`);
  }
  for (const result of resultsIn(data)) {
    if (result.labels && result.scores && result.labels.length !== result.scores.length)
      problems.push(`a result has ${result.labels.length} labels but ${result.scores.length} scores`);
    if (result.tokens && result.token_start_positions && result.tokens.length !== result.token_start_positions.length)
      problems.push(
        `a result has ${result.tokens.length} tokens but ${result.token_start_positions.length} start positions`,
      );
  }
  const modelConfig = isRecord(body.model_config) ? body.model_config : undefined;
  if (modelConfig && isRecord(data)) {
    for (const field of ['name', 'type'] as const)
      if (data[field] !== undefined && data[field] !== modelConfig[field])
        problems.push(
          `the response's ${field} ${JSON.stringify(data[field])} differs from model_config.${field} ${JSON.stringify(modelConfig[field])}`,
        );
  }
  const pathModel = new URL(call.url).pathname.split('/').pop();
  if (operation.path.endsWith('{model_id}') && operation.spec.id === 'trainer') {
    const record = isRecord(data) ? (isRecord(data.model) ? data.model : data) : response;
    if (typeof record.id === 'string' && record.id !== pathModel)
      problems.push(`the response is about model ${record.id} but the call asks for ${pathModel}`);
  }
  return problems;
}

const payloadKeys = ['data', 'metadata', 'detail', 'query', 'queries', 'models', 'model_config', 'dataset_url'];

type LastCall = {call: ApiCall; operation?: Operation};

function checkJsonBlock(block: CodeBlock, last: LastCall | undefined): string[] {
  let value: unknown;
  try {
    value = JSON.parse(block.value);
  } catch (error) {
    return [`invalid JSON (${(error as Error).message})`];
  }
  const title = /title="([^"]*)"/.exec(block.meta)?.[1];
  const kind = !title
    ? undefined
    : /^Response\b/.test(title)
      ? ({status: '2XX', what: 'response'} as const)
      : /^422 response\b/.test(title)
        ? ({status: '422', what: '422 response'} as const)
        : /^Request body\b/.test(title)
          ? ({status: 'request', what: 'request body'} as const)
          : undefined;
  if (!kind) {
    if (isRecord(value) && Object.keys(value).some((key) => payloadKeys.includes(key)))
      return ['an API payload needs title="Response", title="422 response" or title="Request body" so it is checked'];
    return [];
  }
  if (!last) return [`a ${kind.what} with no call sample before it to check it against`];
  const {call, operation} = last;
  if (!operation) return []; // the call itself is already reported
  const schema: SchemaObject | undefined =
    kind.status === 'request' ? requestSchema(operation) : responseSchema(operation, kind.status);
  if (!schema) return [`${describe(operation)} documents no JSON ${kind.what}`];
  const result = validatorOf(operation).validate(schema, value);
  const problems = result.valid
    ? []
    : [`${kind.what} does not match ${describe(operation)}: ${result.errors.join('; ')}`];
  if (kind.status === '2XX') problems.push(...responseMatchesCall(call, operation, value));
  return problems;
}

// ---------------------------------------------------------------------------------------------
// A whole page

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
    const expected = sampleTabs.map((tab) => `${tab.value}/${tab.label}`).join(', ');
    if (shape !== expected)
      report(
        group.line,
        `a sample group needs TabItems ${expected} (value/label) in that order; found ${shape || 'none'}`,
      );
    const calls: ApiCall[] = [];
    sampleTabs.forEach((tab, index) => {
      const item = group.items[index];
      if (!item || item.value !== tab.value) return;
      const codeBlocks = item.blocks;
      if (codeBlocks.length !== 1 || codeBlocks[0]!.lang !== tab.lang) {
        report(item.line, `the ${tab.label} tab needs exactly one \`\`\`${tab.lang} code block`);
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
            report(other.line, `inline key in header ${name}: read it from the ${keyVariable} environment variable`);
          else if (value.name !== keyVariable)
            report(other.line, `header ${name} reads ${value.name}; samples read the key from ${keyVariable}`);
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
export function calledOperations(text: string): Operation[] {
  return readStructure(text).tabs.flatMap((group) => {
    if (group.groupId !== sampleGroupId) return [];
    const block = group.items[0]?.blocks[0];
    const call = block ? callsInBlock(block).calls[0] : undefined;
    const operation = call ? checkCall(call).operation : undefined;
    return operation ? [operation] : [];
  });
}

/** The curl call of each sample group of a page, with the operation it calls (to run it against the sandbox). */
export function curlSampleCalls(text: string): {call: ApiCall; operation: Operation}[] {
  return readStructure(text).tabs.flatMap((group) => {
    if (group.groupId !== sampleGroupId) return [];
    const block = group.items[0]?.blocks[0];
    const call = block ? callsInBlock(block).calls[0] : undefined;
    const operation = call ? checkCall(call).operation : undefined;
    return call && operation && call.language === 'curl' ? [{call, operation}] : [];
  });
}
