import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// FAQs (/faqs): the overview, then the questions.
export default {
  faqsSidebar: ['index', 'faqs'],
} satisfies SidebarsConfig;
