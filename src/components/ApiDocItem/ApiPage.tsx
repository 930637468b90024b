/**
 * An operation page: the OpenAPI theme's ApiItem layout (same Redux store, same left column rendered from
 * the generated MDX, whose reference part is static HTML made at generation time: tools/reference/html.tsx),
 * but the right column shows the code samples generated and highlighted at build time
 * (tools/api-pages/code-samples.ts) as static HTML, and the try-it panel loads on first use, with the operation's
 * try-it file (tools/api-pages/try-it.ts): the page's own JS carries only what the endpoint line shows.
 * Why not the theme's ApiItem: it renders the right column only in the browser (a skeleton in the HTML)
 * and imports the snippet generators eagerly.
 */
import React, {useCallback, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import Metadata from '@theme/DocItem/Metadata';
import type {Props} from '@theme/DocItem';
import {SchemaExpansionProvider} from '@theme/SchemaExpansion';
import {Provider} from 'react-redux';
import {prefillParameters, type Operation} from '@site/src/data/operation';
import {
  ApiItemLayout as Layout,
  createAuth,
  createPersistenceMiddleware,
  createStorage,
  createStoreWithState,
  setServer,
  setServerVariable,
} from '@site/src/upstream/openapi-theme/page-store';
import CodeSamples, {type CodeSampleHtml} from './CodeSamples';
import TryIt from './TryIt';

/** The theme's initial try-it state (ApiItem's), so the panel behaves as the stock one. */
function createStore(api: Operation, options: unknown) {
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => /^2\d\d$/.test(code))
    .flatMap(([, r]) => Object.keys(r.content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  const params = prefillParameters(api.parameters);
  const apiOptions = options as {authPersistence?: string} | undefined;
  // Credentials live in browser storage; the server render starts without them.
  const inBrowser = ExecutionEnvironment.canUseDOM;
  const auth = inBrowser ? createAuth({security: api.security, securitySchemes: api.securitySchemes, options: apiOptions} as never) : {data: {}, options: {}};
  return createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      // The first server from the start (server render included), as the try-it panel would pick it; the
      // visitor's own choice comes back when they open the panel (restoreSavedServer).
      server: {value: api.servers?.[0], options: api.servers ?? []},
      response: {value: undefined},
      body: {type: 'empty'},
      params,
      auth,
      schemaSelection: {selections: {}},
      encodingSelection: {},
    } as never,
    [createPersistenceMiddleware(options as never)],
  );
}

type Store = ReturnType<typeof createStore>;
interface SavedServer {
  url?: unknown;
  variables?: Record<string, {default?: unknown} | undefined>;
}

/**
 * Puts back the server the visitor chose in the try-it form, from where the theme's persistence middleware keeps
 * it (the `server` key of the `authPersistence` storage, sessionStorage by default), as the theme's ApiItem does
 * when it creates its store. Not in the initial state: the server render and hydration must show the first
 * server. Not right after hydration either: the endpoint line would change under the visitor's eyes (it wraps
 * on a phone, so the page below it would move). When the visitor opens the try-it panel, the one place the
 * choice matters: the endpoint line then changes in answer to that click. Through the slice's own actions: the
 * URL (if it is still one of the operation's servers), then each variable the visitor set (the port of the
 * local mock server, for example).
 */
function restoreSavedServer(store: Store, options: {authPersistence?: false | 'localStorage' | 'sessionStorage'} | undefined): void {
  let saved: SavedServer | null;
  try {
    saved = JSON.parse(createStorage(options?.authPersistence ?? 'sessionStorage').getItem('server') ?? 'null') as SavedServer | null;
  } catch {
    return; // Not JSON: the theme's own form falls back to the first server as well.
  }
  const {value, options: servers} = store.getState().server;
  const chosen = servers.find((s) => s.url === saved?.url);
  if (!saved || !chosen) return;
  if (value?.url !== chosen.url) store.dispatch(setServer(JSON.stringify(chosen)));
  for (const [key, variable] of Object.entries(saved.variables ?? {})) {
    if (chosen.variables?.[key] && typeof variable?.default === 'string') store.dispatch(setServerVariable(JSON.stringify({key, value: variable.default})));
  }
}

export default function ApiPage(props: Props): ReactNode {
  const MDXComponent = props.content;
  const {api, try_it: tryItFile} = MDXComponent.frontMatter as {api: Operation; try_it?: string};
  // Exported by the generated page (tools/api-pages/page.ts).
  const codeSamples = (MDXComponent as unknown as {codeSamples?: CodeSampleHtml[]}).codeSamples ?? [];
  const {siteConfig} = useDocusaurusContext();
  const options = (siteConfig.themeConfig as {api?: unknown}).api;
  const [store, setStore] = useState(() => createStore(api, options));
  // The whole operation arrives with the try-it panel: the store starts again from it, with the visitor's server.
  const onLoaded = useCallback(
    (full: Operation) => {
      const next = createStore(full, options);
      restoreSavedServer(next, options as Parameters<typeof restoreSavedServer>[1]);
      setStore(next);
    },
    [options],
  );
  return (
    <DocProvider content={props.content}>
      <HtmlClassNameProvider className={`docs-doc-id-${props.content.metadata.id}`}>
        <Metadata />
        <Layout>
          <Provider store={store}>
            <SchemaExpansionProvider>
              <div className={clsx('row', 'theme-api-markdown')}>
                <div className="col col--7 openapi-left-panel__container">
                  <MDXComponent />
                </div>
                <div className="col col--5 openapi-right-panel__container">
                  {api.method !== 'event' && <CodeSamples samples={codeSamples} />}
                  <TryIt api={api} file={tryItFile} onLoaded={onLoaded} />
                </div>
              </div>
            </SchemaExpansionProvider>
          </Provider>
        </Layout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
