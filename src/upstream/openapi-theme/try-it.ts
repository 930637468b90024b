/**
 * The OpenAPI theme's try-it panel (src/plugins/operation-page/components/TryItPanel.tsx and try-it-store.ts there, a chunk of
 * its own, loaded on use): its forms (authorization, parameters and body, response) and the Redux store they share,
 * made as the theme's ApiItem makes it. Theme-internal paths. Contracts 'theme modules of the operation page' and
 * 'try-it store'; and 'try-it send': the Request form's submit is its Send, which the panel holds until the browser
 * sandbox runs.
 */
export {default as Request} from '@theme/ApiExplorer/Request';
export {default as Response} from '@theme/ApiExplorer/Response';
export {default as SecuritySchemes} from '@theme/ApiExplorer/SecuritySchemes';
export {createAuth} from '@theme/ApiExplorer/Authorization/slice';
export {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
export {setServer, setServerVariable} from '@theme/ApiExplorer/Server/slice';
export {createStorage} from '@theme/ApiExplorer/storage-utils';
export {createStoreWithState} from '@theme/ApiItem/store';
