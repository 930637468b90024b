/**
 * The operation page: its Node part writes the API pages during `npm run gen:api` (./generate: each page's MDX, code
 * samples and try-it file, from the kernel's reference model), its browser part is what they render. The generated
 * page (./generate/page.ts) exports its component (./components/ApiPage.tsx), which the docs item component
 * (./components, `docItemComponent` in docusaurus.config.ts) renders; the reference inside it is the static-reference
 * feature's. This plugin serves the page's theme wrappers (./theme): the OpenAPI theme's method and endpoint line,
 * ejected into the seam, the sidebar's item lists, which load an API category's operation pages when it opens
 * (src/upstream/operation-entries), and its links, which carry an operation's method for its badge. It is registered
 * as a theme after docusaurus-theme-openapi-docs: the last theme to provide a component wins, and the OpenAPI theme
 * provides ApiExplorer/MethodEndpoint itself.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function operationPagePlugin(): Plugin {
  return {
    name: 'novaramp-operation-page',
    getThemePath: () => path.resolve(__dirname, 'theme'),
  };
}
