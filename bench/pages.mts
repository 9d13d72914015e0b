/**
 * `npm run bench:pages`: for one page per template of the production build (run `npm run build`
 * first), served as production serves it, the first-load JavaScript, CSS and HTML (raw and gzipped, in
 * KB), Lighthouse's mobile scores (simulated throttling) with LCP, TBT and CLS, the median of
 * LIGHTHOUSE_RUNS runs per page (default 3; `0` for the bytes only), and the first search on the
 * operation page (bench/page-figures.mts). Prints Markdown tables. Loopback only.
 */
import {kb} from './browser.mjs';
import {describeFirstSearch, measureBuild, type TemplateFigures} from './page-figures.mjs';

const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** The bytes table: one row per template. */
function printBytes(templates: TemplateFigures[]): void {
  console.log(
    '| template | page | JS raw | JS gzip | budget | CSS gzip | HTML gzip |\n| --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const {template, path, js, budget, cssGzip, htmlGzip} of templates)
    console.log(
      `| ${template} | \`${path}\` | ${kb(js.raw)} | ${kb(js.gzip)} | ≤ ${kb(budget)} | ${kb(cssGzip)} | ${kb(htmlGzip)} |`,
    );
}

/** The Lighthouse table, when it ran. */
function printLighthouse(templates: TemplateFigures[], runs: number): void {
  if (!templates.some(({lighthouse}) => lighthouse)) return;
  console.log(`\nLighthouse: median of ${runs} runs per page\n`);
  console.log(
    '| template | performance | accessibility | best practices | SEO | LCP | TBT | CLS |\n| --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const {template, lighthouse: scores} of templates)
    if (scores)
      console.log(
        `| ${template} | ${scores.performance} | ${scores.accessibility} | ${scores.bestPractices} | ${scores.seo} | ${scores.lcp} | ${scores.tbt} | ${scores.cls} |`,
      );
}

async function main(): Promise<void> {
  const {templates, firstSearch} = await measureBuild('build', {lighthouseRuns, searchRuns: 3});
  printBytes(templates);
  printLighthouse(templates, lighthouseRuns);
  if (firstSearch) console.log(`\n${describeFirstSearch(firstSearch)}`);
}

await main();
