// Replaces the explorer's in-browser code generator with the samples written at build time
// (x-codeSamples, lib/samples/write.ts): the generator cost megabytes of gzipped JavaScript per page.
// A sample calls the server the reader chose in the explorer (the local sandbox, say), as it is copied.
// Under each sample, a button reports it as not working (src/components/PageFeedback/SampleReport).
import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';

import {sampleGroupId, sampleLanguage} from '@site/src/code-samples';
import SampleReport from '@site/src/components/PageFeedback/SampleReport';
import {sampleForServer} from '@site/src/explorer-storage';
import type {ServerLike} from '@site/src/server-url';

type CodeSample = {lang: string; label?: string; source: string};
type Props = {codeSamples?: CodeSample[]};
type ServerState = {server: {value?: ServerLike; options: (ServerLike & {'x-sandbox'?: boolean})[]}};

export default function CodeSnippets({codeSamples = []}: Props): ReactNode {
  const {value: chosen, options} = useTypedSelector((state: ServerState) => state.server);
  const {pathname} = useLocation();
  // The samples are written for the description's own first server (lib/openapi/document.ts).
  const writtenFor = options.find((server) => !server['x-sandbox']) ?? options[0];
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
              <CodeBlock language={tab.fence}>{sampleForServer(source, writtenFor, chosen)}</CodeBlock>
              {/* A new report, closed, on each page. */}
              <SampleReport key={pathname} label={label ?? lang} />
            </TabItem>
          );
        })}
      </Tabs>
    </div>
  );
}
