// Replaces the explorer's in-browser code generator with the samples written at build time
// (x-codeSamples, scripts/code-samples.ts): the generator cost 1.6 MB of gzipped JavaScript per page.
import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';

type CodeSample = {lang: string; label?: string; source: string};
type Props = {codeSamples?: CodeSample[]};

// Tab values shared with the samples of the guides (groupId "code-samples"), so a reader's
// language choice carries across the whole site.
const tabs: Record<string, {value: string; highlight: string}> = {
  Shell: {value: 'curl', highlight: 'bash'},
  Python: {value: 'python', highlight: 'python'},
  JavaScript: {value: 'nodejs', highlight: 'javascript'},
  Go: {value: 'go', highlight: 'go'},
};

export default function CodeSnippets({codeSamples = []}: Props): ReactNode {
  if (codeSamples.length === 0) return null;
  return (
    <div className="openapi-code-samples margin-bottom--md">
      <Tabs groupId="code-samples">
        {codeSamples.map(({lang, label, source}) => {
          const tab = tabs[lang] ?? {value: lang.toLowerCase(), highlight: lang.toLowerCase()};
          return (
            <TabItem key={tab.value} value={tab.value} label={label ?? lang}>
              <CodeBlock language={tab.highlight}>{source}</CodeBlock>
            </TabItem>
          );
        })}
      </Tabs>
    </div>
  );
}
