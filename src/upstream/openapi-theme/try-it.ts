/**
 * The OpenAPI theme's try-it components (src/components/ApiDocItem/TryItPanel.tsx, a chunk of its own, loaded on
 * use): theme-internal paths. A module apart from ./page-store.ts so that the page's chunk does not pull them in.
 * Contract 'theme modules of the operation page'.
 */
export {default as Request} from '@theme/ApiExplorer/Request';
export {default as Response} from '@theme/ApiExplorer/Response';
export {default as SecuritySchemes} from '@theme/ApiExplorer/SecuritySchemes';
