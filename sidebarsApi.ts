import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

import {provider, services, type ServiceKey} from './src/provider';

// One category per service with its task pages, linked to a generated index (/api/category/<service>).
function serviceCategory(service: ServiceKey, label: string, pages: readonly string[]) {
  const id = services[service];
  return {
    type: 'category' as const,
    label,
    link: {
      type: 'generated-index' as const,
      slug: `/category/${id}`,
      description: `Guides for the ${label}.`,
    },
    items: pages.map((page) => `${id}/${page}`),
  };
}

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
      items: [
        `api-reference/${services.predictor}`,
        `api-reference/${services.trainer}`,
        `api-reference/${services.medley}`,
      ],
    },
  ],
} satisfies SidebarsConfig;
