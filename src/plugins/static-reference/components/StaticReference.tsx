/**
 * An operation page's reference (parameters, request body, responses) as the static HTML rendered when the pages
 * were generated (tools/reference/html.tsx), which the generated page places with its file's name. The HTML comes
 * from src/plugins/static-reference (why it is not part of the page's JS: there); ./reference-dom.ts makes its tabs,
 * deferred panels, components shown apart and in-reference links work.
 */
import React, {useEffect, useRef, type ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useReferenceHtml} from '@novaramp/reference-html';
import {COMPONENT_URL, STATIC_REFERENCE_CLASS, type ReferenceFile} from '@site/src/data/static-reference';
import {attachReference, reveal} from './reference-dom';

/** The components shown apart that this visit loaded, by URL (each page that shows one loads the same file). */
const components = new Map<string, Promise<ReferenceFile>>();

function loadComponent(url: string): Promise<ReferenceFile> {
  let file = components.get(url);
  if (!file) {
    file = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`${url}: ${r.status}`);
      return r.json() as Promise<ReferenceFile>;
    });
    file.catch(() => components.delete(url));
    components.set(url, file);
  }
  return file;
}

function Reference({file}: {file: string}): ReactNode {
  const reference = useReferenceHtml(file);
  const root = useRef<HTMLDivElement>(null);
  const componentUrl = useBaseUrl(COMPONENT_URL);
  const {panels, html, state} = reference;
  useEffect(() => {
    const element = root.current;
    if (!element || state !== 'ready') return undefined;
    return attachReference(element, {panels, component: (name) => loadComponent(`${componentUrl}${name}`)});
  }, [html, state, panels, componentUrl]);
  // A link's #anchor (a response, a field) once the reference is there: it may sit in a tab or a <details> to open.
  const revealed = useRef(false);
  useEffect(() => {
    const element = root.current;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!element || state !== 'ready' || revealed.current || !id) return;
    revealed.current = true;
    void reveal(element, id, {panels, component: (name) => loadComponent(`${componentUrl}${name}`)}, () => undefined).then((target) =>
      target?.scrollIntoView(),
    );
  }, [state, panels, componentUrl]);
  if (state === 'failed') {
    return (
      <div className="alert alert--danger" role="alert">
        The reference of this operation could not be loaded.{' '}
        {/* eslint-disable-next-line @docusaurus/no-html-links -- a full reload, which a router link would not do */}
        <a href={window.location.pathname}>Reload the page</a> to see it.
      </div>
    );
  }
  return (
    <div ref={root} className={STATIC_REFERENCE_CLASS} data-file={file} aria-busy={state === 'loading' || undefined} dangerouslySetInnerHTML={{__html: html}} />
  );
}

export default function StaticReference({file}: {file: string}): ReactNode {
  return <Reference key={file} file={file} />;
}
