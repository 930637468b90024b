/**
 * Every admonition in the hand-written pages is one Docusaurus renders: `:::warning[Title]`, not the `:::warning Title`
 * of older Docusaurus versions, which remark-directive does not parse and the page then shows as text (":::warning
 * The secret is shown once" in a paragraph). Parsed as Docusaurus parses them (remark + remark-directive); any text
 * that still starts with `:::` is a fence nothing understood, reported with its file and line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {GENERATED_DIR} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';

const CONTENT_DIRS = ['docs', 'blog'];
const generated = path.join(SITE_ROOT, GENERATED_DIR);

const pages = CONTENT_DIRS.flatMap((dir) =>
  fs
    .readdirSync(path.join(SITE_ROOT, dir), {recursive: true, encoding: 'utf8'})
    .map((f) => path.join(SITE_ROOT, dir, f))
    .filter((f) => /\.mdx?$/.test(f) && !f.startsWith(generated)),
);

/** The parts of an mdast node the check reads. */
interface MdNode {
  type: string;
  value?: string;
  position?: {start: {line: number}};
  children?: MdNode[];
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

/** `file:line: text` of every text node that starts with an admonition fence. */
function strayFences(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: MdNode): void => {
    if (node.type === 'text' && node.value?.startsWith(':::')) {
      found.push(`${path.relative(SITE_ROOT, file)}:${node.position?.start.line}: ${node.value.split('\n')[0]}`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(parser.parse(source) as MdNode);
  return found;
}

test('the check finds the legacy admonition title syntax and accepts the current one', () => {
  assert.deepEqual(strayFences(path.join(SITE_ROOT, 'x.md'), 'Intro.\n\n:::warning Old title\nBody.\n:::\n'), ['x.md:3: :::warning Old title']);
  assert.deepEqual(strayFences(path.join(SITE_ROOT, 'x.md'), 'Intro.\n\n:::warning[New title]\nBody.\n:::\n'), []);
});

test('every admonition in the guides, API pages and blog posts is one Docusaurus renders', () => {
  assert.ok(pages.length > 20, `${pages.length} pages found`);
  assert.deepEqual(
    pages.flatMap((file) => strayFences(file, fs.readFileSync(file, 'utf8'))),
    [],
    'write admonition titles as :::type[Title]',
  );
});
