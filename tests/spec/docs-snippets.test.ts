/**
 * The requests of the sequence pages (tools/content/step-connection.ts: getting started, the task guides, the
 * sandbox walkthrough) run against the mock, in page order, in every language the page shows them in, in the
 * toolchains a reader on Debian has: curl as written (with uuidgen), the pinned Node, and Debian's Python 3 with
 * python3-requests (scripts/ensure-doc-tools.sh installs them). Every call must be one of the page's documented
 * requests and get a status the page states for it. Programs are built by tools/doc-snippets.ts.
 */
import {spawnSync} from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {SEQUENCE_PAGES} from '../../tools/content/step-connection';
import {extractPage} from '../../tools/doc-requests';
import {curlProgram, pageSnippets, program, recordedCalls, type SnippetLanguage} from '../../tools/doc-snippets';
import {sharedOrOwnMock, type MockServer} from '../../tools/mock-server';
import {workflowSteps} from '../../tools/workflows/guide-steps';
import {stepKey} from '../../tools/workflows/pages';
import {findOperation} from '../../tools/spec-lookup';

const PYTHON = process.env.DOCS_PYTHON ?? '/usr/bin/python3';
const dir = path.join(SITE_ROOT, '.tmp', `docs-snippets-${process.pid}`);
let mock: MockServer;

before(async () => {
  fs.mkdirSync(dir, {recursive: true});
  mock = await sharedOrOwnMock(SITE_ROOT);
});
after(async () => {
  await mock?.stop();
  fs.rmSync(dir, {recursive: true, force: true});
});

/** Runs one language's program of a page; returns the calls it made, failing on a non-zero exit. */
function runProgram(page: string, language: SnippetLanguage, source: string): ReturnType<typeof recordedCalls> {
  const file = path.join(dir, `${page.replace(/[/.]/g, '_')}.${{python: 'py', node: 'mjs', curl: 'sh'}[language]}`);
  fs.writeFileSync(file, source);
  const [cmd, args] = language === 'python' ? [PYTHON, [file]] : language === 'curl' ? ['bash', [file]] : [process.execPath, [file]];
  const res = spawnSync(cmd, args, {encoding: 'utf8', timeout: 60_000, env: {...process.env, NOVARAMP_API_KEY: 'sk_sandbox_snippets_test'}});
  if (res.error) throw new Error(`${page}: cannot run ${cmd} (${res.error.message}); scripts/ensure-python.sh installs Debian's python3-requests`);
  assert.equal(res.status, 0, `${page}: the ${language} snippets exited with ${res.status}:\n${res.stderr}\n--- program (${file}) ---\n${source}`);
  return recordedCalls(`${res.stdout}\n${res.stderr}`);
}

const pages = SEQUENCE_PAGES.map((page) => ({page, snippets: pageSnippets(fs.readFileSync(path.join(SITE_ROOT, page), 'utf8'))})).filter(
  (p) => p.snippets.length > 0,
);

test("the sequence pages show Node.js and Python beside every cURL request: hand-written, or a workflow step's own", async () => {
  const languages = new Set(pages.flatMap((p) => p.snippets.map((s) => s.language)));
  assert.deepEqual([...languages].sort(), ['node', 'python']);
  // A step a page embeds shows its workflow's samples (tests/spec/workflow-pages.test.ts runs them on the mock).
  const steps = await workflowSteps(SITE_ROOT);
  const embedded = SEQUENCE_PAGES.flatMap((page) =>
    extractPage(page, fs.readFileSync(path.join(SITE_ROOT, page), 'utf8'))
      .requests.filter((r) => r.step)
      .map((r) => ({page, r})),
  );
  assert.ok(embedded.length >= 30, `${embedded.length} workflow steps embedded in the sequence pages`);
  for (const {page, r} of embedded) {
    const mdx = steps.get(stepKey(r.step!.workflow, r.step!.step))?.mdx ?? '';
    for (const tab of ['curl', 'node', 'python'])
      assert.match(mdx, new RegExp(`<TabItem value="${tab}"`), `${page}:${r.line}: the embedded step has no ${tab} sample`);
  }
});

/** The problems of running a page's snippets of one language: each call that is not a request the page states. */
function snippetProblems(page: string, markdown: string, language: SnippetLanguage): string[] {
  const snippets = pageSnippets(markdown);
  const requests = extractPage(page, markdown).requests;
  const curl = curlProgram(page, markdown, mock.origin);
  const expected = language === 'curl' ? curl.commands : snippets.filter((s) => s.language === language).length;
  const calls = runProgram(page, language, language === 'curl' ? curl.source : program(snippets, language, mock.origin));
  const problems = calls.length >= expected ? [] : [`${page}: ${calls.length} calls from ${expected} ${language} snippets`];
  for (const call of calls) {
    const callPath = new URL(call.url).pathname + new URL(call.url).search;
    const op = findOperation(mock.spec, call.method, callPath);
    if (!op) {
      problems.push(`${page}: the ${language} snippets call ${call.method} ${callPath}, which is no operation of the spec`);
      continue;
    }
    const documented = requests.filter((r) => findOperation(mock.spec, r.method, r.path)?.pointer === op.pointer);
    const stated = documented.flatMap((r) => r.statuses.map((st) => st.status));
    if (documented.length === 0) problems.push(`${page}: the ${language} snippets call ${call.method} ${op.template}, which no cURL request of the page shows`);
    else if (!stated.includes(call.status))
      problems.push(
        `${page}:${documented[0].line}: ${call.method} ${op.template} from the ${language} snippets answered ${call.status}; the page states ${stated.join(', ')}`,
      );
  }
  return problems;
}

for (const page of SEQUENCE_PAGES) {
  const markdown = fs.readFileSync(path.join(SITE_ROOT, page), 'utf8');
  // Hand-written requests only: an embedded workflow step runs with its workflow (tests/spec/workflows.test.ts).
  const snippets = [
    ...pageSnippets(markdown),
    ...extractPage(page, markdown)
      .requests.filter((r) => !r.step && r.statuses.some((s) => s.status < 300))
      .map((r) => ({language: 'curl' as const, line: r.line})),
  ];
  describe(page, () => {
    for (const language of ['curl', 'node', 'python'] as const) {
      const mine = snippets.filter((s) => s.language === language);
      if (mine.length === 0) continue;
      test(`its ${mine.length} ${language} requests (lines ${mine.map((s) => s.line).join(', ')}) run in order against the mock, each call getting a status the page states`, () => {
        assert.deepEqual(snippetProblems(page, fs.readFileSync(path.join(SITE_ROOT, page), 'utf8'), language), []);
      });
    }
  });
}

test('a snippet whose request the mock refuses, or that calls what the page does not show, fails naming the line', () => {
  const tabs = (python: string) =>
    `<Tabs groupId="lang">\n<TabItem value="curl" label="cURL">\n\n\`\`\`bash title="200 OK"\ncurl https://api.sandbox.novaramp.example/v1/coins \\\n  -H "Authorization: Bearer $NOVARAMP_API_KEY"\n\`\`\`\n\n</TabItem>\n<TabItem value="python" label="Python">\n\n\`\`\`python\n${python}\n\`\`\`\n\n</TabItem>\n</Tabs>\n`;
  const head = 'import os, requests\nAUTH = {"Authorization": f"Bearer {os.environ[\'NOVARAMP_API_KEY\']}"}\n';
  // The key left out: the mock answers 401, which the page does not state.
  assert.deepEqual(snippetProblems('page.md', tabs(`${head}requests.get("https://api.sandbox.novaramp.example/v1/coins")`), 'python'), [
    'page.md:5: GET /coins from the python snippets answered 401; the page states 200',
  ]);
  assert.deepEqual(snippetProblems('page.md', tabs(`${head}requests.get("https://api.sandbox.novaramp.example/v1/accounts", headers=AUTH)`), 'python'), [
    'page.md: the python snippets call GET /accounts, which no cURL request of the page shows',
  ]);
});
