/**
 * What every page with a Markdown copy adds for agents and readers, all server-rendered and small:
 * - `AgentDiscovery`: `<link rel="alternate" type="text/markdown">` to the copy in the head, and a one-line
 *   directive to llms.txt at the top of the content, visually hidden and hidden from assistive technology (it is
 *   for agents that read the HTML, not for people);
 * - `CopyPage`: the "Copy page" menu button. The menu itself (copy, view, open in an AI assistant) is a separate
 *   chunk, loaded when the button is pointed at, focused or used, so a page only carries the button;
 * - `DocPageTools`: both, around a doc page's breadcrumbs (src/plugins/agent-markdown/theme/DocBreadcrumbs).
 */
import React, {useCallback, useId, useRef, useState, type ComponentType, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {htmlDirective, markdownUrl} from '@site/src/data/agent-docs';
import type {CopyPageMenuProps} from './CopyPageMenu';
import styles from './styles.module.css';

export function AgentDiscovery({route}: {route: string}): ReactNode {
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={markdownUrl(route)} />
      </Head>
      <p className={styles.directive} aria-hidden="true" data-agent-directive="">
        {htmlDirective(route)}
      </p>
    </>
  );
}

let menuChunk: Promise<ComponentType<CopyPageMenuProps>> | undefined;
const loadMenu = () => (menuChunk ??= import('./CopyPageMenu').then((m) => m.default));

export function CopyPage({route}: {route: string}): ReactNode {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [Menu, setMenu] = useState<ComponentType<CopyPageMenuProps>>();
  const [open, setOpen] = useState<'first' | 'last'>();
  const [status, setStatus] = useState('');
  const prefetch = useCallback(() => void loadMenu().then((m) => setMenu(() => m)), []);
  const show = (focus: 'first' | 'last') => {
    prefetch();
    setStatus('');
    setOpen(focus);
  };
  const close = useCallback((refocus: boolean) => {
    setOpen(undefined);
    if (refocus) button.current?.focus();
  }, []);
  return (
    <div className={styles.copyPage} data-markdown-ignore="">
      <button
        ref={button}
        type="button"
        className={styles.copyPageButton}
        aria-haspopup="menu"
        aria-expanded={open !== undefined}
        aria-controls={open && Menu ? id : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => (open ? close(false) : show('first'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}>
        Copy page
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M7 10l5 5 5-5z" />
        </svg>
      </button>
      {open && Menu && <Menu id={id} route={route} focus={open} button={button} onClose={close} onStatus={setStatus} />}
      <span className={styles.status} role="status">
        {status}
      </span>
    </div>
  );
}

/** The breadcrumbs (`children`) and the "Copy page" button on one row, then the agent discovery. */
export function DocPageTools({route, children}: {route: string; children: ReactNode}): ReactNode {
  return (
    <>
      <div className={styles.bar}>
        {children}
        <CopyPage route={route} />
      </div>
      <AgentDiscovery route={route} />
    </>
  );
}
