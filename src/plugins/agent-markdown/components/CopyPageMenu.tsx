/**
 * The "Copy page" menu (WAI-ARIA menu button pattern): copy the page's Markdown copy to the clipboard, view it,
 * or open it in an AI assistant with a prompt that links it. Arrow keys, Home and End move between items,
 * Escape closes and returns to the button, Tab or a click elsewhere closes. Loaded on demand (./index.tsx).
 */
import React, {useEffect, useRef, type ReactNode, type RefObject} from 'react';
import {markdownPath, markdownUrl} from '@site/src/data/agent-docs';
import styles from './styles.module.css';

export interface CopyPageMenuProps {
  id: string;
  route: string;
  /** Which item gets the focus when the menu opens. */
  focus: 'first' | 'last';
  button: RefObject<HTMLButtonElement | null>;
  onClose: (refocus: boolean) => void;
  /** Announces the outcome of a copy (the button's live region). */
  onStatus: (message: string) => void;
}

/** Copies the Markdown copy as it is served. The clipboard item takes the pending text, so the copy stays
 * inside the click even where the browser requires it (Safari). */
async function copyMarkdown(path: string): Promise<void> {
  const text = fetch(path).then((r) => {
    if (!r.ok) throw new Error(`${path} answered ${r.status}`);
    return r.text();
  });
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    await navigator.clipboard.write([new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))})]);
  } else {
    await navigator.clipboard.writeText(await text);
  }
}

const prompt = (route: string) => `Read ${markdownUrl(route)} so I can ask you questions about it.`;

export default function CopyPageMenu({id, route, focus, button, onClose, onStatus}: CopyPageMenuProps): ReactNode {
  const menu = useRef<HTMLUListElement>(null);
  const items = (): HTMLElement[] => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    const all = items();
    (focus === 'first' ? all[0] : all[all.length - 1])?.focus();
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) onClose(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [focus, button, onClose]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    } else if (e.key === 'Tab') onClose(true); // back on the button first, so Tab moves on from there
  };

  const copy = () => {
    copyMarkdown(markdownPath(route)).then(
      () => onStatus('Copied the page as Markdown.'),
      (error: Error) => onStatus(`Could not copy the page: ${error.message}`),
    );
    onClose(true);
  };
  const external = {target: '_blank', rel: 'noopener noreferrer', role: 'menuitem', tabIndex: -1, onClick: () => onClose(false)} as const;

  return (
    <ul ref={menu} id={id} role="menu" aria-label="Copy page" className={styles.menu} onKeyDown={onKeyDown}>
      <li role="none">
        <button type="button" role="menuitem" tabIndex={-1} className={styles.item} onClick={copy}>
          Copy page as Markdown
        </button>
      </li>
      <li role="none">
        {/* eslint-disable-next-line @docusaurus/no-html-links -- a file, not a route of the site */}
        <a {...external} className={styles.item} href={markdownPath(route)}>
          View as Markdown
        </a>
      </li>
      <li role="none">
        {/* eslint-disable-next-line @docusaurus/no-html-links -- another site */}
        <a {...external} className={styles.item} href={`https://chatgpt.com/?q=${encodeURIComponent(prompt(route))}`}>
          Open in ChatGPT
        </a>
      </li>
      <li role="none">
        {/* eslint-disable-next-line @docusaurus/no-html-links -- another site */}
        <a {...external} className={styles.item} href={`https://claude.ai/new?q=${encodeURIComponent(prompt(route))}`}>
          Open in Claude
        </a>
      </li>
    </ul>
  );
}
