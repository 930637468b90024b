/**
 * Keeps the server-rendered `<title>` while the page hydrates, so `document.title` is right from the first frame.
 *
 * Why: Docusaurus hydrates inside `startTransition`, so React renders the page in slices and lets the browser
 * paint between them. react-helmet-async (behind `@docusaurus/Head`) registers each `<Head>` as it renders and
 * writes the merged head on the next animation frame. A frame in the middle of hydration therefore writes the
 * head of the part rendered so far: the site default of core's SiteMetadataDefaults, `<title>NovaRamp</title>`,
 * and not yet the page's own title, which only comes with the page's content, after the navbar and the sidebar
 * (the long API sidebar makes it likely on API pages; guides and the home page do it too). The tab then reads
 * "NovaRamp" until hydration reaches the page's metadata.
 *
 * The fix: `@theme/Root`, rendered before everything else, holds a `titleTemplate` that is the title the HTML
 * came with (no `%s`) until hydration is over (`useIsBrowser()` turns true). Helmet applies the innermost
 * template to the innermost title wherever both were registered, so whatever part of the page a frame in
 * between sees, the title it writes is the server's. Then the template goes and the page's own `<Head>` rules
 * as before (client-side navigation is not affected). Covered by tests/site/api-page.test.ts.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export default function hydrationTitlePlugin(): Plugin {
  return {
    name: 'novaramp-hydration-title',
    getThemePath: () => path.resolve(__dirname, 'theme'),
  };
}
