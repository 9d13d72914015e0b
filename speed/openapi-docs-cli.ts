/**
 * docusaurus-plugin-openapi-docs in the site, its module loaded only for its command line. In a build or
 * the dev server the plugin does nothing but register its commands (gen-api-docs, clean-api-docs), and
 * `npm run gen-api-docs` runs its generation without the site (scripts/generate-reference-pages.ts); yet
 * its module loads Redocly's openapi-core, openapi-to-postmanv2 and theirs (about half a second) at every
 * start of Docusaurus, where nothing else is yet to do. This stands in for it: the same name and options,
 * validated with the plugin's own schema, and its commands registered by the plugin itself, made when
 * Docusaurus' command line asks for them (`npx docusaurus gen-api-docs all` still works).
 */
import type {LoadContext, Plugin, PluginConfig, PluginModule} from '@docusaurus/types';
import {OptionsSchema} from 'docusaurus-plugin-openapi-docs/lib/options';

import {asDocsPluginEntry} from './lean-docs-global-data';

const pluginName = 'docusaurus-plugin-openapi-docs';

export default function openApiDocsCli(context: LoadContext, options: unknown): Plugin {
  return {
    name: pluginName,
    extendCli(cli) {
      // The plugin finds its options, and its docs instance, among the site's plugins by their package
      // names: this entry and the docs plugin's wrapper (speed/lean-docs-global-data.ts) are given as theirs.
      const plugins = context.siteConfig.plugins.map((entry): PluginConfig =>
        Array.isArray(entry) && entry[0] === openApiDocsCli ? [pluginName, entry[1]] : asDocsPluginEntry(entry),
      );
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- on demand: the point of this plugin.
      const {default: pluginOpenAPIDocs} = require('docusaurus-plugin-openapi-docs/lib/index') as {
        default: (context: LoadContext, options: unknown) => Plugin;
      };
      pluginOpenAPIDocs({...context, siteConfig: {...context.siteConfig, plugins}}, options).extendCli!(cli);
    },
  };
}

// Docusaurus validates a plugin function's options with the function's own validateOptions: the plugin's schema.
const validateOptions: NonNullable<PluginModule['validateOptions']> = ({options, validate}) =>
  validate(OptionsSchema as never, options);
openApiDocsCli.validateOptions = validateOptions;
