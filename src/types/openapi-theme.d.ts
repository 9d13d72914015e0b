// docusaurus-theme-openapi-docs declares no types for its theme components; these are the ones
// src/theme/ApiExplorer uses, with the props it passes.
declare module '@theme/ApiExplorer/SecuritySchemes' {
  import type {ReactNode} from 'react';

  export default function SecuritySchemes(props: {infoPath?: string}): ReactNode;
}

declare module '@theme/ApiExplorer/CodeSnippets' {
  import type {ReactNode} from 'react';

  export default function CodeSnippets(props: {codeSamples?: {lang: string; label?: string; source: string}[]}): ReactNode;
}

declare module '@theme-original/ApiExplorer' {
  import type {ReactNode} from 'react';

  export default function ApiExplorer(props: {item: object; infoPath?: string}): ReactNode;
}

declare module '@theme/ApiItem' {
  import type {ReactNode} from 'react';
  import type {Props} from '@theme/DocItem';

  export default function ApiItem(props: Props): ReactNode;
}
