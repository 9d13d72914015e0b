// docusaurus-theme-openapi-docs declares no types for its theme components; these are the ones
// src/theme/ApiExplorer uses, with the props it passes.
declare module '@theme/ApiExplorer/SecuritySchemes' {
  import type {ReactNode} from 'react';

  export default function SecuritySchemes(props: {infoPath?: string}): ReactNode;
}

declare module '@theme/ApiExplorer/CodeSnippets' {
  import type {ReactNode} from 'react';

  export default function CodeSnippets(props: {
    codeSamples?: {lang: string; label?: string; source: string}[];
  }): ReactNode;
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

// The explorer's store (redux) and the parts of it that src/theme/ApiExplorer reads and sets.
declare module '@theme/ApiItem/hooks' {
  export function useTypedSelector<Selected>(selector: (state: never) => Selected): Selected;
  export function useTypedDispatch(): (action: {type: string; payload?: unknown}) => void;
}

declare module '@theme/ApiExplorer/Accept/slice' {
  export function setAccept(mediaType: string): {type: string; payload: string};
}

declare module '@theme/ApiExplorer/Body/slice' {
  export function setStringRawBody(body: string): {type: string; payload: string};
}

declare module '@theme/ApiExplorer/Server/slice' {
  /** The chosen server, as JSON. */
  export function setServer(server: string): {type: string; payload: string};
  /** One variable of the chosen server, as JSON: `{"key": name, "value": value}`. */
  export function setServerVariable(variable: string): {type: string; payload: string};
}

declare module '@theme/ApiExplorer/Response/slice' {
  export function clearResponse(): {type: string};
  export function clearCode(): {type: string};
  export function clearHeaders(): {type: string};
}

declare module '@theme/ApiExplorer/ParamOptions/slice' {
  /** A parameter of the form with its new value: the theme finds it by `in` and `name`. */
  export function setParam(parameter: {name: string; in: string; value?: unknown}): {type: string; payload: unknown};
}

declare module '@theme/ApiExplorer/FormItem' {
  import type {ReactNode} from 'react';

  export default function FormItem(props: {className?: string; children?: ReactNode}): ReactNode;
}

declare module '@theme/ApiExplorer/LiveEditor' {
  import type {ReactNode} from 'react';

  export default function LiveEditor(props: {
    action: (code: string) => void;
    language: string;
    required?: boolean;
    children: string;
  }): ReactNode;
}

declare module '@theme-original/ApiExplorer/LiveEditor' {
  import type {ReactNode} from 'react';

  export default function LiveEditor(props: {
    action: (code: string) => void;
    language: string;
    required?: boolean;
    children: string;
    /** react-live's transform of the text before it evaluates it; a non-string result stops it. */
    transformCode?: (code: string) => string | null;
  }): ReactNode;
}

declare module '@theme/SchemaTabs' {
  import type {ReactNode} from 'react';

  export default function SchemaTabs(props: {className?: string; lazy?: boolean; children?: ReactNode}): ReactNode;
}

declare module '@theme/ApiTabs' {
  import type {ReactNode} from 'react';

  export default function ApiTabs(props: {label?: string; id?: string; children?: ReactNode}): ReactNode;
}

declare module '@theme/Markdown' {
  import type {ReactNode} from 'react';

  export default function Markdown(props: {children?: string}): ReactNode;
}

declare module '@theme/ResponseHeaders' {
  import type {ReactNode} from 'react';

  export default function ResponseHeaders(props: {responseHeaders: Record<string, unknown>}): ReactNode;
}

declare module '@theme/ResponseSchema' {
  import type {ReactNode} from 'react';

  export default function ResponseSchema(props: {title: string; body: {content?: Record<string, unknown>}}): ReactNode;
}

declare module '@theme-original/ApiExplorer/buildPostmanRequest' {
  export default function buildPostmanRequest(postman: unknown, options: unknown): unknown;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  /** Sets one field (apiKey, token, username, password) of one security scheme's credentials. */
  export function setAuthData(payload: {scheme: string; key: string; value: string | undefined}): {
    type: string;
    payload: unknown;
  };
}
