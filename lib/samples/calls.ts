/**
 * Reading the HTTP calls of a code sample. Parsing is left to libraries where one fits: shell-quote
 * reads curl command lines, acorn reads JavaScript. Python samples are held by the conventions to
 * `requests.<method>(URL, headers={...}, json={...})` with JSON-compatible literals; such a call is
 * also valid JavaScript syntax (a keyword argument reads as an assignment), so acorn parses it too,
 * once Python comments are blanked out. Anything outside that subset is reported, not guessed.
 */
import * as acorn from 'acorn';
import {parse as parseShell} from 'shell-quote';

import type {CodeBlock} from './page';

/** The language a call sample is read as. */
export type Language = 'curl' | 'python' | 'javascript';

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
            const query = new URLSearchParams(
              Object.entries(params.value).map(([name, item]): [string, string] => [name, String(item)]),
            );
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
