/**
 * `npm run check:samples`: docs as tests. Every API call shown in a code sample of the content pages
 * (docs/, tutorials/, faqs/, api/, markdown-page/), and every JSON payload shown next to it, is
 * checked against the OpenAPI descriptions (lib/openapi/specs.ts). The conventions checked here are the ones
 * markdown-page/index.md teaches writers (section "Code samples"). Prints `file:line: problem` for
 * each bad sample and exits 1 if there is any; tests/unit/docs-samples.test.ts runs the same checks
 * (lib/samples/check.ts).
 */
import {contentFiles, readContent} from '../lib/content';
import {checkSamples, formatProblem} from '../lib/samples/check';

// Every content page; `npm run check:samples -- <file>…` only those files.
const files = process.argv.length > 2 ? process.argv.slice(2) : contentFiles();
const problems = files.flatMap((file) => checkSamples(file, readContent(file)));
for (const problem of problems) console.error(formatProblem(problem));
if (problems.length > 0) {
  console.error(`\ncheck:samples: ${problems.length} problem(s) in the code samples of ${files.length} page(s)`);
  process.exit(1);
}
console.log(`check:samples: every code sample of ${files.length} page(s) matches the OpenAPI descriptions`);
