// Wraps the sidebar's lists of items: in the production build an API sidebar category lists its first operation page
// and a placeholder for the others, which are kept out of the JS every page loads (src/upstream/operation-entries).
// A category opened before its pages are loaded loads them here, saying so meanwhile, and offers to try again when
// they cannot be loaded. Covered by tests/site/operation-routes.test.ts.
import React, {useEffect, useSyncExternalStore, type ReactNode} from 'react';
// relies on: wraps-doc-sidebar-items
import DocSidebarItems from '@theme-init/DocSidebarItems';
import type DocSidebarItemsType from '@theme/DocSidebarItems';
import type {WrapperProps} from '@docusaurus/types';
// relies on: route-table-files
import {pagesApartKey} from '@site/src/upstream/operation-entries/routes';
// relies on: sidebar-link-markup
import {MENU_LIST_ITEM} from '@site/src/upstream/docusaurus-markup';
// relies on: sidebar-link-markup
import {loadPages, pagesState, subscribe} from '@site/src/upstream/operation-entries/sidebar-pages';
import styles from './styles.module.css';

type Props = WrapperProps<typeof DocSidebarItemsType>;

const retry = (key: string) => () => void loadPages(key).catch(() => undefined);

export default function DocSidebarItemsWrapper(props: Props): ReactNode {
  const placeholder = props.items.find((item) => pagesApartKey(item) !== undefined);
  const key = placeholder && pagesApartKey(placeholder);
  const state = useSyncExternalStore(
    subscribe,
    () => (key === undefined ? undefined : pagesState(key)),
    () => undefined,
  );
  useEffect(() => {
    if (key !== undefined) loadPages(key).catch(() => undefined);
  }, [key]);
  // Once loaded, the pages stand in the same `items` in the placeholder's place.
  if (key === undefined) return <DocSidebarItems {...props} />;
  return (
    <>
      <DocSidebarItems {...props} items={props.items.filter((item) => item !== placeholder)} />
      <li className={`${MENU_LIST_ITEM} ${styles.pending}`} aria-busy={state !== 'failed'}>
        {state === 'failed' ? (
          <>
            <span role="alert">These pages could not be loaded.</span>{' '}
            <button type="button" className={styles.retry} tabIndex={props.tabIndex} onClick={retry(key)}>
              Try again
            </button>
          </>
        ) : (
          <span role="status">Loading pages…</span>
        )}
      </li>
    </>
  );
}
