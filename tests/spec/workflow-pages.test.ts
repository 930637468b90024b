/**
 * The workflow pages (src/plugins/workflow-steps/generate/pages.ts, issue #29) generated from openapi/workflows/ and the eight bundled
 * APIs, without a build: every step of every workflow is on its page under its anchor, with its operation's method,
 * path and reference link, a code sample per language in which the values it carries are named variables, its
 * checks, outputs and error responses; the diagram has a message per step; each page compiles as MDX; the operation
 * pages learn which steps use them; every page's route is a deliberate addition of the route contract. A workflow
 * whose step calls an operation that does not exist fails with that step's file:line.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import remarkGfm from 'remark-gfm';
import {API_SPECS, COMBINED_SPEC, specPath} from '../../src/data/api-table';
import {SITE_ROOT} from '../../tools/cli';
import {typecheckSamples} from '../helpers/typecheck';
import type {ApiDocument} from '../../tools/openapi/document';
import {sharedOrOwnMock, type MockServer} from '../../tools/site/mock-server';
import {loadApi} from '../../tools/openapi/load';
import {cachedBundle} from '../../tools/spec/spec-bundle-cache';
import {readExtraRoutes} from '../../tools/site/routes-contract';
import {
  mdxText,
  stepAnchor,
  usedInWorkflowsMdx,
  workflowUseKey,
  WORKFLOW_SAMPLE_LANGUAGES,
  WorkflowPageError,
  workflowPages,
  workflowRoute,
  type WorkflowPages,
} from '../../src/plugins/workflow-steps/generate/pages';
import {parseOperationId, readWorkflowFile, workflowFiles} from '../../tools/workflows/workflows';
import {midnightUtc} from '../helpers/utc-days';

const apis = new Map<string, ApiDocument>();
let generated: WorkflowPages;
const files = workflowFiles(SITE_ROOT);
let tmp: string;

before(async () => {
  for (const api of API_SPECS) apis.set(api, await loadApi(specPath(api), {siteDir: SITE_ROOT}));
  generated = workflowPages(SITE_ROOT, apis);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-workflow-pages-'));
});
after(() => {
  if (tmp) fs.rmSync(tmp, {recursive: true, force: true});
});

/** A page's samples of one tab (`curl`, `node`, `typescript`, `python`), set-up first, joined into one script. */
const scriptBlocks = (mdx: string, tab: string): string[] =>
  [...mdx.matchAll(/<TabItem value="([\w-]+)"[^>]*>\n\n```\w+\n([\s\S]*?)\n```/g)].filter((m) => m[1] === tab).map((m) => m[2]);
const script = (mdx: string, tab: string): string => scriptBlocks(mdx, tab).join('\n\n');

/** Whether a step's success criteria expect an error status (`$statusCode == 409`): its sample must not stop the script. */
const expectsError = (step: {successCriteria?: {condition?: string}[]}): boolean =>
  (step.successCriteria ?? []).some((c) => /^\$statusCode == [45]\d\d$/.test(String(c.condition ?? '').trim()));

/** The inputs of the journeys as the mock answers them: the ids of the spec's examples (tests/spec/workflows.test.ts). */
const MOCK_INPUTS: Record<string, string> = {
  ACCOUNT_ID: 'acc_7Hq2LmX9pR4sT8vW',
  WALLET_ID: 'wal_5Kp9Qz2Lm7Xr3Tb8',
  BENEFICIARY_ID: 'cbn_2Rf8Wm4Kx9Lq7Zt3',
  BANK_ACCOUNT_ID: 'bnk_2Fh8Kq4Wz7Lp9Rx3',
  WEBHOOK_ID: 'whk_9Rd4Fs7Lq2Wp6Zn3',
  CURSOR: 'eyJpZCI6ImV2dF81TGQ4UXozUGY2WXYySGM5In0',
  SINCE: '2025-03-12T00:00:00Z',
  // reconcile-day's period: the sandbox seeds its deposits a day before the key's first request.
  DAY_START: midnightUtc(-1),
  DAY_END: midnightUtc(1),
  CLIENT_REFERENCE: 'payout-2025-03-000417',
};

/** The section of a page for one step: from its heading to the next step's (or the page's end). */
function stepSection(mdx: string, stepId: string): string {
  const start = mdx.indexOf(`{/* #${stepAnchor(stepId)} */}`);
  assert.ok(start > 0, `the step ${stepId} has a heading with its anchor`);
  const next = mdx.slice(start + 1).search(/\n### \d+\. |\n## /);
  return next < 0 ? mdx.slice(start) : mdx.slice(start, start + 1 + next);
}

// @mdx-js/mdx (the compiler Docusaurus uses) is ESM-only: imported, not required.
const compile: typeof import('@mdx-js/mdx').compile = async (...args) => (await import('@mdx-js/mdx')).compile(...args);

const camel = (s: string) => s.replace(/[-_]+([a-z0-9])/g, (_, c: string) => c.toUpperCase());

test('there is a page per workflow file, named after its workflow', () => {
  assert.ok(files.length >= 8, `${files.length} workflows`);
  assert.deepEqual([...generated.pages.keys()].sort(), files.map((f) => `${path.basename(f, '.arazzo.yaml')}.mdx`).sort());
});

test('every step is on its page with its operation (method, path, reference link), samples, checks, outputs and errors', () => {
  let steps = 0;
  for (const abs of files) {
    const wf = readWorkflowFile(abs, SITE_ROOT);
    for (const workflow of wf.doc.workflows) {
      const mdx = generated.pages.get(`${workflow.workflowId}.mdx`)!;
      assert.ok(mdx.includes(`# ${wf.doc.info.title}`), `${wf.file}: the page is titled`);
      assert.match(mdx, /## Inputs\n\n\| Input \|/, `${wf.file}: inputs table`);
      for (const name of Object.keys(workflow.inputs?.properties ?? {})) assert.ok(mdx.includes(`| \`${name}\` |`), `${wf.file}: input ${name}`);
      const diagram = /```mermaid\n([\s\S]*?)```/.exec(mdx)?.[1] ?? '';
      assert.match(diagram, /^sequenceDiagram\n/, `${wf.file}: a sequence diagram`);
      assert.equal((diagram.match(/C->>API: \d+\. /g) ?? []).length, workflow.steps.length, `${wf.file}: a message per step`);
      for (const step of workflow.steps) {
        steps++;
        const {source, operationId} = parseOperationId(step.operationId!);
        const api = wf.doc.sourceDescriptions.find((s) => s.name === source)!.url.replace(/^\.\.\/|\.yaml$/g, '');
        const op = apis
          .get(api)!
          .operations()
          .find((o) => o.operationId === operationId)!;
        const section = stepSection(mdx, step.stepId);
        const where = `${wf.file} step ${step.stepId}`;
        assert.ok(section.includes(`\`${op.method.toUpperCase()} ${op.key}\``), `${where}: method and path`);
        assert.ok(section.includes(`](/docs${String(op.operation['x-doc-slug'])})`), `${where}: link to the reference page`);
        // One tab per sample language, each with a code block.
        assert.equal((section.match(/<TabItem value=/g) ?? []).length, WORKFLOW_SAMPLE_LANGUAGES.length, `${where}: a sample per language`);
        assert.ok(section.includes('```bash\ncurl'), `${where}: the curl sample`);
        assert.ok(section.includes('await fetch(`'), `${where}: the Node.js sample`);
        assert.ok(section.includes(`await client.${op.method.toUpperCase()}('${op.key}'`), `${where}: the TypeScript sample`);
        assert.ok(section.includes(`requests.${op.method}(`), `${where}: the Python sample`);
        // Values carried from the inputs and earlier steps are variables, not the operation's example values.
        for (const p of step.parameters ?? []) {
          const value = String(p.value);
          const input = /^\$inputs\.([\w-]+)$/.exec(value)?.[1];
          if (input) {
            assert.ok(section.includes(`$${input.toUpperCase()}`), `${where}: ${p.name} is $${input.toUpperCase()} in curl`);
            assert.ok(section.includes(camel(input)), `${where}: ${p.name} is ${camel(input)} in JavaScript`);
            assert.ok(section.includes(`the input \`${input}\``), `${where}: ${p.name} said to come from the input`);
          }
          const carried = /^\$steps\.([\w-]+)\.outputs\.([\w.-]+)$/.exec(value);
          if (carried)
            assert.ok(
              section.includes(`\`${carried[2]}\` from step [${carried[1]}](#${stepAnchor(carried[1])})`),
              `${where}: ${p.name} said to come from step ${carried[1]}`,
            );
        }
        if (JSON.stringify(step.parameters ?? []).includes('$inputs.account_id'))
          assert.ok(!section.includes('acc_7Hq2LmX9pR4sT8vW'), `${where}: the input, not the operation's example account id`);
        assert.ok(section.includes('**Checks**'), `${where}: checks`);
        assert.equal(
          section.split('**Checks**')[1].split('**Carries forward**')[0].match(/^- /gm)?.length,
          (step.successCriteria ?? []).length || 1,
          `${where}: one line per criterion`,
        );
        for (const output of Object.keys(step.outputs ?? {})) assert.ok(section.includes(`- \`${output}\`: `), `${where}: output ${output}`);
        assert.match(section, /\*\*When it fails\*\*\n\n- `4\d\d`: /, `${where}: the error responses`);
        assert.ok(section.includes('](/docs/api/error-handling)'), `${where}: link to error handling`);
        // The operation's page links back to this step.
        const uses = generated.uses.get(workflowUseKey(api, operationId)) ?? [];
        assert.ok(
          uses.some((u) => u.href === `${workflowRoute(workflow.workflowId)}#${stepAnchor(step.stepId)}`),
          `${where}: listed as a use of ${operationId}`,
        );
      }
    }
  }
  assert.ok(steps >= 30, `${steps} steps checked`);
});

test('the samples of a step set its literal values and read carried ones by name in every language', () => {
  const section = stepSection(generated.pages.get('withdraw-fiat.mdx')!, 'complete-payout');
  assert.ok(section.includes('"https://api.sandbox.novaramp.example/v1/sandbox/accounts/$ACCOUNT_ID/fiat-withdrawals/$WITHDRAWAL_ID/outcome"'), 'curl');
  assert.ok(section.includes('`https://api.sandbox.novaramp.example/v1/sandbox/accounts/${accountId}/fiat-withdrawals/${withdrawalId}/outcome`'), 'Node.js');
  assert.ok(section.includes('path: {account_id: accountId, withdrawal_id: withdrawalId}'), 'TypeScript');
  assert.ok(section.includes('f"https://api.sandbox.novaramp.example/v1/sandbox/accounts/{account_id}/fiat-withdrawals/{withdrawal_id}/outcome"'), 'Python');
  assert.ok(section.includes('"outcome": "completed"') && section.includes("outcome: 'completed'"), 'the body the step sends');
  // The second payout's id is a variable of its own, read by the step that cancels it.
  const first = stepSection(generated.pages.get('withdraw-fiat.mdx')!, 'withdraw');
  const again = stepSection(generated.pages.get('withdraw-fiat.mdx')!, 'withdraw-again');
  const cancel = stepSection(generated.pages.get('withdraw-fiat.mdx')!, 'cancel');
  assert.ok(first.includes('  -o withdraw.json \\\n') && first.includes("WITHDRAWAL_ID=$(jq -r '.id' withdraw.json)"));
  assert.ok(again.includes('WITHDRAW_AGAIN_WITHDRAWAL_ID=$(') && again.includes('const withdrawAgainWithdrawalId = withdrawAgain.id;'));
  assert.ok(cancel.includes('$WITHDRAW_AGAIN_WITHDRAWAL_ID/cancel') && cancel.includes('${withdrawAgainWithdrawalId}/cancel'));
  // The API key comes from the environment, never from a literal.
  assert.ok(section.includes('-H "Authorization: Bearer $NOVARAMP_API_KEY"') && section.includes("os.environ['NOVARAMP_API_KEY']"));
});

test('simulations are marked as sandbox only, in the diagram and in their step', () => {
  const mdx = generated.pages.get('withdraw-fiat.mdx')!;
  assert.match(mdx, /Note over C,API: Sandbox only: Simulate a fiat withdrawal outcome\n {4}C->>API: 2\. POST \/sandbox\//);
  assert.ok(stepSection(mdx, 'complete-payout').includes('**sandbox only**'));
  assert.ok(!stepSection(mdx, 'withdraw').includes('**sandbox only**'));
});

test('every page compiles as MDX (descriptions escaped), and the operation pages\' "Used in workflows" line too', async () => {
  for (const [file, mdx] of generated.pages) await assert.doesNotReject(compile(mdx, {remarkPlugins: [remarkGfm]}), file);
  for (const [key, uses] of generated.uses) await assert.doesNotReject(compile(usedInWorkflowsMdx(uses)), key);
  assert.equal(mdxText('a {b} <c> `{d} <e>`'), 'a \\{b\\} \\<c> `{d} <e>`');
  await assert.doesNotReject(compile(mdxText('Use {braces}, <angle> and `{code}`.\n\n```json\n{"a": 1}\n```')));
});

test('every workflow page and the Workflows category are deliberate additions of the route contract', () => {
  const extra = new Set(readExtraRoutes());
  assert.ok(extra.has('/docs/category/workflows'));
  for (const file of generated.pages.keys()) assert.ok(extra.has(workflowRoute(file.replace(/\.mdx$/, ''))), `${file} is in tests/routes-extra.txt`);
});

test('a step whose operation does not exist fails generation with its file:line', () => {
  const fixture = path.join(SITE_ROOT, 'tests/fixtures/workflows/missing-operation.arazzo.yaml');
  const line =
    fs
      .readFileSync(fixture, 'utf8')
      .split('\n')
      .findIndex((l) => l.includes('teleportFunds')) + 1;
  assert.throws(
    () => workflowPages(SITE_ROOT, apis, [fixture, ...files]),
    (error: unknown) => {
      assert.ok(error instanceof WorkflowPageError);
      assert.deepEqual(error.problems, [
        `tests/fixtures/workflows/missing-operation.arazzo.yaml:${line}: step "teleport" calls $sourceDescriptions.fiat.teleportFunds, which the fiat API does not have`,
      ]);
      return true;
    },
  );
});

test('the samples of every page are valid bash, JavaScript and Python, one script per language', () => {
  const problems: string[] = [];
  for (const [file, mdx] of generated.pages) {
    const base = path.join(tmp, file.replace(/\.mdx$/, ''));
    const checks: [string, string, string[]][] = [
      ['curl', 'sh', ['bash', '-n']],
      ['node', 'mjs', [process.execPath, '--check']],
      ['python', 'py', ['python3', '-m', 'py_compile']],
    ];
    for (const [tab, ext, [cmd, ...args]] of checks) {
      const source = script(mdx, tab);
      assert.ok(source.length > 100, `${file}: the ${tab} samples`);
      fs.writeFileSync(`${base}.${ext}`, `${source}\n`);
      const res = spawnSync(cmd, [...args, `${base}.${ext}`], {encoding: 'utf8'});
      if (res.status !== 0) problems.push(`${file} (${tab}): ${res.stderr.trim().split('\n').slice(0, 3).join(' ')}`);
    }
  }
  assert.deepEqual(problems, []);
});

describe('the cURL samples of each page, run in order against the mock', () => {
  let mock: MockServer;
  before(async () => {
    mock = await sharedOrOwnMock(SITE_ROOT);
  });
  after(async () => {
    await mock?.stop();
  });
  for (const abs of files) {
    const id = path.basename(abs, '.arazzo.yaml');
    test(`${id}: every step answers and every carried value is set`, () => {
      const wf = readWorkflowFile(abs, SITE_ROOT);
      const mdx = generated.pages.get(`${id}.mdx`)!;
      // The set-up block, then one block per step, in order.
      const blocks = scriptBlocks(mdx, 'curl');
      const wfSteps = wf.doc.workflows[0].steps;
      assert.equal(blocks.length, wfSteps.length + 1, 'a set-up block and a block per step');
      const steps = blocks
        // An error status fails the script here (set -e), where a reader would see the problem body; a step that
        // expects an error (409 quote_expired) is let through, as the workflow's criteria let it through.
        .map((block, i) => (i > 0 && expectsError(wfSteps[i - 1]) ? block : block.replaceAll('curl -sS ', 'curl -sS --fail-with-body ')))
        .join('\n\n')
        .replaceAll('https://api.sandbox.novaramp.example/v1', mock.origin)
        // The set-up's placeholders become the ids of the spec's examples.
        .replace(/^([A-Z_]+)="<[a-z_]+>"$/gm, (line, name: string) => (MOCK_INPUTS[name] ? `${name}="${MOCK_INPUTS[name]}"` : line));
      // Every variable a step sets (`NAME=$(jq -r '…' <step>.json)`) is printed at the end.
      const carried = [...steps.matchAll(/^([A-Z_]+)=\$\(jq /gm)].map((m) => m[1]);
      const expected = wf.doc.workflows[0].steps.flatMap((s) => Object.keys(s.outputs ?? {}));
      assert.equal(carried.length, expected.length, 'a variable per output');
      // In a folder of its own: the samples save each response they read from (`-o <step>.json`).
      const cwd = fs.mkdtempSync(path.join(os.tmpdir(), `workflow-${id}-`));
      const run = spawnSync('bash', ['-c', `set -euo pipefail\n${steps}\n${carried.map((v) => `printf '\\n%s=%s\\n' ${v} "$${v}"`).join('\n')}`], {
        cwd,
        encoding: 'utf8',
        // A key per workflow, so one journey's state never meets another's (as in tests/spec/workflows.test.ts).
        env: {...process.env, NOVARAMP_API_KEY: `sk_sandbox_workflow_pages_${id.replace(/-/g, '_')}`},
        timeout: 60_000,
      });
      fs.rmSync(cwd, {recursive: true, force: true});
      assert.equal(run.status, 0, `${run.stderr}\n${run.stdout}`);
      // Set, from the response (a field the example has as null, such as a verification URL, prints `null`).
      const unset = carried.filter((v) => !new RegExp(`^${v}=.+$`, 'm').test(run.stdout));
      assert.deepEqual(unset, [], `carried values not set: ${run.stdout}`);
      // The ids carried from one step to the next are ids, not a failed lookup.
      for (const v of carried.filter((name) => name.endsWith('_ID'))) assert.match(run.stdout, new RegExp(`^${v}=[a-z]+_[A-Za-z0-9]+$`, 'm'), v);
    });
  }
});

test('the TypeScript samples of every page type-check against the published types, in one strict tsc run', async () => {
  // Inside the site, so that openapi-fetch and @types/node resolve from its node_modules (as tests/spec/one-process/typed-samples.test.ts).
  const dir = path.join(SITE_ROOT, '.tmp', `workflow-pages-${process.pid}`);
  fs.rmSync(dir, {recursive: true, force: true});
  try {
    const types = fs.readFileSync(path.join(await cachedBundle(SITE_ROOT), `${COMBINED_SPEC}.d.ts`), 'utf8');
    for (const [file, mdx] of generated.pages) {
      const folder = path.join(dir, file.replace(/\.mdx$/, ''));
      fs.mkdirSync(folder, {recursive: true});
      fs.writeFileSync(path.join(folder, 'index.ts'), `${script(mdx, 'typescript')}\n\nexport {};\n`);
      fs.writeFileSync(path.join(folder, 'novaramp.d.ts'), types);
    }
    assert.deepEqual(
      typecheckSamples(dir, ['**/*.ts']).map((e) => `${e.file}:${e.line}: ${e.message}`),
      [],
    );
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
