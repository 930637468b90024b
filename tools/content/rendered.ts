/**
 * A hand-written page as its reader gets it: parsed as Docusaurus parses it (remark-parse, remark-directive,
 * remark-gfm) with its `::spec-table` directives rendered from the spec. What a directive renders counts as written
 * on the page: the links it makes and the names it shows.
 */
import path from 'node:path';
import remarkSpecTables, {type MdNode} from '../../src/plugins/spec-tables/remark-spec-tables';

export interface RenderedPage {
  /** Every text, inline code and link target of the page, one per line. */
  text: string;
  /** The `/docs…` links of the page (without anchors or a trailing slash). */
  links: Set<string>;
  /** The inline code of the page. */
  code: Set<string>;
}

// unified and its plugins are ESM-only: loaded on first use.
let processor: Promise<{run: (text: string, file: string, siteDir: string) => Promise<MdNode>}> | null = null;

function load(): NonNullable<typeof processor> {
  processor ??= (async () => {
    const [{unified}, {default: remarkParse}, {default: remarkDirective}, {default: remarkGfm}] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-directive'),
      import('remark-gfm'),
    ]);
    return {
      run: async (text: string, file: string, siteDir: string) => {
        const p = unified().use(remarkParse).use(remarkDirective).use(remarkGfm).use(remarkSpecTables, {siteDir});
        const vfile = {path: path.join(siteDir, file), cwd: siteDir, value: text};
        return (await p.run(p.parse(vfile), vfile)) as unknown as MdNode;
      },
    };
  })();
  return processor;
}

/** Front matter blanked (its lines kept), so that lines of errors stay those of the file. */
const withoutFrontMatter = (text: string): string => text.replace(/^---\n[\s\S]*?\n---\n/, (fm) => fm.replace(/[^\n]/g, ''));

export async function renderPage(siteDir: string, file: string, text: string): Promise<RenderedPage> {
  const root = await (await load()).run(withoutFrontMatter(text), file, siteDir);
  const lines: string[] = [];
  const links = new Set<string>();
  const code = new Set<string>();
  const walk = (n: MdNode) => {
    if (n.type === 'text' || n.type === 'inlineCode' || n.type === 'code' || n.type === 'html') lines.push(n.value ?? '');
    if (n.type === 'inlineCode') code.add((n.value ?? '').trim());
    if (n.type === 'link' && typeof n.url === 'string') {
      lines.push(n.url);
      if (n.url.startsWith('/docs')) links.add(n.url.replace(/#.*$/, '').replace(/\/$/, ''));
    }
    n.children?.forEach(walk);
  };
  walk(root);
  // Links written as JSX or HTML (<a href="/docs/…">) are not link nodes.
  for (const m of text.matchAll(/(?:href|to)=["'{]+(\/docs[^"'\s}#]*)/g)) links.add(m[1].replace(/\/$/, ''));
  return {text: lines.join('\n'), links, code};
}
