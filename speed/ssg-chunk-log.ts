/**
 * Part of the server bundle, not of the browser's: speed/ssg-cache.ts puts it before Docusaurus'
 * server entry. It writes the file of every server chunk that rendering the pages asks for, once per
 * thread, to the file that ORCHARD_SSG_CHUNK_LOG names: the SSG cache keys each page by the chunks
 * its routes name and by those that any page's rendering loaded besides (code the app imports lazily,
 * such as the search bar's index loader, which only the browser runs, does not count).
 */
import {appendFileSync} from 'node:fs';

/** The bundler's runtime: `e` loads a chunk (every `import()` calls it), `u` names its file. */
declare const __webpack_require__: {
  e: (chunkId: string | number) => Promise<unknown>;
  u: (chunkId: string | number) => string;
};

export const chunkLogEnv = 'ORCHARD_SSG_CHUNK_LOG';

// The real process: the bundle gives its modules a browser stand-in for `process` (ProvidePlugin).
const log = globalThis.process.env[chunkLogEnv];
if (log) {
  const ensureChunk = __webpack_require__.e;
  const asked = new Set<string | number>();
  __webpack_require__.e = (chunkId) => {
    if (!asked.has(chunkId)) {
      asked.add(chunkId);
      appendFileSync(log, `${__webpack_require__.u(chunkId)}\n`);
    }
    return ensureChunk(chunkId);
  };
}
