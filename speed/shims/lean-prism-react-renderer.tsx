// Stands in for prism-react-renderer in the site's bundles. The package ships one module that registers
// about 30 Prism languages when it loads: tens of ms of main-thread work on every page on a throttled phone,
// half of main.js's start-up. This module offers the same `Highlight` and `Prism` on Prism's own core
// with only the languages the site's code blocks use (loadPrism below; `prism.additionalLanguages` in
// docusaurus.config.ts adds more). tests/slow/lean-prism.test.ts proves it renders exactly what the
// package renders, and that every language used in the content and the reference is registered.
import {useMemo, type ReactElement} from 'react';
import clsx from 'clsx';
import type {HighlightProps, PrismLib, PrismTheme, RenderProps, Token} from 'prism-react-renderer';
import type {Token as PrismToken} from 'prismjs';

type PrismStream = Array<string | PrismToken>;
type ThemeDictionary = Record<string, PrismTheme['plain']>;

/* eslint-disable @typescript-eslint/no-require-imports -- Prism's components must load in this order, after the global is set */
/** Prism's core with the site's languages, in dependency order, on an instance of its own. */
function loadPrism(): PrismLib {
  const globals = globalThis as {Prism?: unknown};
  const previous = globals.Prism;
  // Prism's components register on a global Prism; `manual` keeps Prism from highlighting the page
  // by itself on DOMContentLoaded, which would change the server-rendered HTML under React.
  globals.Prism = {manual: true, disableWorkerMessageHandler: true};
  const prism = require('prismjs/components/prism-core') as PrismLib;
  globals.Prism = prism;
  require('prismjs/components/prism-markup');
  require('prismjs/components/prism-clike');
  require('prismjs/components/prism-javascript');
  require('prismjs/components/prism-js-extras');
  require('prismjs/components/prism-json');
  require('prismjs/components/prism-python');
  require('prismjs/components/prism-go');
  require('prismjs/components/prism-markdown');
  if (previous === undefined) delete globals.Prism;
  else globals.Prism = previous;
  return prism;
}
/* eslint-enable @typescript-eslint/no-require-imports */

export const Prism = loadPrism();

/** Only react-live reads this (a default theme the site never uses: it always passes one). */
export const themes: Record<string, PrismTheme> = {};

const noTheme: PrismTheme = {plain: {}, styles: []};

/** Token styles by type, for one language (a theme entry may be limited to some languages). */
function themeDictionary(theme: PrismTheme, language: string): ThemeDictionary {
  const dictionary: ThemeDictionary = {};
  for (const {types, style, languages} of theme.styles) {
    if (languages && !languages.includes(language as never)) continue;
    for (const type of types) dictionary[type] = {...dictionary[type], ...style};
  }
  dictionary.root = theme.plain;
  dictionary.plain = {...theme.plain, backgroundColor: undefined};
  return dictionary;
}

/** Prism's nested token stream as lines of flat tokens, each with all its enclosing token types. */
export function normalizeTokens(stream: PrismStream): Token[][] {
  const lines: Token[][] = [[]];
  const endLine = (line: Token[]) => {
    if (line.length === 0) line.push({types: ['plain'], content: '\n', empty: true});
    else if (line.length === 1 && line[0]!.content === '') Object.assign(line[0]!, {content: '\n', empty: true});
  };
  const addText = (text: string, types: string[]) => {
    text.split(/\r\n|\r|\n/).forEach((part, index) => {
      if (index > 0) {
        endLine(lines.at(-1)!);
        lines.push([]);
      }
      lines.at(-1)!.push({types, content: part});
    });
  };
  const withType = (types: string[], type: string | string[]) =>
    typeof type === 'string' && types.at(-1) === type ? types : types.concat(type);
  const visit = (tokens: PrismStream, types: string[]) => {
    for (const token of tokens) {
      if (typeof token === 'string') {
        addText(token, types.length > 0 ? types : ['plain']);
        continue;
      }
      let tokenTypes = withType(types, token.type);
      if (token.alias) tokenTypes = withType(tokenTypes, token.alias);
      if (typeof token.content === 'string') addText(token.content, tokenTypes);
      else visit(Array.isArray(token.content) ? token.content : [token.content], tokenTypes);
    }
  };
  visit(stream, []);
  endLine(lines.at(-1)!);
  return lines;
}

function tokenize(prism: PrismLib, code: string, language: string): Token[][] {
  const grammar = prism.languages[language];
  if (!grammar) return normalizeTokens([code]);
  const environment = {code, grammar, language, tokens: [] as PrismStream};
  prism.hooks.run('before-tokenize', environment);
  environment.tokens = prism.tokenize(code, grammar);
  prism.hooks.run('after-tokenize', environment);
  return normalizeTokens(environment.tokens);
}

function renderProps(dictionary: ThemeDictionary): Pick<RenderProps, 'getLineProps' | 'getTokenProps'> {
  const tokenStyle = ({types, empty}: Token) => {
    if (types.length === 1 && types[0] === 'plain') return empty ? {display: 'inline-block'} : undefined;
    if (types.length === 1 && empty) return dictionary[types[0]!];
    return Object.assign(empty ? {display: 'inline-block'} : {}, ...types.map((type) => dictionary[type]));
  };
  return {
    getLineProps: ({className, style, line: _line, ...rest}) => ({
      ...rest,
      className: clsx('token-line', className),
      style: style ? {...dictionary.plain, ...style} : dictionary.plain,
    }),
    getTokenProps: ({token, className, style, ...rest}) => {
      const base = tokenStyle(token);
      return {
        ...rest,
        className: clsx('token', ...token.types, className),
        children: token.content,
        style: style ? {...base, ...style} : base,
      };
    },
  };
}

/** The package's render-prop component: same props, same output. */
export function Highlight({
  children,
  language: anyCaseLanguage,
  code,
  theme = noTheme,
  prism = Prism,
}: HighlightProps): ReactElement {
  const language = anyCaseLanguage.toLowerCase();
  const dictionary = useMemo(() => themeDictionary(theme, language), [theme, language]);
  const getters = useMemo(() => renderProps(dictionary), [dictionary]);
  const tokens = useMemo(() => tokenize(prism, code, language), [prism, code, language]);
  return children({tokens, className: `prism-code language-${language}`, style: dictionary.root ?? {}, ...getters});
}
