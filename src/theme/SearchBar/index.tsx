// The navbar's search box (the classic theme leaves this slot empty): a combobox over the site's own search (src/search).
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import Link from '@docusaurus/Link';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';

import {Excerpt} from '@site/src/components/SearchHitText';
import {defaultHitLimit, type SearchAnswer} from '@site/src/search/engine';
import {failedMessage, loadPagefind, searchPageUrl, searchSite} from '@site/src/search/pagefind';

import hidden from '../visually-hidden.module.css';
import styles from './styles.module.css';

type Found = SearchAnswer & {query: string};
type State = {status: 'idle' | 'searching' | 'failed'; found?: Found};

export default function SearchBar(): ReactNode {
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();
  const history = useHistory();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [state, setState] = useState<State>({status: 'idle'});
  // Where the list starts on a phone, where it is fixed to the screen: just under the box.
  const [panelTop, setPanelTop] = useState(0);
  // Known once the page is live (the server renders "ctrl"): a Mac's shortcut is ⌘K.
  const isMac = useIsBrowser() && /Mac|iPhone|iPad/.test(navigator.platform);
  // Each search's number: an answer that comes after a newer search started is dropped.
  const latest = useRef(0);
  // A query Enter was pressed on before its hits came: its best hit opens when they come.
  const enterPressedOn = useRef<string | undefined>(undefined);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The search loads at the first sign of a reader coming to it, so it is ready by the first key.
  const warmUp = useCallback(() => {
    loadPagefind(baseUrl).catch(() => undefined);
  }, [baseUrl]);

  const openList = () => {
    setOpen(true);
    setPanelTop(Math.round((input.current?.getBoundingClientRect().bottom ?? 0) + 8));
  };

  /** Opens `path` (a hit, or the search page) as a link would. */
  const go = (path: string) => {
    enterPressedOn.current = undefined;
    setOpen(false);
    input.current?.blur();
    history.push(path);
  };

  const search = (text: string) => {
    setQuery(text);
    openList();
    enterPressedOn.current = undefined;
    const ticket = ++latest.current;
    if (!text.trim()) {
      setState({status: 'idle'});
      return;
    }
    setState((previous) => ({...previous, status: 'searching'}));
    searchSite(baseUrl, text, defaultHitLimit).then(
      (answer) => {
        if (ticket !== latest.current) return;
        setState({status: 'idle', found: {...answer, query: text}});
        setActive(0);
        if (enterPressedOn.current === text) go(answer.hits[0]?.path ?? searchPageUrl(baseUrl, text.trim()));
      },
      () => {
        if (ticket === latest.current) setState({status: 'failed'});
      },
    );
  };

  const hits = state.found?.hits ?? [];
  const trimmed = query.trim();
  const showing = open && trimmed !== '';
  const optionId = (index: number) => `${listId}-option-${index}`;
  const allResults = searchPageUrl(baseUrl, trimmed);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const next = (active + (event.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length;
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({block: 'nearest'});
    } else if (event.key === 'Enter' && trimmed) {
      event.preventDefault();
      // The listed hits answer an earlier query: the best hit of this one opens when it comes.
      if (state.status === 'searching' && state.found?.query !== query) enterPressedOn.current = query;
      else go(hits[Math.min(active, hits.length - 1)]?.path ?? allResults);
    } else if (event.key === 'Escape') {
      if (showing) setOpen(false);
      else search('');
    }
  };

  const status =
    state.status === 'failed'
      ? failedMessage
      : !trimmed
        ? ''
        : state.found === undefined
          ? 'Searching…'
          : hits.length === 0
            ? `No results for “${state.found.query}”`
            : `${state.found.total} ${state.found.total === 1 ? 'result' : 'results'}`;
  return (
    <div
      className={styles.box}
      // The list stays open while the focus is in it (on its "See all results" link), and closes when it leaves.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}>
      <input
        ref={input}
        type="search"
        role="combobox"
        aria-label="Search"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing && hits.length > 0 ? optionId(Math.min(active, hits.length - 1)) : undefined}
        placeholder="Search"
        className={`navbar__search-input ${styles.input}`}
        value={query}
        onChange={(event) => search(event.target.value)}
        onFocus={() => {
          warmUp();
          openList();
        }}
        onPointerEnter={warmUp}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
      />
      {!query && (
        <kbd className={styles.hint} aria-hidden="true">
          {isMac ? '⌘' : 'ctrl'} K
        </kbd>
      )}
      <div role="status" className={hidden.visuallyHidden}>
        {showing ? status : ''}
      </div>
      <div className={styles.panel} hidden={!showing} style={{'--search-panel-top': `${panelTop}px`} as CSSProperties}>
        {hits.length === 0 && <p className={styles.message}>{status}</p>}
        {/* The query the listed hits answer: tests and benches wait for it (tests/support/first-search.ts). */}
        <ul
          role="listbox"
          id={listId}
          aria-label="Search results"
          className={styles.list}
          data-answered-query={state.found?.query}>
          {hits.map((hit, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the box's keys choose an option (aria-activedescendant)
            <li
              key={`${hit.path}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // The box keeps the focus: a press on an option must not blur it before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(hit.path)}
              onMouseMove={() => setActive(index)}>
              <span className={styles.title}>{hit.pageTitle}</span>
              {hit.section && <span className={styles.section}> › {hit.section}</span>}
              <Excerpt excerpt={hit.excerpt} className={styles.excerpt} />
            </li>
          ))}
        </ul>
        <Link className={styles.all} to={allResults} autoAddBaseUrl={false} onClick={() => setOpen(false)}>
          See all results for “{trimmed}”
        </Link>
      </div>
    </div>
  );
}
