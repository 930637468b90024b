/**
 * Stands in for @docusaurus/theme-classic's `prism-include-languages` client module, which imports Prism and adds
 * the extra grammars on every page at startup. Code blocks are highlighted at build time, so Prism and the grammars
 * load with the classic CodeBlock when a page still renders one (src/plugins/static-code/theme/CodeBlock).
 */
export {};
