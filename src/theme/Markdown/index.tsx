// Renders the OpenAPI descriptions with markdown-to-jsx (a few KB gzipped) instead of the theme's
// react-markdown + remark-gfm + rehype-raw pipeline (about a hundred KB gzipped on every reference page).
import type {ComponentProps, ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {compiler, type MarkdownToJSX} from 'markdown-to-jsx';

type Props = {children?: string};

/** Fenced code in a description keeps the site's code block (highlighting, copy button). */
function Code({className, children}: {className?: string; children?: ReactNode}): ReactNode {
  const language = /lang-(\w+)/.exec(className ?? '')?.[1];
  return language ? <CodeBlock language={language}>{children}</CodeBlock> : <code>{children}</code>;
}

/**
 * A link in a description goes through Docusaurus' Link, as a link of a docs page does: the build's
 * link check sees it (a relative link that leads nowhere fails the build, naming the description), and
 * a link to another page of the site navigates without a reload.
 */
function DescriptionLink({href, ...rest}: ComponentProps<'a'>): ReactNode {
  return <Link {...rest} href={href} />;
}

// forceBlock: a one-line text is a paragraph, as with the theme's own renderer, so two texts in a
// row (a parameter's "Possible values: […]" and its description) do not run into one line.
const options: MarkdownToJSX.Options = {overrides: {code: Code, a: DescriptionLink}, forceBlock: true};

/**
 * Each description's elements, made once: a schema's descriptions recur on every page that shows it
 * (an API's shared objects on hundreds of pages), and parsing them again was a tenth of rendering
 * Autotask's reference (bench/README.md, "Real descriptions"). Bounded: emptied when full.
 */
const compiled = new Map<string, ReactNode>();
const compiledAtMost = 5000;

export default function OpenApiMarkdown({children}: Props): ReactNode {
  if (!children) return null;
  let elements = compiled.get(children);
  if (elements === undefined) {
    if (compiled.size >= compiledAtMost) compiled.clear();
    elements = compiler(children, options);
    compiled.set(children, elements);
  }
  return elements;
}
