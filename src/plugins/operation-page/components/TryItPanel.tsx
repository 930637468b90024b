/**
 * The OpenAPI theme's own try-it forms (authorization, parameters and body, response) for one operation, with the
 * Redux store they share (./try-it-store.ts): both only in this chunk, loaded on use. The server the form selects goes
 * up to the page (`onServer`), whose endpoint line shows it. Above them, the browser sandbox's control; a Send to the
 * sandbox server is held until the browser sandbox runs (src/plugins/sandbox/client.ts), then sent again.
 */
import React, {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import {Provider} from 'react-redux';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {Operation} from '@site/src/data/operation';
import type {EndpointServer} from '@site/src/upstream/ejected/endpoint-server';
// relies on: theme-modules-of-the-operation-page
import {Request, Response, SecuritySchemes} from '@site/src/upstream/openapi-theme/try-it';
import {browserSandboxSettled, isSandboxUrl, startBrowserSandbox} from '@site/src/plugins/sandbox/client';
import SandboxControl from '@site/src/plugins/sandbox/components/SandboxControl';
import EventStreamStop from '@site/src/plugins/sandbox/components/EventStreamStop';
import {createTryItStore, type TryItOptions} from './try-it-store';

export default function TryItPanel({api, onServer}: {api: Operation; onServer?: (server: EndpointServer | undefined) => void}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const baseUrl = useBaseUrl('/');
  const [store] = useState(() => createTryItStore(api, (siteConfig.themeConfig as {api?: TryItOptions}).api));
  useEffect(() => {
    if (!onServer) return undefined;
    const report = () => onServer(store.getState().server.value as EndpointServer | undefined);
    report(); // The saved server, put back when the store was made.
    return store.subscribe(report);
  }, [store, onServer]);
  // The theme's Send submits its form, then fetches. The first Send to the sandbox server waits for the browser
  // sandbox (the service worker must control the page first, or the request would go to the network).
  const holdFirstSend = (event: FormEvent<HTMLDivElement>) => {
    if (browserSandboxSettled() || !isSandboxUrl((store.getState().server.value as EndpointServer | undefined)?.url)) return;
    event.preventDefault();
    event.stopPropagation();
    const form = event.target as HTMLFormElement;
    // Sent once the sandbox runs; if it cannot start (the Sandbox control says why), sent as before it existed. In a
    // task of its own: a form ignores requestSubmit() while its submit event is still being dispatched, which is where
    // a start that fails at once (workers blocked) would call it.
    const sendAgain = () => setTimeout(() => form.isConnected && form.requestSubmit());
    startBrowserSandbox(baseUrl).then(sendAgain, sendAgain);
  };
  return (
    <Provider store={store}>
      <div className="novaramp-try-it-panel" onSubmitCapture={holdFirstSend}>
        <SandboxControl />
        <SecuritySchemes infoPath={undefined as never} />
        <Request item={api as never} />
        {/* relies on: try-it-event-stream */}
        <EventStreamStop />
        <Response item={api as never} />
      </div>
    </Provider>
  );
}
