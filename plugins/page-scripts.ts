import {readFileSync, writeFileSync} from 'node:fs';
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {stringify} from 'node:querystring';

import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';

/** The bundler's record of each named chunk group's JavaScript files (webpack and Rspack alike). */
type ChunkGroupFiles = Record<string, string[]>;
type Compilation = {namedChunkGroups: ReadonlyMap<string, {getFiles(): string[]}>};
type Compiler = {hooks: {afterEmit: {tap(name: string, callback: (compilation: Compilation) => void): void}}};

const pluginName = 'page-scripts';

/** Writes, after the browser build, the files of every chunk group, by chunk name (Docusaurus' route chunks). */
class RecordChunkGroupFiles {
  constructor(private readonly file: string) {}
  apply(compiler: Compiler): void {
    compiler.hooks.afterEmit.tap(pluginName, (compilation) => {
      const groups: ChunkGroupFiles = {};
      for (const [name, group] of compilation.namedChunkGroups)
        groups[name] = group.getFiles().filter((file) => file.endsWith('.js'));
      writeFileSync(this.file, JSON.stringify(groups));
    });
  }
}

/** Docusaurus' chunk registry (generated registry.js): the chunk name of each route module. */
export function chunkNamesByModule(registrySource: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const [, name, modulePath] of registrySource.matchAll(
    /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "[^"]+" \*\/ "([^"]+)"\)/gm,
  ))
    names.set(modulePath!, name!);
  return names;
}

type RouteModule =
  string | {path: string; query?: Record<string, string>} | RouteModule[] | {[key: string]: RouteModule};

/** The module paths a route loads, written as Docusaurus writes them in the registry. */
function modulePaths(module: RouteModule | undefined): string[] {
  if (module === undefined) return [];
  if (typeof module === 'string') return [module];
  if (Array.isArray(module)) return module.flatMap(modulePaths);
  if (typeof module.path === 'string') {
    const query = module.query ? `?${stringify(module.query as Record<string, string>)}` : '';
    return [`${module.path}${query}`];
  }
  return Object.values(module as Record<string, RouteModule>).flatMap(modulePaths);
}

/** Every page route with the layout routes that wrap it, outermost first. */
export function routeChains(routes: readonly RouteConfig[], parents: RouteConfig[] = []): RouteConfig[][] {
  return routes.flatMap((route) =>
    route.routes?.length ? routeChains(route.routes, [...parents, route]) : [[...parents, route]],
  );
}

/**
 * Docusaurus writes a route's `props` to a generated JSON module (JSON.stringify of the props) that
 * the route then loads: the module paths of those files, by content.
 */
export function propsModulesByContent(chunkNames: Map<string, string>, generatedFilesDir: string): Map<string, string> {
  const modules = new Map<string, string>();
  for (const modulePath of chunkNames.keys()) {
    if (!modulePath.startsWith('@generated/') || !modulePath.endsWith('.json')) continue;
    modules.set(readFileSync(path.join(generatedFilesDir, modulePath.slice('@generated/'.length)), 'utf8'), modulePath);
  }
  return modules;
}

/** The JavaScript files a page needs on first load besides main.js: its routes' chunks and their shared chunks. */
export function pageChunkFiles(
  chain: readonly RouteConfig[],
  chunkNames: Map<string, string>,
  propsModules: Map<string, string>,
  groups: ChunkGroupFiles,
): string[] {
  const files = chain
    .flatMap((route) => [
      ...[route.component, route.modules, route.context].flatMap((module) =>
        modulePaths(module as RouteModule | undefined),
      ),
      ...(route.props === undefined ? [] : [propsModules.get(JSON.stringify(route.props)) ?? '']),
    ])
    .flatMap((modulePath) => {
      const name = chunkNames.get(modulePath);
      return name === undefined ? [] : (groups[name] ?? []);
    });
  return [...new Set(files)];
}

/** Docusaurus' `<script src=… defer>` tags (runtime and main.js), as the HTML minifier writes them. */
const deferredScript = /<script src="?([^"\s>]+)"? defer><\/script>/g;

/**
 * The page's HTML with its scripts loaded as the plugin below explains: every script
 * the first load runs is preloaded at low priority from the head, and runtime and main.js run once
 * the browser has painted the page.
 */
export function withPageScripts(html: string, chunkHrefs: readonly string[]): string {
  const bootScripts = [...html.matchAll(deferredScript)].map(([, src]) => src!);
  if (bootScripts.length === 0) throw new Error('no <script defer> of Docusaurus found: the HTML template changed');
  const preloads = [...new Set([...bootScripts, ...chunkHrefs])]
    .map((href) => `<link rel=preload href=${href} as=script fetchpriority=low>`)
    .join('');
  // Once the browser reports the first contentful paint (a paint-timing entry), or after three
  // seconds where it reports none (a hidden tab paints nothing); in order, as `defer` would run them.
  const boot = `<script>(function(){var booted=false;function boot(){if(booted)return;booted=true;${JSON.stringify(bootScripts)}.forEach(function(src){var script=document.createElement("script");script.src=src;script.async=false;document.head.appendChild(script)})}try{new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)setTimeout(boot)}).observe({type:"paint",buffered:true})}catch(error){requestAnimationFrame(function(){setTimeout(boot)})}setTimeout(boot,3000)})()</script>`;
  return html.replace(deferredScript, '').replace('</head>', `${preloads}</head>`).replace('</body>', `${boot}</body>`);
}

/**
 * How each page loads its JavaScript, rewritten in its HTML after the build:
 * - the route's chunks are preloaded with main.js. Docusaurus' HTML names only runtime and main.js
 *   (with Rspack its manifest cannot name route chunks), so a phone would download main.js, run it,
 *   and only then ask for the page's chunks: one more round trip before the page responds;
 * - runtime and main.js run once the page's content is on screen, not before: on a fast
 *   connection the browser would otherwise run them, and hydrate, before it shows anything.
 * Everything loads at low priority, as `defer` scripts do, so the stylesheet comes first.
 * tests/e2e/page-weight.spec.ts checks each template loads exactly the scripts its HTML preloads.
 */
export default function pageScriptsPlugin(context: LoadContext): Plugin {
  const groupsFile = path.join(context.generatedFilesDir, 'chunk-group-files.json');
  return {
    name: pluginName,
    configureWebpack(config, isServer) {
      // Only production builds write pages (postBuild); the dev server needs no record.
      return isServer || config.mode !== 'production' ? {} : {plugins: [new RecordChunkGroupFiles(groupsFile)]};
    },
    async postBuild({routes, outDir}) {
      const groups = JSON.parse(readFileSync(groupsFile, 'utf8')) as ChunkGroupFiles;
      const chunkNames = chunkNamesByModule(
        await readFile(path.join(context.generatedFilesDir, 'registry.js'), 'utf8'),
      );
      if (chunkNames.size === 0)
        throw new Error(
          `${pluginName}: no chunk found in ${context.generatedFilesDir}/registry.js: its format changed`,
        );
      const propsModules = propsModulesByContent(chunkNames, context.generatedFilesDir);
      for (const chain of routeChains(routes)) {
        const page = chain.at(-1)!;
        if (page.path.includes('*') || page.path.includes(':')) continue;
        const htmlFile = path.join(outDir, page.path, page.path.endsWith('.html') ? '' : 'index.html');
        const html = await readFile(htmlFile, 'utf8').catch(() => undefined);
        if (html === undefined) continue;
        const hrefs = pageChunkFiles(chain, chunkNames, propsModules, groups).map(
          (file) => `${context.baseUrl}${file}`,
        );
        try {
          await writeFile(htmlFile, withPageScripts(html, hrefs));
        } catch (error) {
          throw new Error(`${path.relative(context.siteDir, htmlFile)}: ${(error as Error).message}`);
        }
      }
    },
  };
}
