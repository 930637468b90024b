/**
 * Upstream modules our plugins replace or give other dependencies, matched by their path inside the package (files
 * that are not part of its public API).
 */

/** The OpenAPI theme's Markdown component, whose rehype-raw page-weight aliases to a no-op (contract 'theme Markdown plugins'). */
export const OPENAPI_THEME_MARKDOWN = /[\\/]node_modules[\\/]docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/]Markdown[\\/]index\.js$/;

/** The classic theme's client module that loads Prism's languages on every page, which static-code replaces (contract 'Prism at startup'). */
export const PRISM_AT_STARTUP = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;
