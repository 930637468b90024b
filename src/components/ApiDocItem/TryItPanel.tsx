/**
 * The OpenAPI theme's own try-it forms (authorization, parameters and body, response) for one operation, with the
 * Redux store they share (./try-it-store.ts): both only in this chunk, loaded on use. The server the form selects goes
 * up to the page (`onServer`), whose endpoint line shows it.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import {Provider} from 'react-redux';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {Operation} from '@site/src/data/operation';
import type {EndpointServer} from '@site/src/upstream/ejected/endpoint-server';
// relies on: theme-modules-of-the-operation-page
import {Request, Response, SecuritySchemes} from '@site/src/upstream/openapi-theme/try-it';
import {createTryItStore, type TryItOptions} from './try-it-store';

export default function TryItPanel({api, onServer}: {api: Operation; onServer?: (server: EndpointServer | undefined) => void}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const [store] = useState(() => createTryItStore(api, (siteConfig.themeConfig as {api?: TryItOptions}).api));
  useEffect(() => {
    if (!onServer) return undefined;
    const report = () => onServer(store.getState().server.value as EndpointServer | undefined);
    report(); // The saved server, put back when the store was made.
    return store.subscribe(report);
  }, [store, onServer]);
  return (
    <Provider store={store}>
      <div className="novaramp-try-it-panel">
        <SecuritySchemes infoPath={undefined as never} />
        <Request item={api as never} />
        <Response item={api as never} />
      </div>
    </Provider>
  );
}
