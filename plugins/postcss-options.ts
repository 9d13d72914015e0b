import type {Plugin} from '@docusaurus/types';

import {isTrickOn} from './speed-switches';

/** A rule of the bundler's configuration, as far as this plugin reads it. */
type Rule = {oneOf?: unknown[]; rules?: unknown[]; use?: unknown};
type Loader = {loader?: unknown; options?: {postcssOptions?: Record<string, unknown>}};

/**
 * Gives every postcss-loader of `rules` the option `postcssOptions.config: false`, so that it uses the
 * plugins Docusaurus passes it and searches no configuration file; returns how many it changed.
 */
export function withoutConfigSearch(rules: readonly unknown[] | undefined): number {
  let changed = 0;
  for (const rule of rules ?? []) {
    if (!rule || typeof rule !== 'object') continue;
    const {oneOf, rules: nested, use} = rule as Rule;
    changed += withoutConfigSearch(oneOf) + withoutConfigSearch(nested);
    for (const loader of Array.isArray(use) ? (use as Loader[]) : []) {
      if (!loader || typeof loader !== 'object' || !/[\\/]postcss-loader[\\/]/.test(String(loader.loader))) continue;
      loader.options = {...loader.options, postcssOptions: {...loader.options?.postcssOptions, config: false}};
      changed += 1;
    }
  }
  return changed;
}

/**
 * PostCSS runs with Docusaurus' own plugins only. Without `config: false`, postcss-loader looks for a
 * PostCSS configuration (cosmiconfig: some thirty file names and package.json, in every folder from the
 * stylesheet's up) for each stylesheet, anew each time, and the site has none: 0.7 s of bundling at any
 * size (README, "Scale"; `SPEED_OFF=postcss-config` to measure). The CSS is byte for byte the same.
 */
export default function postcssOptionsPlugin(): Plugin {
  return {
    name: 'postcss-options',
    configureWebpack(config, isServer) {
      if (!isTrickOn('postcss-config')) return {};
      const changed = withoutConfigSearch(config.module?.rules);
      // The server bundle only reads class names of CSS modules: it runs no PostCSS.
      if (!isServer && changed === 0)
        throw new Error(
          'plugins/postcss-options.ts: the client bundle has no postcss-loader left to configure: Docusaurus changed how it loads CSS; update or remove this plugin',
        );
      return {};
    },
  };
}
