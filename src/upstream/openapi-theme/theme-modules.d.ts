/**
 * The OpenAPI theme's components under the names Docusaurus gives them (`@theme/…`), typed from the files the theme
 * ships: it has .d.ts files beside its modules but declares no `@theme/…` module. Only the modules the site imports
 * (./page-layout.ts, ./try-it.ts); contract 'theme modules of
 * the operation page'.
 */
declare module '@theme/ApiExplorer/Authorization/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Authorization/slice';
}
declare module '@theme/ApiExplorer/persistenceMiddleware' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/persistenceMiddleware';
}
declare module '@theme/ApiExplorer/Server/slice' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Server/slice';
}
declare module '@theme/ApiExplorer/storage-utils' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/storage-utils';
}
declare module '@theme/ApiExplorer/Request' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Request';
}
declare module '@theme/ApiExplorer/Response' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Response';
}
declare module '@theme/ApiExplorer/SecuritySchemes' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/SecuritySchemes';
}
declare module '@theme/ApiItem/Layout' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/Layout';
}
declare module '@theme/ApiItem/store' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/store';
}
