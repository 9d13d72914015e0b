import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// Main docs (/docs): hand-ordered so a newcomer reads from the overview to troubleshooting.
export default {
  docsSidebar: [
    'index',
    'intro',
    'quickstart',
    'models',
    {
      type: 'category',
      label: 'Use cases',
      link: {
        type: 'generated-index',
        slug: '/category/use-cases',
        description: 'What you can build with Orchard AI, and which API and model serve each goal.',
      },
      items: ['use-cases/analyze', 'use-cases/embed', 'use-cases/generate', 'use-cases/use-case'],
    },
    'responsible-use',
    'troubleshooting',
  ],
} satisfies SidebarsConfig;
