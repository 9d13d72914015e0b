// Adds "Was this page helpful?" (src/components/PageFeedback) under a category's generated index page, which renders no DocItem/Footer.
import type {ComponentProps, ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';

import PageFeedback from '@site/src/components/PageFeedback';
import styles from './styles.module.css';

type Props = ComponentProps<typeof DocCategoryGeneratedIndexPage>;

export default function DocCategoryGeneratedIndexPageWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  return (
    <>
      <DocCategoryGeneratedIndexPage {...props} />
      <div className={styles.feedback}>
        <PageFeedback key={pathname} />
      </div>
    </>
  );
}
