// Replaces the explorer's in-browser code generator with the samples written at build time
// (x-codeSamples, lib/samples/write.ts): the generator cost megabytes of gzipped JavaScript per page.
import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';

import {sampleGroupId, sampleLanguage} from '@site/src/code-samples';

type CodeSample = {lang: string; label?: string; source: string};
type Props = {codeSamples?: CodeSample[]};

export default function CodeSnippets({codeSamples = []}: Props): ReactNode {
  if (codeSamples.length === 0) return null;
  return (
    <div className="openapi-code-samples margin-bottom--md">
      {/* The guides' tab group and values, so a reader's language choice carries across the whole site. */}
      <Tabs groupId={sampleGroupId}>
        {codeSamples.map(({lang, label, source}) => {
          const known = sampleLanguage(lang);
          const tab = known ?? {value: lang.toLowerCase(), fence: lang.toLowerCase()};
          return (
            <TabItem key={tab.value} value={tab.value} label={label ?? lang}>
              <CodeBlock language={tab.fence}>{source}</CodeBlock>
            </TabItem>
          );
        })}
      </Tabs>
    </div>
  );
}
