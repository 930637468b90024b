import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {OPENAPI_DIR} from '../../data/api-table';

/** The loader that makes the Markdown pages rendered from the spec depend on it (why: in ./loader.cjs). */
export const SPEC_DEPENDENCIES_LOADER = path.resolve(__dirname, 'loader.cjs');
/** Where the Markdown that the spec directives are given to lives: the docs', blog's and pages' default folders. */
const MARKDOWN_DIRS = ['docs', 'blog', 'src/pages'];

export default function specDependenciesPlugin(context: LoadContext): Plugin {
  return {
    name: 'novaramp-spec-dependencies',
    configureWebpack: () => ({
      module: {
        rules: [
          {
            test: /\.mdx?$/i,
            // Docusaurus' fallback Markdown rule excludes the `include` of every Markdown rule: it must be there.
            // relies on: mdx-fallback-rule
            include: MARKDOWN_DIRS.map((dir) => path.join(context.siteDir, dir)),
            enforce: 'pre',
            use: [{loader: SPEC_DEPENDENCIES_LOADER, options: {specDir: path.join(context.siteDir, OPENAPI_DIR)}}],
          },
        ],
      },
    }),
  };
}
