// Imported by every generated reference page (docusaurus.config.ts, markdownGenerators): the OpenAPI
// theme's page component then travels in those pages' own chunks, loaded before the page renders.
import ApiItem from '@theme/ApiItem';

import {registerApiItem} from './registry';

registerApiItem(ApiItem);
