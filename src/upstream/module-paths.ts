/**
 * Upstream modules our plugins replace, matched by their path inside the package (files
 * that are not part of its public API).
 */

/** The classic theme's client module that loads Prism's languages on every page, which static-code replaces (contract 'Prism at startup'). */
export const PRISM_AT_STARTUP = /[\\/]@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;
