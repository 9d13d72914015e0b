import {readFileSync} from 'node:fs';
import path from 'node:path';

/** A route of `.docusaurus/routes.js`, its `component` as `creator` made it from ComponentCreator's arguments. */
export type GeneratedRoute<Component> = {
  path: string;
  component: Component;
  exact?: boolean;
  routes?: GeneratedRoute<Component>[];
  [attribute: string]: unknown;
};

/**
 * The routes Docusaurus generated for the app (`.docusaurus/routes.js`: imports, then
 * `export default [...]` of plain routes whose components are `ComponentCreator(path, hash)` calls),
 * each component replaced by `creator(path, hash)`. `user` names the caller in the error that says the
 * file no longer reads that way (the format is pinned with codegenRoutes.js in the bundle-shims test).
 */
export function readGeneratedRoutes<Component>(
  generatedFilesDir: string,
  creator: (routePath: string, hash?: string) => Component,
  user: string,
): GeneratedRoute<Component>[] {
  const file = path.join(generatedFilesDir, 'routes.js');
  const source = readFileSync(file, 'utf8');
  const body = source.replace(/^import .*;$/gm, '').replace(/^export default /m, 'return ');
  try {
    return new Function('ComponentCreator', body)(creator) as GeneratedRoute<Component>[];
  } catch (error) {
    throw new Error(
      `${user}: ${file} no longer reads as imports and \`export default [routes]\` (${(error as Error).message})`,
    );
  }
}

/** Every chunk name a route's entry in routesChunkNames.json holds (its values, nested). */
export function chunkNamesOf(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (entry && typeof entry === 'object') return Object.values(entry).flatMap(chunkNamesOf);
  return [];
}
