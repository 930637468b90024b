/**
 * Writes every built page with all its end tags (`</p>`, `</li>`, `</td>`, `</html>`…), otherwise as minified.
 *
 * Why: Docusaurus minifies the HTML with @swc/html and omits every end tag the HTML standard lets a page omit
 * (`tagOmission: 'keep-head-and-body'`, fixed in @docusaurus/bundler, no option). Browsers rebuild the same tree,
 * but the lenient parsers that agent tools and crawlers use do not: node-html-parser (behind the afdocs checker
 * and many HTML-to-Markdown converters) nests the rest of the page into the first unclosed paragraph and no
 * longer finds `<main>`, so the page's text reads as one block with the navigation. The same minifier, run again
 * with tag omission off and everything else left as it is, only adds the end tags back.
 * Each file is replaced atomically: other plugins' postBuild hooks (the Markdown copies) read the pages meanwhile.
 * Covered by tests/site/build.test.ts.
 */
import {existsSync} from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {minify} from '@swc/html';
import type {Plugin} from '@docusaurus/types';
// relies on: end-tags-omitted
import {SWC_OPTIONS_WITH_END_TAGS} from '../../upstream/docusaurus-html-minifier';

export async function writeWithEndTags(file: string): Promise<void> {
  const result = await minify(await fs.readFile(file), SWC_OPTIONS_WITH_END_TAGS);
  const errors = (result.errors ?? []).filter((e) => e.level === 'error');
  if (errors.length) throw new Error(`${file}: @swc/html could not parse the page: ${errors.map((e) => e.message).join('; ')}`);
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, result.code);
  await fs.rename(temporary, file);
}

/** The file a route was written to (`trailingSlash: false` writes `/x` as `x.html`, `/` as `index.html`). */
function pageFile(outDir: string, route: string): string | undefined {
  const base = path.join(outDir, route);
  return [route.endsWith('.html') ? base : `${base}.html`, path.join(base, 'index.html')].find((f) => existsSync(f));
}

export default function htmlEndTagsPlugin(): Plugin {
  return {
    name: 'novaramp-html-end-tags',
    async postBuild({outDir, routesPaths}) {
      // The pages Docusaurus rendered and minified: other plugins write theirs (the redirects) meanwhile, unminified.
      const pages = routesPaths.map((route) => pageFile(outDir, route)).filter((file): file is string => file !== undefined);
      // @swc/html works on its own threads: a few pages at a time keep the cores busy without holding every page.
      const queue = [...pages];
      await Promise.all(
        Array.from({length: Math.max(2, os.availableParallelism())}, async () => {
          for (let file = queue.shift(); file; file = queue.shift()) await writeWithEndTags(file);
        }),
      );
    },
  };
}
