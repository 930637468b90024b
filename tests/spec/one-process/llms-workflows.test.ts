/**
 * The Workflows section of llms.txt (src/plugins/agent-markdown/workflows.ts), added by the build step that finishes the Markdown
 * copies (src/plugins/agent-markdown/index.ts `finishMarkdown`), on a small build: every workflow with its summary
 * and its two downloads, the Markdown copy of its page linked when the build has it, once however often it runs
 * (the llms-txt plugin's own entry for that page dropped from its list), and a build without the downloads refused.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {SITE_URL} from '../../../src/data/brand';
import {SITE_ROOT} from '../../../tools/cli';
import {finishMarkdown, llmsTxtCopies} from '../../../src/plugins/agent-markdown/finish';
import {WORKFLOWS_HEADING} from '../../../src/plugins/agent-markdown/workflows';
import {workflowDownloadPath} from '../../../tools/workflows/publish';
import {WORKFLOWS_DIR} from '../../../tools/workflows/workflows';
import {workflowRoute} from '../../../src/data/navigation';

const WORKFLOWS = ['quote-and-trade', 'withdraw-fiat'];
const LLMS = `# Docs\n\n> Index.\n\n- [Home](${SITE_URL}/index.md)\n`;
/** The entry the llms-txt plugin writes for a built workflow page, among the guides: the Workflows section replaces it. */
const PLUGIN_ENTRY = `- [Preview and execute a quote](${SITE_URL}/docs/guides/workflows/quote-and-trade.md): Generated from the Arazzo workflow.\n`;
let site: string;
let out: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, text);
};
const read = (file: string) => fs.readFileSync(path.join(out, file), 'utf8');

before(() => {
  site = fs.mkdtempSync(path.join(os.tmpdir(), 'llms-workflows-'));
  out = path.join(site, 'build');
  write(path.join(site, 'manifest.json'), '[]');
  for (const id of WORKFLOWS) {
    fs.cpSync(path.join(SITE_ROOT, WORKFLOWS_DIR, `${id}.arazzo.yaml`), path.join(site, WORKFLOWS_DIR, `${id}.arazzo.yaml`));
    for (const ext of ['yaml', 'json'] as const) write(path.join(out, workflowDownloadPath(id, ext)), '{}');
  }
  write(path.join(out, 'llms.txt'), `${LLMS}${PLUGIN_ENTRY}`);
  write(path.join(out, 'index.md'), '# Home\n');
  // The page of one workflow is built (the llms-txt plugin wrote its copy), the other's is not.
  write(path.join(out, `${workflowRoute('quote-and-trade')}.md`), '# Preview and execute a quote\n');
});
after(() => fs.rmSync(site, {recursive: true, force: true}));

test('llms.txt lists every workflow with its summary, its page copy when built, and its downloads; llms-full.txt too', async () => {
  assert.deepEqual(await finishMarkdown(site, out, 'manifest.json'), {operations: 0, copies: 2, components: 0});
  const llms = read('llms.txt');
  assert.ok(llms.startsWith(`${LLMS}\n${WORKFLOWS_HEADING}\n\n`), llms);
  const entries = llms.split('\n').filter((l) => l.startsWith('- ') && !l.includes('[Home]'));
  assert.equal(llms.split(`${SITE_URL}/docs/guides/workflows/quote-and-trade.md`).length - 1, 1, 'the workflow page is listed once, in its section');
  assert.equal(entries.length, WORKFLOWS.length, llms);
  const download = (id: string, ext: 'yaml' | 'json') => `\`${SITE_URL}${workflowDownloadPath(id, ext)}\``;
  assert.equal(
    entries[0],
    `- [Preview and execute a quote](${SITE_URL}/docs/guides/workflows/quote-and-trade.md): Preview a trade as a quote, execute it before it expires and read the trade's transaction. Arazzo document: ${download('quote-and-trade', 'yaml')}, ${download('quote-and-trade', 'json')} (bundled).`,
  );
  assert.match(
    entries[1],
    new RegExp(`^- [^\\[\\]]+ \\(\`withdraw-fiat\`\\): .+\\. Arazzo document: ${download('withdraw-fiat', 'yaml').replace(/[.]/g, '\\.')}, `),
    'a workflow whose page is not built is named, not linked',
  );
  assert.deepEqual(llmsTxtCopies(llms), ['/index.md', '/docs/guides/workflows/quote-and-trade.md'], 'the page copy is a copy like the others');
  assert.ok(read('docs/guides/workflows/quote-and-trade.md').startsWith('> Markdown copy of'), 'and gets the directive');
  assert.ok(read('llms-full.txt').startsWith(`${llms}\n\n---\n\n`), 'llms-full.txt starts with the final llms.txt');

  await finishMarkdown(site, out, 'manifest.json');
  assert.equal(read('llms.txt'), llms, 'a second run keeps one section');
});

test('a build without the workflow downloads fails the step, naming what to run', async () => {
  fs.rmSync(path.join(out, workflowDownloadPath('withdraw-fiat', 'json')));
  await assert.rejects(
    finishMarkdown(site, out, 'manifest.json'),
    /\/openapi\/workflows\/withdraw-fiat\.arazzo\.json is not in the build: run `npm run bundle:spec`/,
  );
});
