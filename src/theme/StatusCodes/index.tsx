// Replaces the theme's response tabs (same markup and parts) for what a wrapper cannot reach: each
// response has a stable anchor (`#response-2xx`) that prefixes its fields' anchors, and a range code
// such as 2XX keeps its status colour (the theme colours tabs by parseInt of the code) and comes
// first (JavaScript puts integer keys such as 422 before 2XX).
import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import ApiTabs from '@theme/ApiTabs';
import Details from '@theme/Details';
import Markdown from '@theme/Markdown';
import ResponseHeaders from '@theme/ResponseHeaders';
import ResponseSchema from '@theme/ResponseSchema';
import TabItem from '@theme/TabItem';

import {anchorId, AnchorScopeProvider} from '@site/src/components/ReferenceAnchors';

type Response = {description?: string; headers?: Record<string, unknown>; content?: Record<string, unknown>};
type Props = {label?: string; id?: string; responses?: Record<string, Response>};

/** success, danger or info, by the code's first digit: `2XX` and `201` alike (src/css/custom.css colours them). */
function statusKind(code: string): string {
  if (code.startsWith('2')) return 'success';
  if (code.startsWith('4') || code.startsWith('5')) return 'danger';
  return 'info';
}

/** Codes in numeric order, a range at the place of its first code: 2XX, 404, 422. */
function byCode(a: string, b: string): number {
  return a.replace(/X/gi, '0').localeCompare(b.replace(/X/gi, '0'));
}

export default function StatusCodes({label, id, responses}: Props): ReactNode {
  const codes = Object.keys(responses ?? {}).sort(byCode);
  if (!responses || codes.length === 0) return null;
  return (
    <ApiTabs label={label} id={id}>
      {codes.map((code) => {
        const response = responses[code]!;
        const anchor = anchorId('response', code.toLowerCase());
        return (
          <TabItem key={code} label={code} value={code} attributes={{id: anchor, 'data-status': statusKind(code)}}>
            <AnchorScopeProvider id={anchor}>
              <div>
                {response.description && (
                  <div style={{marginTop: '.5rem', marginBottom: '.5rem'}}>
                    <Markdown>{response.description}</Markdown>
                  </div>
                )}
              </div>
              {response.headers && (
                <Details
                  className="openapi-markdown__details"
                  data-collapsed
                  open={false}
                  style={{textAlign: 'left', marginBottom: '1rem'}}
                  summary={
                    <summary>
                      <strong>
                        {translate({id: 'theme.openapi.statusCodes.responseHeaders', message: 'Response Headers'})}
                      </strong>
                    </summary>
                  }>
                  <ResponseHeaders responseHeaders={response.headers} />
                </Details>
              )}
              <ResponseSchema
                title={translate({id: 'theme.openapi.statusCodes.schemaTitle', message: 'Schema'})}
                body={{content: response.content}}
              />
            </AnchorScopeProvider>
          </TabItem>
        );
      })}
    </ApiTabs>
  );
}
