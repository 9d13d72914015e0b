import type {Config, PluginModule} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {ThemeConfig as OpenApiThemeConfig} from 'docusaurus-theme-openapi-docs/src/types';

import {announcementBar} from './src/announcement';
import {gitHistory} from './lib/git-history';
import {parseFrontMatter} from './plugins/front-matter';
import llmsTxtPlugin from './plugins/llms-txt';
import contentChecks from './plugins/content-checks';
import oauth2CallbackPlugin from './plugins/oauth2-callback';
import pdfReaderPlugin from './plugins/pdf-reader';
import postBuildSignalPlugin from './plugins/post-build-signal';
import referenceHtmlPlugin from './plugins/reference-html';
import rehypeKeyboardTables from './plugins/rehype-keyboard-tables';
import routeSourcesPlugin from './plugins/route-sources';
import searchIndexPlugin from './plugins/search-index';
import socialCardsPlugin from './plugins/social-cards';
import {apiDocsPluginId, openApiPluginOptions} from './lib/openapi/plugin-options';
import {darkCodeTheme, lightCodeTheme} from './src/prism-themes';
import {docsPlugin, openApiDocsEntry, speedPlugins, ssrTemplate} from './speed';
import {provider, services} from './src/provider';
import {feedbackApiUrl as feedbackApiSetting, feedbackMetaName} from './lib/feedback/setting';

// Options every docs instance shares (STYLE.md: declared once, spread into each instance).
const commonDocsOptions = {
  breadcrumbs: true,
  // Sidebar categories start expanded so readers see every page of a section at once.
  sidebarCollapsed: false,
  // Wide tables scroll sideways: they take keyboard focus so keyboard users can scroll them too.
  rehypePlugins: [rehypeKeyboardTables],
  // Each page shows the date of its file's last commit (generated reference pages: their description's).
  showLastUpdateTime: true,
} satisfies DocsOptions;

// Each docs instance's sidebar file, by instance id (the preset's /docs is "default").
const sidebarFiles = {
  default: 'sidebars.ts',
  api: 'sidebarsApi.ts',
  tutorials: 'sidebarsTutorials.ts',
  faqs: 'sidebarsFaqs.ts',
  'markdown-page': 'sidebarsMarkdownPage.ts',
} as const;

// One docs instance per top-level folder; folder name = plugin id = route base path.
function docsInstance(
  id: Exclude<keyof typeof sidebarFiles, 'default'>,
  extra: Partial<DocsOptions> = {},
): [PluginModule<unknown>, DocsOptions] {
  return [
    // The docs plugin (with the speed layer's leaner global data: speed/lean-docs-global-data.ts).
    docsPlugin,
    {...commonDocsOptions, id, path: id, routeBasePath: id, sidebarPath: `./${sidebarFiles[id]}`, ...extra},
  ];
}

// Read once: a wrong value stops the build here, naming the variable.
const feedbackApiUrl = feedbackApiSetting();

const themeConfig = {
  // SPEC.md §1: light by default even when the OS prefers dark; the switch is shown.
  colorMode: {
    defaultMode: 'light',
    disableSwitch: false,
    respectPrefersColorScheme: false,
  },
  // SPEC.md §2, §4: dismissible, and shown again when its id changes; it points new readers at the quickstart.
  announcementBar,
  navbar: {
    title: provider.name,
    logo: {alt: `${provider.name} logo`, src: 'img/logo.svg'},
    // SPEC.md §2: the navbar hides when scrolling down and reappears when scrolling up.
    hideOnScroll: true,
    items: [
      // Each item links to its section's first page and stays active anywhere in that section.
      {to: '/docs/intro', label: 'Home', position: 'left', activeBaseRegex: '^/docs(/|$)'},
      {
        to: `/api/${services.predictor}/overview`,
        label: 'API',
        position: 'left',
        activeBaseRegex: '^/api(/|$)',
      },
      {to: '/tutorials/api-key', label: 'Tutorials', position: 'left', activeBaseRegex: '^/tutorials(/|$)'},
      {to: '/faqs/faqs', label: 'FAQs', position: 'left', activeBaseRegex: '^/faqs(/|$)'},
      {href: provider.portalUrl, label: 'Developer portal', position: 'right'},
      {href: provider.websiteUrl, label: provider.name, position: 'right'},
    ],
  },
  footer: {
    style: 'dark',
    // Where a reader goes next: the reference, help with API errors, the portal (keys) and the company.
    links: [
      {label: 'API reference', to: '/api/category/api-reference'},
      {label: 'Troubleshooting', to: '/docs/troubleshooting'},
      {label: 'Developer portal', href: provider.portalUrl},
      {label: provider.name, href: provider.websiteUrl},
    ],
    copyright: provider.copyright,
  },
  // SPEC.md §1: page tables of contents cover heading levels 2 to 3.
  tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  docs: {
    // SPEC.md §1: doc sidebars cannot be hidden and categories do not auto-collapse.
    sidebar: {hideable: false, autoCollapseCategories: false},
  },
  // API explorer (docusaurus-theme-openapi-docs).
  api: {
    // The theme keeps no key: typed keys stay in the page's memory, or in sessionStorage for the tab when
    // the reader ticks "Remember for this tab" (src/theme/ApiExplorer/Authorization), never elsewhere.
    authPersistence: false,
  },
  prism: {
    // GitHub and Dracula, with every token colour at WCAG AA contrast.
    theme: lightCodeTheme,
    darkTheme: darkCodeTheme,
    // JSON, Python and Go come with prism-react-renderer; curl samples need bash.
    additionalLanguages: ['bash'],
  },
} satisfies Preset.ThemeConfig & OpenApiThemeConfig;

export default {
  title: provider.name,
  tagline: 'Language AI you can train, call and combine through three REST APIs.',
  favicon: 'img/favicon.svg',
  url: provider.docsUrl,
  baseUrl: '/',
  // SPEC.md §1: the page title uses a vertical bar as delimiter.
  titleDelimiter: '|',
  // SPEC.md §1: broken links fail the build; broken markdown links and duplicate routes only warn.
  onBrokenLinks: 'throw',
  onDuplicateRoutes: 'warn',
  markdown: {hooks: {onBrokenMarkdownLinks: 'warn'}, parseFrontMatter},
  // SPEC.md §1: English is the default and only locale.
  i18n: {defaultLocale: 'en', locales: ['en']},
  // Docusaurus v4 behaviour today, including the Rspack bundler (@docusaurus/faster). Rspack's
  // persistent cache serves the dev server only: in a production build it holds megabytes more memory
  // per thousand operation pages and is no faster from cold, which every CI build is (bench/README.md,
  // "Tricks without a switch").
  future: {
    v4: true,
    faster: {rspackPersistentCache: process.env.NODE_ENV !== 'production'},
    // Last-updated dates from one read of the git history (Docusaurus' eager preset; made-up dates in
    // `npm start`), and none where the site has no history (lib/git-history.ts).
    experimental_vcs: gitHistory(__dirname).complete ? 'default-v2' : 'disabled',
  },
  // Where pages send "Was this page helpful?" (FEEDBACK_API_URL, lib/feedback/setting.ts): the widget
  // reads it here, the hosting step and `npm run serve` from the meta tag; none, no widget.
  customFields: {feedbackApiUrl},
  headTags: feedbackApiUrl ? [{tagName: 'meta', attributes: {name: feedbackMetaName, content: feedbackApiUrl}}] : [],
  // The app starts once the page is painted (speed/boot-after-paint.ts): scripts the parser waits for
  // delay the first paint, about a second of LCP on a large site (bench/README.md, "Speed tricks").
  ssrTemplate,
  presets: [
    [
      'classic',
      {
        docs: {...commonDocsOptions, path: 'docs', routeBasePath: 'docs', sidebarPath: `./${sidebarFiles.default}`},
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        // SPEC.md §1: the site is indexable; the sitemap lists every route.
        // The search results page and the explorer's sign-in page are tools, not content: out of the sitemap.
        sitemap: {changefreq: 'weekly', priority: 0.5, ignorePatterns: ['/search', '/oauth2-callback']},
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    // The API section holds both its guides and the generated reference: guides render as plain docs,
    // reference pages with the OpenAPI theme (src/components/ApiDocItem).
    docsInstance(apiDocsPluginId, {docItemComponent: '@site/src/components/ApiDocItem'}),
    // docusaurus-plugin-openapi-docs, for its commands (gen-api-docs): its options are shared with
    // scripts/generate-reference-pages.ts, which runs its generation (speed/openapi-docs-cli.ts).
    openApiDocsEntry(openApiPluginOptions),
    docsInstance('tutorials'),
    docsInstance('faqs'),
    // SPEC.md §2: /markdown-page shows a sidebar like every route but the home page, so it is a docs
    // instance (the contributors' writing guide) rather than a sidebar-less standalone page.
    docsInstance('markdown-page'),
    routeSourcesPlugin,
    // Duplicate routes warn naming both files; a page in no sidebar fails the build naming the sidebar file.
    contentChecks(sidebarFiles),
    // /llms.txt and a Markdown version of every page, for AI assistants and tools.
    llmsTxtPlugin,
    // Offline search: Pagefind indexes the docs pages after the build; the browser loads the chunks a query needs.
    searchIndexPlugin,
    // Every page's og:image, drawn at build time (src/social-card.ts says where).
    socialCardsPlugin,
    // Every field and schema alternative of a reference page in its HTML (a fix of the OpenAPI theme).
    referenceHtmlPlugin,
    pdfReaderPlugin,
    oauth2CallbackPlugin,
    // Says when the post-build steps begin, for the bundles' compression (scripts/build.ts).
    postBuildSignalPlugin,
    // The speed layer (speed/): faster builds and lighter pages, each trick switchable (SPEED_OFF).
    ...speedPlugins,
  ],
  themes: ['docusaurus-theme-openapi-docs'],
  themeConfig,
} satisfies Config;
