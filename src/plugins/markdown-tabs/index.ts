/**
 * Markdown pages (guides, workflow pages, the API section's prose pages, blog posts) get the classic theme's
 * `<Tabs>` and `<TabItem>`, not the OpenAPI theme's copies of them (issue #47: the guides back to their first-visit
 * weight). Why: docusaurus-theme-openapi-docs shadows `@theme/Tabs` and `@theme/TabItem` with CommonJS copies
 * compiled from the classic ones and re-pointed to a vendored copy of the tabs hooks, so that its own tab components
 * share one context (its issue 1140). A page's `import Tabs from '@theme/Tabs'` then loads those copies, which
 * `require()` the whole of `@docusaurus/theme-common` (a CommonJS require keeps every export): a chunk of 5.5 KiB
 * gzip on the first visit of every page with tabs, a few of its modules also in other chunks. The classic ones are
 * ES modules that import only the hooks they use.
 * How: for requests made by Markdown files only (an Rspack rule's `resolve`), `@theme/Tabs` and `@theme/TabItem` are
 * Docusaurus' `@theme-init/…` aliases, documented for a theme that wraps a component: the first theme's (the
 * classic) component. The OpenAPI theme's own components, which import `@theme/TabItem` inside their own tabs, keep
 * its copies; a Markdown page's `<Tabs>` and `<TabItem>` are both the classic's, so they share the classic's context.
 * relies on: markdown-tabs (src/upstream/contracts.yaml): the OpenAPI theme shadows both components, so the
 * `@theme-init/…` aliases exist; without the shadowing they would not, and the build fails naming them.
 * Measured with `npm run bench -- --without markdown-tabs` (tools/measure/speed-pieces.ts).
 */
import type {Plugin} from '@docusaurus/types';

/** The Markdown files Docusaurus compiles to pages (docs, blog, pages). */
const MARKDOWN_FILE = /\.mdx?$/;

/** The theme components a Markdown page's tabs are made of. */
export const MARKDOWN_TAB_COMPONENTS = ['Tabs', 'TabItem'] as const;

/**
 * Each component's `@theme/…` alias for Markdown files: the file of its `@theme-init/…` alias in Docusaurus' resolve
 * aliases (the same key, so that the rule's alias replaces the site-wide one for those files).
 */
export function markdownTabAliases(aliases: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    MARKDOWN_TAB_COMPONENTS.map((name) => {
      // relies on: markdown-tabs
      const file = aliases[`@theme-init/${name}`];
      if (typeof file !== 'string')
        throw new Error(
          `src/plugins/markdown-tabs: no @theme-init/${name} alias: the OpenAPI theme no longer shadows the classic ${name} (contract markdown-tabs)`,
        );
      return [`@theme/${name}`, file];
    }),
  );
}

export default function markdownTabsPlugin(): Plugin {
  return {
    name: 'novaramp-markdown-tabs',
    configureWebpack: (config) => ({
      module: {
        rules: [
          {
            // `resource`, not `test`: Docusaurus' fallback Markdown rule excludes the `include` of every rule whose
            // `test` matches .mdx, and this one matches every Markdown file, wherever it is.
            // relies on: mdx-fallback-rule
            resource: MARKDOWN_FILE,
            resolve: {alias: markdownTabAliases((config.resolve?.alias ?? {}) as Record<string, unknown>)},
          },
        ],
      },
    }),
  };
}
