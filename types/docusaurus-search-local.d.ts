// @easyops-cn/docusaurus-search-local types its options only. Declared: the modules of its server side
// that plugins/search-theme.ts uses (those its postBuild step reads the pages with).
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse' {
  /** One page's search documents, parsed from its HTML (null when the page asks not to be indexed). */
  export type ParsedDocument = {
    pageTitle: string;
    description: string;
    keywords: string;
    sections: {title: string; hash: string; content: string}[];
    breadcrumb: string[];
  };
  export type ParseOptions = {ignoreCssSelectors?: string[]; forceIgnoreNoIndex?: boolean};
  export function parse(html: string, type: string, url: string, options: ParseOptions): ParsedDocument | null;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processPluginOptions' {
  import type {LoadContext} from '@docusaurus/types';
  import type {PluginOptions} from '@easyops-cn/docusaurus-search-local';
  import type {ParseOptions} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/parse';

  export function processPluginOptions(options: PluginOptions, context: LoadContext): ParseOptions;
}

declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/processDocInfos' {
  import type {Props} from '@docusaurus/types';

  export function processDocInfos(
    buildData: Props,
    config: unknown,
  ): {outDir: string; paths: {filePath: string; url: string; type: string}[]}[];
}
