// Adds "Was this page helpful?" (src/components/PageFeedback) after the theme's footer (tags, last update) of every docs page, the OpenAPI theme's reference pages included (its ApiItem layout renders this footer too).
import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import DocItemFooter from '@theme-original/DocItem/Footer';

import PageFeedback from '@site/src/components/PageFeedback';

export default function DocItemFooterWrapper(): ReactNode {
  const {pathname} = useLocation();
  return (
    <>
      <DocItemFooter />
      {/* A new question, unanswered, on each page. */}
      <PageFeedback key={pathname} />
    </>
  );
}
