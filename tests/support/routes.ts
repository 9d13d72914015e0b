import {services} from '../../src/provider';

const {trainer, predictor, medley} = services;

/** Every route of SPEC.md §2, with `{provider}` from the provider module: 42 in all. */
export const specRoutes: readonly string[] = [
  '/',
  '/markdown-page',
  '/docs',
  '/docs/intro',
  '/docs/models',
  '/docs/quickstart',
  '/docs/responsible-use',
  '/docs/troubleshooting',
  '/docs/category/use-cases',
  '/docs/use-cases/analyze',
  '/docs/use-cases/embed',
  '/docs/use-cases/generate',
  '/docs/use-cases/use-case',
  '/faqs',
  '/faqs/faqs',
  '/tutorials',
  ...['api-key', 'google-drive', 'multilingual', 'ner', 'question-answering', 'semantic-search', 'spam-detection'].map(
    (page) => `/tutorials/${page}`,
  ),
  '/api',
  ...[medley, predictor, trainer].map((service) => `/api/api-reference/${service}`),
  '/api/category/api-reference',
  ...[medley, predictor, trainer].map((service) => `/api/category/${service}`),
  ...['compose-apis', 'overview'].map((page) => `/api/${medley}/${page}`),
  ...['caching-requests', 'overview', 'requests'].map((page) => `/api/${predictor}/${page}`),
  ...['customize-training', 'dataset', 'launch-training', 'monitoring', 'overview', 'pretrained-model'].map(
    (page) => `/api/${trainer}/${page}`,
  ),
];

/** SPEC.md §2: every route shows a sidebar except the home page. */
export const routesWithoutSidebar: readonly string[] = ['/'];

/** Paths that exist nowhere in SPEC.md §2 and must show the not-found page. */
export const madeUpPaths: readonly string[] = [
  '/docs/does-not-exist',
  '/api/orchard-ai-nonexistent/overview',
  '/tutorials/intro',
  '/pricing',
  '/faqs/faqs/extra',
];
