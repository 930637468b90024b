/**
 * A house rule for openapi/, not a limit of the renderings: our own spec's prose is CommonMark without raw HTML.
 * The portal renders raw HTML in a description (a spec it publishes as someone else's may hold some) sanitised, with
 * the tags GitHub keeps and no script, event handler or style, on the page, in the Markdown copy and in the try-it
 * panel (tools/reference/prose.ts; tests/spec/one-process/reference-model.test.ts). The rule is for what carries our
 * prose as written: the spec downloads, which code generators and other renderers read and may not sanitise, the MCP
 * server, the workflow pages (which show a tag as text) and the YAML itself, read in review. Reads every
 * `description` and `summary` string of openapi/ (comments are not prose), naming file:line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {isScalar, LineCounter, parseAllDocuments, visit} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';

const HTML_TAG = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>/i;
const PROSE_KEYS = new Set(['description', 'summary']);

/** `file:line: text` of each description or summary of a YAML text that holds an HTML tag. */
function htmlInProse(file: string, text: string): string[] {
  const lines = new LineCounter();
  const found: string[] = [];
  for (const doc of parseAllDocuments(text, {lineCounter: lines})) {
    visit(doc, {
      Pair(_, pair) {
        if (!isScalar(pair.key) || !PROSE_KEYS.has(String(pair.key.value)) || !isScalar(pair.value)) return;
        const value = pair.value.value;
        if (typeof value !== 'string' || !HTML_TAG.test(value)) return;
        // Inline code may show a tag; prose may not.
        const outsideCode = value.replace(/`[^`]*`/g, '');
        const tag = HTML_TAG.exec(outsideCode);
        if (!tag) return;
        // A block scalar's text starts on the line after its `|` or `>`; count the lines before the tag in it.
        const block = pair.value.type === 'BLOCK_LITERAL' || pair.value.type === 'BLOCK_FOLDED';
        const before = value.slice(0, value.indexOf(tag[0])).split('\n').length - 1;
        const line = lines.linePos(pair.value.range?.[0] ?? 0).line + (block ? 1 + before : 0);
        found.push(`${file}:${line}: ${tag[0]}`);
      },
    });
  }
  return found;
}

test('no description or summary of our spec holds raw HTML, outside inline code (house rule)', () => {
  const dir = path.join(SITE_ROOT, 'openapi');
  const files = fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => f.endsWith('.yaml') && !f.startsWith('releases'))
    .sort();
  assert.ok(files.length > 100, `${files.length} spec files`);
  assert.deepEqual(
    files.flatMap((f) => htmlInProse(`openapi/${f}`, fs.readFileSync(path.join(dir, f), 'utf8'))),
    [],
  );
});

test('a description with a tag is named with its file and line; a tag in inline code and a comment are not', () => {
  const yaml = [
    '# a comment may say <id>',
    'get:',
    '  summary: List `<b>` tags',
    '  description: |',
    '    First line.',
    '    See <a href="x">this</a>.',
    '',
  ].join('\n');
  assert.deepEqual(htmlInProse('openapi/paths/x.yaml', yaml), ['openapi/paths/x.yaml:6: <a href="x">']);
});
