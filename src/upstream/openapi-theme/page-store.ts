/**
 * The OpenAPI theme's modules the operation page composes its store and layout from (src/components/ApiDocItem/ApiPage.tsx):
 * theme-internal paths, not components the theme documents for swizzling. Contracts 'theme modules of the operation page'
 * and 'try-it store'.
 */
export {createAuth} from '@theme/ApiExplorer/Authorization/slice';
export {createPersistenceMiddleware} from '@theme/ApiExplorer/persistenceMiddleware';
export {setServer, setServerVariable} from '@theme/ApiExplorer/Server/slice';
export {createStorage} from '@theme/ApiExplorer/storage-utils';
export {default as ApiItemLayout} from '@theme/ApiItem/Layout';
export {createStoreWithState} from '@theme/ApiItem/store';
