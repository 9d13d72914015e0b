// The request body starts as the operation's first named example, not a body generated from the
// schema (`{"query": "string"}`) that the API would reject: one tab per named example, the first one
// chosen, whole where the page shows it shortened (src/explorer-example.ts). Bodies without named
// examples keep the theme's editor.
import type {ComponentProps, ReactNode} from 'react';
import Body from '@theme-original/ApiExplorer/Body';
import FormItem from '@theme/ApiExplorer/FormItem';
import LiveEditor from '@theme/ApiExplorer/LiveEditor';
import {setStringRawBody} from '@theme/ApiExplorer/Body/slice';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import Markdown from '@theme/Markdown';
import SchemaTabs from '@theme/SchemaTabs';
import TabItem from '@theme/TabItem';

import {explorerExample, type NamedExample} from '@site/src/explorer-example';

type BodyMetadata = {content?: Record<string, {examples?: Record<string, NamedExample>}>};
type Props = ComponentProps<typeof Body> & {requestBodyMetadata?: BodyMetadata; required?: boolean};

/** The named examples of the body for a media type, in their order in the description. */
function namedExamples(metadata: BodyMetadata | undefined, mediaType: string | undefined): [string, NamedExample][] {
  return Object.entries((mediaType && metadata?.content?.[mediaType]?.examples) ?? {});
}

/** The example as the editor shows it (a string value is already the body's text). */
function exampleText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export default function BodyWrapper(props: Props): ReactNode {
  const contentType = useTypedSelector((state: {contentType: {value?: string}}) => state.contentType.value);
  const dispatch = useTypedDispatch();
  const examples = namedExamples(props.requestBodyMetadata as BodyMetadata | undefined, contentType);
  const isJson =
    contentType !== undefined && (contentType.includes('application/json') || contentType.endsWith('+json'));
  if (!isJson || examples.length === 0) return <Body {...props} />;
  return (
    <FormItem className="openapi-explorer__form-item-body-container">
      {/* lazy: only the chosen tab's editor is mounted, and an editor sets the body when it mounts. */}
      <SchemaTabs className="openapi-tabs__schema" lazy>
        {examples.map(([name, shown], index) => {
          const example = explorerExample(shown);
          return (
            <TabItem key={name} label={name} value={name} default={index === 0}>
              {example.summary && <Markdown>{example.summary}</Markdown>}
              <LiveEditor
                key={`${contentType}-${name}`}
                action={(code: string) => dispatch(setStringRawBody(code))}
                language="json"
                required={props.required}>
                {exampleText(example.value)}
              </LiveEditor>
            </TabItem>
          );
        })}
      </SchemaTabs>
    </FormItem>
  );
}
