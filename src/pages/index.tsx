import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import Layout from '@theme/Layout';

import {provider, services} from '@site/src/provider';
import styles from './index.module.css';

type Product = {title: string; description: string; to: string};

// SPEC.md §1: the three APIs and the batch predictor, each with the page a reader starts from.
const products: readonly Product[] = [
  {
    title: 'Predictor',
    description: 'Send one query to a pre-trained model or to your own custom model and get one result back.',
    to: `/api/${services.predictor}/overview`,
  },
  {
    title: 'Trainer',
    description: 'Train a custom model on your own dataset, follow its training, and manage your models and usage.',
    to: `/api/${services.trainer}/overview`,
  },
  {
    title: 'Medley',
    description: 'Run several models at once on one query or on a batch, and get every answer in one response.',
    to: `/api/${services.medley}/overview`,
  },
  {
    title: 'Batch predictor',
    description: 'Send up to 20 queries to a pre-trained or custom model in a single request.',
    to: '/api#batch-predictor',
  },
];

export default function Home(): ReactNode {
  return (
    <Layout
      title="Developer documentation"
      description={`Guides, tutorials and the API reference for ${provider.name}: train, call and combine language models.`}>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.heroTitle}>
            {provider.name} developer documentation
          </Heading>
          <p className={styles.heroTagline}>
            Classify text, extract entities, answer questions and search by meaning with pre-trained models, or train
            your own. Everything runs behind three REST APIs.
          </p>
          <div className={styles.heroActions}>
            <Link className="button button--primary button--lg" to="/docs/quickstart">
              Make your first call
            </Link>
            <Link className="button button--secondary button--lg" to="/api/category/api-reference">
              API reference
            </Link>
          </div>
        </div>
      </header>
      <main className="container margin-vert--xl">
        <Heading as="h2">The APIs</Heading>
        <div className={styles.cards}>
          {products.map(({title, description, to}) => (
            <Link key={title} className={styles.card} to={to}>
              <Heading as="h3">{title}</Heading>
              <p>{description}</p>
            </Link>
          ))}
        </div>
      </main>
    </Layout>
  );
}
