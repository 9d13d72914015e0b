import {existsSync} from 'node:fs';
import path from 'node:path';

/**
 * A module of a package, as its siblings import it (an absolute path without extension). The package
 * is found from any file it exports: not every package exports its package.json or has a main entry.
 */
export function packageModule(exportedFile: string, modulePath: string): string {
  let dir = path.dirname(require.resolve(exportedFile, {paths: [process.cwd()]}));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return path.join(dir, modulePath);
}
