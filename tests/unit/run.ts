/**
 * `npm run test:unit`: every tests/unit/*.test.ts in one process. The files share what they load (the
 * contract's compiled validators, the sandbox, the sample generators), which halves the CPU time of
 * one process per file. 481 tests in 24 to 28.5 s (29 to 32 s of CPU), five runs on an idle 2-core
 * machine, 2026-11-26; the equivalence tests that need large inputs or many worker threads are in
 * tests/slow/. One file alone: node --import tsx --test <file>.
 */
import {readdirSync} from 'node:fs';

for (const file of readdirSync(__dirname)
  .filter((name) => name.endsWith('.test.ts'))
  .sort()) {
  // Synchronously and in order, so every file's tests are registered before node:test starts them.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require(`./${file}`);
}
