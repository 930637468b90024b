/**
 * An operation page's reference (parameters, request body, responses) as the static HTML rendered when the pages
 * were generated (tools/api-pages/render-reference.ts), which the generated page places with its file's name.
 * The HTML comes from src/plugins/static-reference (why it is not part of the page's JS: there); its tab groups work
 * through ./useStaticTabs.
 */
import React, {useEffect, useRef, type ReactNode} from 'react';
import {useReferenceHtml} from '@novaramp/reference-html';
import {STATIC_REFERENCE_CLASS} from '@site/src/data/static-reference';
import {useStaticTabs} from './useStaticTabs';

function Reference({file}: {file: string}): ReactNode {
  const reference = useReferenceHtml(file);
  const root = useRef<HTMLDivElement>(null);
  useStaticTabs(root, reference.html, reference.panels);
  // Fetched after a client-side navigation: the link's #anchor (a response, a field) exists only now.
  const fetched = useRef(reference.state !== 'ready');
  useEffect(() => {
    if (reference.state !== 'ready' || !fetched.current || !window.location.hash) return;
    fetched.current = false;
    document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  }, [reference.state]);
  if (reference.state === 'failed') {
    return (
      <div className="alert alert--danger" role="alert">
        The reference of this operation could not be loaded. <a href={window.location.pathname}>Reload the page</a> to see it.
      </div>
    );
  }
  return (
    <div
      ref={root}
      className={STATIC_REFERENCE_CLASS}
      data-file={file}
      aria-busy={reference.state === 'loading' || undefined}
      dangerouslySetInnerHTML={{__html: reference.html}}
    />
  );
}

export default function StaticReference({file}: {file: string}): ReactNode {
  return <Reference key={file} file={file} />;
}
