/**
 * The page actions (issue "Docs for agents"): a small disclosure menu beside the breadcrumbs of every
 * docs page that copies the page's Markdown twin, links to it, opens it in ChatGPT or Claude, and
 * copies the MCP configuration of these docs (src/mcp-config.ts). Server-rendered with its list
 * hidden, so nothing moves when it hydrates; the list is positioned over the page. Its root class,
 * `page-actions`, is one of the interface parts plugins/html-markdown.ts leaves out of the twins.
 */
import {useEffect, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';

import {markdownPath} from '@site/src/markdown-twin';
import {mcpConfigText} from '@site/src/mcp-config';
import {provider} from '@site/src/provider';
import styles from './styles.module.css';

const listId = 'page-actions-list';

/** What an assistant is asked to do with a page: read its twin at `url` (absolute). */
const assistantPrompt = (url: string) => `Read ${url} so I can ask questions about it.`;

/** The twin's text, or an error for an answer that is not one. */
async function fetchTwin(path: string): Promise<string> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.text();
}

export default function PageActions(): ReactNode {
  const twin = markdownPath(useLocation().pathname);
  const prompt = encodeURIComponent(assistantPrompt(provider.docsUrl.replace(/\/$/, '') + twin));
  const [open, setOpen] = useState(false);
  // The message of the live region, and a count that restarts its fade-out when the text repeats.
  const [status, setStatus] = useState({text: '', count: 0});
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Asked for when the menu opens, so that "Copy page" usually has the text at hand when clicked.
  const text = useRef<Promise<string>>(null);

  const close = (focusToggle: boolean) => {
    setOpen(false);
    if (focusToggle) toggle.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const copy = async (what: () => Promise<string> | string, done: string) => {
    close(true);
    let message = done;
    try {
      await navigator.clipboard.writeText(await what());
    } catch {
      message = 'Copy failed';
    }
    setStatus(({count}) => ({text: message, count: count + 1}));
  };

  // The twin asked for when the menu opened, or again if that request failed; kept once it arrives.
  const copyPage = () => {
    const pending = (text.current ?? Promise.reject(new Error('not asked yet'))).catch(() => fetchTwin(twin));
    text.current = pending;
    pending.catch(() => (text.current = null));
    return pending;
  };

  return (
    <div
      className={`page-actions ${styles.root}`}
      ref={root}
      onBlur={(event) => {
        // Focus moved on (Tab) out of the menu; a click outside is handled by the pointer listener.
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget)) setOpen(false);
      }}>
      <button
        type="button"
        ref={toggle}
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          if (!open && !text.current) {
            text.current = fetchTwin(twin);
            // Handled when "Copy page" is clicked (it asks again); no unhandled rejection before that.
            text.current.catch(() => undefined);
          }
          setOpen(!open);
        }}>
        Page actions
        <svg className={styles.chevron} viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
          <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <ul id={listId} className={styles.list} hidden={!open}>
        <li>
          <button type="button" className={styles.item} onClick={() => copy(copyPage, 'Page copied as Markdown')}>
            Copy page
          </button>
        </li>
        <li>
          <a className={styles.item} href={twin}>
            View as Markdown
          </a>
        </li>
        <li>
          <a
            className={styles.item}
            href={`https://chatgpt.com/?hints=search&q=${prompt}`}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => close(true)}>
            Open in ChatGPT<span className={styles.hidden}> (opens in new tab)</span>
          </a>
        </li>
        <li>
          <a
            className={styles.item}
            href={`https://claude.ai/new?q=${prompt}`}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => close(true)}>
            Open in Claude<span className={styles.hidden}> (opens in new tab)</span>
          </a>
        </li>
        <li>
          <button type="button" className={styles.item} onClick={() => copy(() => mcpConfigText, 'MCP config copied')}>
            Copy MCP config
          </button>
        </li>
      </ul>
      <span role="status" className={styles.status}>
        {status.text && (
          <span key={status.count} className={styles.message}>
            {status.text}
          </span>
        )}
      </span>
    </div>
  );
}
