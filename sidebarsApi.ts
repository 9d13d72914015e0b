import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {referenceCategories, serviceCategory} from './lib/api-sidebar';
import {provider} from './src/provider';

// API section (/api): overview, one category per service, then the generated reference.
export default {
  apiSidebar: [
    'index',
    serviceCategory('predictor', `${provider.name} Predictor`, ['overview', 'requests', 'caching-requests']),
    serviceCategory('trainer', `${provider.name} Trainer`, [
      'overview',
      'dataset',
      'customize-training',
      'launch-training',
      'monitoring',
      'pretrained-model',
    ]),
    serviceCategory('medley', `${provider.name} Medley`, ['overview', 'compose-apis']),
    {
      type: 'category',
      label: 'API reference',
      link: {
        type: 'generated-index',
        slug: '/category/api-reference',
        description: 'Every endpoint of every Orchard AI API, generated from its OpenAPI description.',
      },
      items: referenceCategories(),
    },
    // Written by gen-api-docs from the descriptions' git history (lib/openapi/changelog.ts).
    'changelog',
  ],
} satisfies SidebarsConfig;
