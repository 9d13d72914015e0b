/**
 * The explorer shows a PDF answer with pdf.js (src/components/ExplorerAnswer/PdfPreview.tsx), which it
 * loads by URL, with its worker, as the package ships them (minified): the bundler has nothing of it to
 * transform. It would emit them at the site's root as `<hash>.mjs`; here they go under `assets/files/`
 * with a `.js` name, so that every host serves them as JavaScript with the long cache of the other
 * hashed assets (hosting/rules.ts), precompressed with them (1.7 MB, 0.4 MB as brotli).
 */
import type {Plugin} from '@docusaurus/types';

export default function pdfReaderPlugin(): Plugin {
  return {
    name: 'pdf-reader',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /pdfjs-dist[\\/]build[\\/]pdf(\.worker)?\.min\.mjs$/,
            type: 'asset/resource',
            generator: {filename: 'assets/files/[name].[contenthash:8].js'},
          },
        ],
      },
    }),
  };
}
