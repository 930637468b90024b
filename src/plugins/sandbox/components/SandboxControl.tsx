/**
 * The Sandbox control at the top of the try-it panel: says that requests to the sandbox server are answered in
 * this browser (nothing leaves the machine), shows the reader's test key (minted on first view, kept in IndexedDB),
 * whether the sandbox runs, and a Reset that empties the sandbox (every object the reader created; the key stays).
 * In the panel's chunk, so no page carries it before the reader opens the panel.
 */
import React, {useEffect, useId, useState, useSyncExternalStore, type ReactNode} from 'react';
import {getSandboxStatus, resetBrowserSandbox, subscribeSandboxStatus, type SandboxStatus} from '../client';
import {getReaderKey, READER_KEY_PLACEHOLDER} from '../client-storage';
import styles from './SandboxControl.module.css';

const SERVER_STATIC: SandboxStatus = {state: 'idle'};

function describe(status: SandboxStatus): string {
  switch (status.state) {
    case 'idle':
      return 'Starts with your first request.';
    case 'starting':
      return 'Starting…';
    case 'running':
      return 'Running in this browser.';
    case 'failed':
      return `Could not start: ${status.reason}.`;
  }
}

export default function SandboxControl(): ReactNode {
  const titleId = useId();
  const status = useSyncExternalStore(subscribeSandboxStatus, getSandboxStatus, () => SERVER_STATIC);
  const [key, setKey] = useState<string>();
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    getReaderKey().then(setKey, () => setKey(undefined));
  }, []);
  const reset = async () => {
    setBusy(true);
    setNotice('');
    try {
      await resetBrowserSandbox();
      setNotice('Sandbox emptied: your next request starts from the seeded test account.');
    } catch (error) {
      setNotice(`Reset failed: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.sandbox} aria-labelledby={titleId} data-sandbox-state={status.state}>
      <p id={titleId} className={styles.title}>
        Browser sandbox
      </p>
      <p className={styles.text}>
        Requests to the sandbox server are answered in this browser and kept here; nothing leaves your machine. Once it runs, the site&apos;s code samples show
        your key.
      </p>
      <dl className={styles.facts}>
        <dt>Your test key</dt>
        <dd>
          {/* Until IndexedDB answers, a hidden key as long: nothing below moves when the key shows. */}
          <code className={key ? styles.key : `${styles.key} ${styles.pending}`}>{key ?? READER_KEY_PLACEHOLDER}</code>
        </dd>
        <dt>Status</dt>
        <dd>{describe(status)}</dd>
      </dl>
      <button type="button" className={styles.reset} onClick={() => void reset()} disabled={busy} aria-describedby={`${titleId}-reset`}>
        Reset sandbox
      </button>
      <span id={`${titleId}-reset`} className={styles.hint}>
        Deletes what you created; the key stays.
      </span>
      <p className={styles.notice} role="status">
        {notice}
      </p>
    </section>
  );
}
