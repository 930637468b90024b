/**
 * The initial state of the try-it panel's Redux store for one operation, as the OpenAPI theme's ApiItem gives it, but
 * for the credentials (src/plugins/operation-page/components/try-it-store.ts adds them with the theme's own `createAuth`). Apart from the store so that
 * Node can compute it: the behaviour contract 'try-it store' (tests/site/behaviour-contracts.test.ts) compares it with
 * the state of the stock ApiItem's store once its forms have mounted.
 */
import {prefillParameters, type Operation} from './operation';

// relies on: try-it-store
export function initialTryItState(api: Operation) {
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => /^2\d\d$/.test(code))
    .flatMap(([, r]) => Object.keys(r.content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  return {
    accept: {value: accept[0], options: accept},
    contentType: {value: contentTypes[0], options: contentTypes},
    server: {value: api.servers?.[0], options: api.servers ?? []},
    response: {value: undefined},
    body: {type: 'empty'},
    params: prefillParameters(api.parameters),
    schemaSelection: {selections: {}},
    encodingSelection: {},
  };
}
