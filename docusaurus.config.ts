import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {themes as prismThemes} from 'prism-react-renderer';

import routeSourcesPlugin from './src/plugins/route-sources';
import {provider, services} from './src/provider';

// Options every docs instance shares (STYLE.md: declared once, spread into each instance).
const commonDocsOptions = {
  breadcrumbs: true,
  // Sidebar categories start expanded so readers see every page of a section at once.
  sidebarCollapsed: false,
} satisfies DocsOptions;

// One docs instance per top-level folder; folder name = plugin id = route base path.
function docsInstance(id: 'api' | 'tutorials' | 'faqs' | 'markdown-page', sidebarPath: string): [string, DocsOptions] {
  return [
    '@docusaurus/plugin-content-docs',
    {...commonDocsOptions, id, path: id, routeBasePath: id, sidebarPath},
  ];
}

const themeConfig = {
  // SPEC.md §1: light by default even when the OS prefers dark; the switch is shown.
  colorMode: {
    defaultMode: 'light',
    disableSwitch: false,
    respectPrefersColorScheme: false,
  },
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
    copyright: provider.copyright,
  },
  // SPEC.md §1: page tables of contents cover heading levels 2 to 3.
  tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
  docs: {
    // SPEC.md §1: doc sidebars cannot be hidden and categories do not auto-collapse.
    sidebar: {hideable: false, autoCollapseCategories: false},
  },
  prism: {
    theme: prismThemes.github,
    darkTheme: prismThemes.dracula,
    additionalLanguages: ['bash', 'json', 'python', 'go'],
  },
} satisfies Preset.ThemeConfig;

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
  markdown: {hooks: {onBrokenMarkdownLinks: 'warn'}},
  // SPEC.md §1: English is the default and only locale.
  i18n: {defaultLocale: 'en', locales: ['en']},
  // Docusaurus v4 behaviour today, including the Rspack bundler (@docusaurus/faster).
  future: {v4: true},
  presets: [
    [
      'classic',
      {
        docs: {...commonDocsOptions, path: 'docs', routeBasePath: 'docs', sidebarPath: './sidebars.ts'},
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        // SPEC.md §1: the site is indexable; the sitemap lists every route.
        sitemap: {changefreq: 'weekly', priority: 0.5},
      } satisfies Preset.Options,
    ],
  ],
  plugins: [
    docsInstance('api', './sidebarsApi.ts'),
    docsInstance('tutorials', './sidebarsTutorials.ts'),
    docsInstance('faqs', './sidebarsFaqs.ts'),
    // SPEC.md §2: /markdown-page shows a sidebar like every route but the home page, so it is a docs
    // instance (the contributors' writing guide) rather than a sidebar-less standalone page.
    docsInstance('markdown-page', './sidebarsMarkdownPage.ts'),
    routeSourcesPlugin,
  ],
  themeConfig,
} satisfies Config;
