/**
 * The try-it panel's Redux store (./TryItPanel.tsx, in the panel's chunk): the OpenAPI theme's store with the initial
 * state its ApiItem gives it, so the theme's forms behave as the stock ones, and the server the visitor chose on an
 * earlier visit put back.
 */
import type {Operation} from '@site/src/data/operation';
// relies on: try-it-store
import {
  createAuth,
  createPersistenceMiddleware,
  createStorage,
  createStoreWithState,
  setServer,
  setServerVariable,
} from '@site/src/upstream/openapi-theme/try-it';
import {initialTryItState} from '@site/src/data/try-it-state';

/** The site's `themeConfig.api` (the theme's options: where the credentials and the server choice persist). */
export interface TryItOptions {
  authPersistence?: false | 'localStorage' | 'sessionStorage';
}

interface SavedServer {
  url?: unknown;
  variables?: Record<string, {default?: unknown} | undefined>;
}

/** The theme's initial try-it state (ApiItem's) for one operation. */
function createStore(api: Operation, options: TryItOptions | undefined) {
  return createStoreWithState(
    {...initialTryItState(api), auth: createAuth({security: api.security, securitySchemes: api.securitySchemes, options} as never)} as never,
    [createPersistenceMiddleware(options as never)],
  );
}

export type TryItStore = ReturnType<typeof createStore>;

/**
 * Puts back the server the visitor chose in the try-it form, from where the theme's persistence middleware keeps it
 * (the `server` key of the `authPersistence` storage, sessionStorage by default), as the theme's ApiItem does when it
 * creates its store: through the slice's own actions, the URL (if it is still one of the operation's servers), then
 * each variable the visitor set (the port of the local mock server, for example).
 */
// relies on: try-it-saved-server
function restoreSavedServer(store: TryItStore, options: TryItOptions | undefined): void {
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

/** The store for one operation's panel, with the visitor's saved server. Browser only (credentials live in storage). */
export function createTryItStore(api: Operation, options: TryItOptions | undefined): TryItStore {
  const store = createStore(api, options);
  restoreSavedServer(store, options);
  return store;
}
