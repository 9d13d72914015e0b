// Loads the offline search box when the reader first reaches for it (pointer, focus or Ctrl/⌘+K)
// instead of on every page load: that keeps about 6 KB of gzipped JavaScript off every first load.
import {lazy, Suspense, useEffect, useRef, useState, type ReactNode} from 'react';

const loadSearchBar = () => import('@theme-original/SearchBar');
const SearchBar = lazy(loadSearchBar);

/** Sets an input's value the way typing does, so React's onChange sees it. */
function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

/** Hands focus (and anything typed while it loaded) to the real search box once it is there. */
function FocusSearchBox({typed}: {typed: string}): null {
  useEffect(() => {
    const input = document.querySelector<HTMLInputElement>('.navbar__search-input');
    if (!input) return;
    input.focus();
    if (typed) typeInto(input, typed);
  }, [typed]);
  return null;
}

export default function SearchBarWrapper(props: Record<string, never>): ReactNode {
  const [active, setActive] = useState(false);
  const typed = useRef('');

  useEffect(() => {
    if (active) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setActive(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active]);

  const placeholder = (
    <div className="navbar__search search-placeholder">
      <input
        className="navbar__search-input"
        placeholder="Search"
        aria-label="Search"
        onPointerEnter={() => void loadSearchBar()}
        onFocus={() => setActive(true)}
        onChange={(event) => {
          typed.current = event.target.value;
        }}
      />
      <kbd className="search-placeholder__hint">ctrl K</kbd>
    </div>
  );
  if (!active) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <SearchBar {...props} />
      <FocusSearchBox typed={typed.current} />
    </Suspense>
  );
}
