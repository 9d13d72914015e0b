/**
 * Each operation page's JSON string goes around MDX's parser: in the bundler's rule for the API docs'
 * MDX, Docusaurus' mdx-loader is given through speed/operation-past-mdx-loader.ts, which hands it the
 * page with a placeholder for the string and puts the string back into what it makes. The module the
 * bundler gets is what MDX makes of the whole page, without MDX reading 97% of its bytes.
 */
import path from 'node:path';

import type {Plugin} from '@docusaurus/types';

import {apiDocsPluginId} from '../lib/openapi/plugin-options';

type RuleUse = {loader?: unknown; options?: unknown};
type Rule = {include?: unknown; use?: unknown};

/** Swaps the mdx-loader of each rule for the API docs' folder; says how many rules have it swapped. */
export function passOperationsAroundMdx(rules: unknown[], apiDocsDir: string, loader: string): number {
  const mdxLoader = require.resolve('@docusaurus/mdx-loader');
  let swapped = 0;
  for (const rule of rules as Rule[]) {
    const include = Array.isArray(rule?.include) ? (rule.include as unknown[]) : [rule?.include];
    if (
      !Array.isArray(rule?.use) ||
      !include.some((dir) => typeof dir === 'string' && path.resolve(dir) === apiDocsDir)
    )
      continue;
    for (const use of rule.use as RuleUse[]) {
      // The docs plugin gives the client and the server configurations the same rule: swapped once.
      if (use?.loader === mdxLoader) use.loader = loader;
      if (use?.loader === loader) swapped += 1;
    }
  }
  return swapped;
}

export default function operationPastMdxPlugin(context: {siteDir: string}): Plugin {
  const apiDocsDir = path.resolve(context.siteDir, apiDocsPluginId);
  const loader = path.join(__dirname, 'operation-past-mdx-loader.ts');
  return {
    name: 'operation-past-mdx',
    configureWebpack(config) {
      // The docs plugins' rules are in the configuration by now (the speed plugins come after them).
      if (passOperationsAroundMdx(config.module?.rules ?? [], apiDocsDir, loader) !== 1)
        throw new Error(
          `speed/operation-past-mdx.ts: no one mdx-loader rule for ${apiDocsDir} in the bundler's configuration (Docusaurus changed how it writes it?); SPEED_OFF=operation-past-mdx builds without`,
        );
      return {};
    },
  };
}
