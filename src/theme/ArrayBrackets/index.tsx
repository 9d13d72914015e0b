// Replaces the theme's array brackets, which were <li>s: inside the <li> that src/theme/Schema puts
// around a schema, an array at a body's root nested <li> in <li>, which HTML parsers close early, so
// React's hydration failed (error 418) and the page was rendered again in the browser. Same text and style, in <div>s.
import type {ReactNode} from 'react';

export function OpeningArrayBracket(): ReactNode {
  return (
    <div style={{fontSize: 'var(--ifm-code-font-size)', opacity: 0.6, marginLeft: '-.5rem', paddingBottom: '.5rem'}}>
      Array [
    </div>
  );
}

export function ClosingArrayBracket(): ReactNode {
  return <div style={{fontSize: 'var(--ifm-code-font-size)', opacity: 0.6, marginLeft: '-.5rem'}}>]</div>;
}
