import type {Plugin} from '@docusaurus/types';

import {isTrickOn} from './speed-switches';

/** A rule of the bundler's configuration, as far as this plugin reads it. */
type Rule = {oneOf?: unknown[]; rules?: unknown[]; use?: unknown};
type Loader = {loader?: unknown; options?: {postcssOptions?: {plugins?: unknown[]; [option: string]: unknown}}};

const isLoader = (loader: unknown, name: string): loader is Loader =>
  !!loader && typeof loader === 'object' && new RegExp(`[\\\\/]${name}[\\\\/]`).test(String((loader as Loader).loader));

/** Calls `visit` with every rule of `rules` that lists its loaders, nested rules included. */
function forEachLoaderList(
  rules: readonly unknown[] | undefined,
  visit: (rule: Rule & {use: unknown[]}) => void,
): void {
  for (const rule of rules ?? []) {
    if (!rule || typeof rule !== 'object') continue;
    const {oneOf, rules: nested, use} = rule as Rule;
    forEachLoaderList(oneOf, visit);
    forEachLoaderList(nested, visit);
    if (Array.isArray(use)) visit(rule as Rule & {use: unknown[]});
  }
}

/**
 * Gives every postcss-loader of `rules` the option `postcssOptions.config: false`, so that it uses the
 * plugins Docusaurus passes it and searches no configuration file; returns how many it changed.
 */
export function withoutConfigSearch(rules: readonly unknown[] | undefined): number {
  let changed = 0;
  forEachLoaderList(rules, ({use}) => {
    for (const loader of use) {
      if (!isLoader(loader, 'postcss-loader')) continue;
      loader.options = {...loader.options, postcssOptions: {...loader.options?.postcssOptions, config: false}};
      changed += 1;
    }
  });
  return changed;
}

/**
 * Makes the PostCSS plugins that postcss-loader's options name (`[module, options]`) once, for every
 * stylesheet and every rule, instead of per stylesheet: postcss-loader requires each and calls its
 * factory anew for each file (postcss-preset-env's works out the browser targets and its features each
 * time). Returns how many loaders it changed.
 */
export function withPluginsMadeOnce(rules: readonly unknown[] | undefined): number {
  const made = new Map<string, unknown>();
  const makeOnce = (name: string, options: unknown) => {
    const key = `${name}\0${JSON.stringify(options ?? {})}`;
    if (!made.has(key)) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const exported = require(name) as {default?: unknown};
      const factory = (exported.default ?? exported) as (options?: unknown) => unknown;
      made.set(key, factory(options ?? {}));
    }
    return made.get(key);
  };
  let changed = 0;
  forEachLoaderList(rules, ({use}) => {
    for (const loader of use) {
      if (!isLoader(loader, 'postcss-loader')) continue;
      const postcssOptions = loader.options?.postcssOptions;
      const plugins = postcssOptions?.plugins;
      if (!postcssOptions || !Array.isArray(plugins)) continue;
      if (!plugins.some((plugin) => Array.isArray(plugin) || typeof plugin === 'string')) continue;
      postcssOptions.plugins = plugins.map((plugin) =>
        Array.isArray(plugin) && typeof plugin[0] === 'string'
          ? makeOnce(plugin[0], plugin[1])
          : typeof plugin === 'string'
            ? makeOnce(plugin, undefined)
            : plugin,
      );
      changed += 1;
    }
  });
  return changed;
}

/**
 * Drops the loaders that run before a null-loader, which throws their output away: on the server,
 * Docusaurus styles a plain stylesheet with null-loader alone (the server needs no CSS), but the
 * OpenAPI theme's Sass rule puts sass-loader before it, so the server bundle compiled the theme's
 * styles.scss with Sass for nothing. Returns how many loader lists it shortened.
 */
export function withNothingBeforeNullLoader(rules: readonly unknown[] | undefined): number {
  let changed = 0;
  forEachLoaderList(rules, (rule) => {
    const at = rule.use.findIndex((loader) =>
      /[\\/]null-loader[\\/]/.test(String(typeof loader === 'string' ? loader : (loader as Loader)?.loader)),
    );
    if (at < 0 || at === rule.use.length - 1) return;
    rule.use = rule.use.slice(0, at + 1);
    changed += 1;
  });
  return changed;
}

/**
 * The bundler's style loaders, with less work and the same CSS, byte for byte (bench/README.md, "Speed tricks"; each a
 * build-only trick that `SPEED_OFF` turns off to measure it):
 * - `postcss-config`: postcss-loader searches no PostCSS configuration file. It looked for one (some
 *   thirty file names and package.json, in every folder from the stylesheet's up) for each stylesheet,
 *   anew each time, and the site has none: most of a second of bundling at any size.
 * - `postcss-plugins`: Docusaurus' PostCSS plugins made once, not once per stylesheet.
 * - `server-styles`: no Sass compile in the server bundle for a stylesheet it throws away.
 * The rules are changed when the compiler is made (an Rspack plugin), so that those of every Docusaurus
 * plugin and theme are there, the OpenAPI theme's too, which comes after this plugin.
 */
export default function styleLoadersPlugin(): Plugin {
  return {
    name: 'style-loaders',
    configureWebpack(_config, isServer) {
      const apply = (compiler: {options: {module: {rules?: unknown[]}}}) => {
        const {rules} = compiler.options.module;
        if (isServer) {
          if (isTrickOn('server-styles') && withNothingBeforeNullLoader(rules) === 0)
            throw new Error(
              'plugins/style-loaders.ts: no loader runs before a null-loader in the server bundle: Docusaurus or the OpenAPI theme changed how they load styles; update or remove this trick',
            );
          return;
        }
        // The server bundle only reads class names of CSS modules: it runs no PostCSS.
        const configs = isTrickOn('postcss-config') ? withoutConfigSearch(rules) : undefined;
        const plugins = isTrickOn('postcss-plugins') ? withPluginsMadeOnce(rules) : undefined;
        if (configs === 0 || plugins === 0)
          throw new Error(
            'plugins/style-loaders.ts: the client bundle has no postcss-loader left to configure: Docusaurus changed how it loads CSS; update or remove this plugin',
          );
      };
      return {plugins: [{apply}]};
    },
  };
}
