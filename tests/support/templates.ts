/**
 * The pages that stand for each page template of the site: the one list every test and bench that
 * needs "one page per template" reads (accessibility, Markdown twins, page weight, page scripts,
 * `npm run bench`). A template has a second page where earlier per-test lists had chosen a different
 * one, so that no page a test covered is lost. `maxGzipJs` is the template's first-load JavaScript
 * budget (gzipped bytes, issue "Fast pages"); `twin` says whether the page has a Markdown twin and
 * what it is written from (the page itself, or the OpenAPI contract).
 */
const KB = 1024;

export type TemplatePage = {
  template: string;
  path: string;
  /** First-load JavaScript budget; none for the not-found page, which no reader lands on on purpose. */
  maxGzipJs?: number;
  twin?: 'page' | 'reference';
};

/**
 * First-load JavaScript budgets (gzipped bytes): home page, docs pages, API reference pages, and the
 * search page, a tool with less on it than the home page (issue 35).
 */
export const jsBudgets = {home: 170 * KB - 1, docs: 185 * KB, reference: 250 * KB, search: 170 * KB - 1} as const;
const {home, docs, reference, search} = jsBudgets;

export const templatePages: readonly TemplatePage[] = [
  {template: 'home', path: '/', maxGzipJs: home, twin: 'page'},
  {template: 'doc', path: '/docs/intro', maxGzipJs: docs, twin: 'page'},
  {template: 'doc with code samples', path: '/docs/quickstart', maxGzipJs: docs, twin: 'page'},
  {template: 'category index', path: '/docs/category/use-cases', maxGzipJs: docs, twin: 'page'},
  {template: 'tutorial', path: '/tutorials/spam-detection', maxGzipJs: docs, twin: 'page'},
  {template: 'tutorial', path: '/tutorials/api-key', maxGzipJs: docs, twin: 'page'},
  {template: 'API guide', path: '/api/orchard-ai-trainer/launch-training', maxGzipJs: docs, twin: 'page'},
  {template: 'API guide', path: '/api/orchard-ai-predictor/requests', maxGzipJs: docs, twin: 'page'},
  {template: 'FAQ', path: '/faqs/faqs', maxGzipJs: docs, twin: 'page'},
  {template: 'writing guide', path: '/markdown-page', maxGzipJs: docs, twin: 'page'},
  {
    template: 'reference landing',
    path: '/api/api-reference/orchard-ai-predictor',
    maxGzipJs: reference,
    twin: 'reference',
  },
  {
    template: 'reference landing',
    path: '/api/api-reference/orchard-ai-trainer',
    maxGzipJs: reference,
    twin: 'reference',
  },
  {
    template: 'API operation',
    path: '/api/api-reference/orchard-ai-trainer/create-training-job',
    maxGzipJs: reference,
    twin: 'reference',
  },
  // Out of the sitemap: accessibility.spec.ts visits it, with a query.
  {template: 'search', path: '/search', maxGzipJs: search},
  {template: 'not found', path: '/no-such-page'},
];

/** The pages with a first-load JavaScript budget. */
export const budgetedPages = templatePages.filter(
  (page): page is TemplatePage & {maxGzipJs: number} => page.maxGzipJs !== undefined,
);

/** The first budgeted page of each template: for measurements run per template (Lighthouse in the bench). */
export const onePagePerTemplate = budgetedPages.filter(
  (page, index) => budgetedPages.findIndex((other) => other.template === page.template) === index,
);
