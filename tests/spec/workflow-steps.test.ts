/**
 * The workflow steps guides embed (`::workflow-step`, tools/workflows/remark-workflow-steps.ts):
 * - their samples are in files of their own, not in the page's JS (issue #47, src/plugins/workflow-steps): the page
 *   holds a component that names the step's file and the sample's index, the file holds each sample highlighted as
 *   a fenced block of the page would be;
 * - the samples a reader pastes generate their Idempotency-Key (review N7: a pasted payout must not replay another),
 *   while the workflow pages keep the literal keys the workflow sends, and they are valid bash, JavaScript and Python.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import remarkDirective from 'remark-directive';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {SITE_ROOT} from '../../tools/cli';
import {codeBlockParts} from '../../tools/highlight';
import type {MdNode} from '../../tools/spec-tables/remark-spec-tables';
import {workflowSteps} from '../../tools/workflows/guide-steps';
import {stepKey, type StepEmbed} from '../../tools/workflows/pages';
import remarkWorkflowSteps, {stepSampleFiles} from '../../tools/workflows/remark-workflow-steps';
import {writeStepSampleFiles} from '../../src/plugins/workflow-steps';
import {STEP_SAMPLE_COMPONENT, STEP_SAMPLE_MODULE} from '../../src/plugins/workflow-steps/client-files';

// relies on: openapi-tabs
const IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";
const SAMPLES = {component: STEP_SAMPLE_COMPONENT, module: STEP_SAMPLE_MODULE};

async function render(markdown: string): Promise<MdNode> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkMdx)
    .use(remarkWorkflowSteps as never, {siteDir: SITE_ROOT, samples: SAMPLES});
  return (await processor.run(processor.parse(markdown), {path: 'guide.md'} as never)) as unknown as MdNode;
}

const all = (node: MdNode, test: (n: MdNode) => boolean, out: MdNode[] = []): MdNode[] => {
  if (test(node)) out.push(node);
  node.children?.forEach((c) => all(c, test, out));
  return out;
};
const attribute = (node: MdNode, name: string) => (node.attributes as unknown as {name: string; value: string}[]).find((a) => a.name === name)?.value;

/** A step's samples as its MDX has them, by tab (`curl`, `node`, `typescript`, `python`). */
const samplesOf = (mdx: string): Map<string, string> =>
  new Map([...mdx.matchAll(/<TabItem value="([\w-]+)"[^>]*>\n\n```\w+\n([\s\S]*?)\n```/g)].map((m) => [m[1], m[2]]));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const KEY_LINE = /^.*idempotency-key.*$/gim;

let steps: Map<string, StepEmbed>;
let tmp: string;
before(async () => {
  steps = await workflowSteps(SITE_ROOT);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-workflow-steps-'));
});
after(() => tmp && fs.rmSync(tmp, {recursive: true, force: true}));

describe("a guide's step samples are in a file of their own", () => {
  test('each sample becomes the component with its step file and index; the page imports it once', async () => {
    const tree = await render(
      `${IMPORTS}::workflow-step{workflow="withdraw-fiat" step="withdraw"}\n\n::workflow-step{workflow="withdraw-crypto" step="withdraw"}\n`,
    );
    assert.equal(all(tree, (n) => n.type === 'code').length, 0, 'no fenced sample is left in the page');
    const imports = (tree.children ?? []).filter((n) => n.type === 'mdxjsEsm' && String(n.value).includes(STEP_SAMPLE_MODULE));
    assert.equal(imports.length, 1, 'one import of the component');
    const placed = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === STEP_SAMPLE_COMPONENT);
    assert.equal(placed.length, 8, 'four samples a step');
    const tabs = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === 'Tabs');
    assert.equal(tabs.length, 2, 'the tabs stay in the page, lazy as before');
    const files = await stepSampleFiles(SITE_ROOT);
    for (const [i, key] of ['withdraw-fiat/withdraw', 'withdraw-crypto/withdraw'].entries()) {
      const mine = placed.slice(i * 4, i * 4 + 4);
      const name = attribute(mine[0], 'file')!;
      assert.match(name, /^[0-9a-f]{16}\.json$/);
      assert.deepEqual(
        mine.map((n) => [attribute(n, 'file'), attribute(n, 'sample')]),
        [0, 1, 2, 3].map((s) => [name, String(s)]),
      );
      // The file holds each sample highlighted as static-code highlights the same fenced block.
      const file = files.get(name);
      assert.ok(file, `${key}: its file is among the files the plugin writes`);
      const languages = ['bash', 'javascript', 'typescript', 'python'];
      const sources = [...samplesOf(steps.get(key)!.mdx).values()];
      assert.deepEqual(
        file.samples,
        sources.map((source, s) => {
          const {className, innerHtml} = codeBlockParts(source, {language: languages[s]});
          return {className, html: innerHtml};
        }),
      );
    }
  });

  test('without the option (the checks), the samples stay fenced code', async () => {
    const processor = unified()
      .use(remarkParse)
      .use(remarkDirective)
      .use(remarkMdx)
      .use(remarkWorkflowSteps as never, {siteDir: SITE_ROOT});
    const tree = (await processor.run(processor.parse(`${IMPORTS}::workflow-step{workflow="withdraw-fiat" step="withdraw"}\n`), {
      path: 'g.md',
    } as never)) as unknown as MdNode;
    assert.equal(all(tree, (n) => n.type === 'code').length, 4);
  });

  test('the plugin writes every step file and removes the ones no step has any more', async () => {
    const dir = path.join(tmp, 'files');
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(path.join(dir, '0000000000000000.json'), '{}');
    const count = await writeStepSampleFiles(SITE_ROOT, dir);
    const names = fs.readdirSync(dir).sort();
    assert.deepEqual(names, [...(await stepSampleFiles(SITE_ROOT)).keys()].sort());
    assert.equal(count, names.length);
    assert.ok(count > 0 && count <= steps.size, `${count} files for ${steps.size} steps`);
  });
});

describe("a guide's step samples send a key of their own (N7)", () => {
  test('no guide sample sends a literal Idempotency-Key: each language generates one', () => {
    const literal: string[] = [];
    let keyed = 0;
    for (const [key, step] of steps) {
      if (!step.sends.includes('header idempotency-key')) continue;
      keyed++;
      const samples = samplesOf(step.mdx);
      for (const [tab, source] of samples) if ((source.match(KEY_LINE) ?? []).some((line) => UUID.test(line))) literal.push(`${key} (${tab})`);
      assert.match(samples.get('curl')!, /-H "Idempotency-Key: \$\(uuidgen\)"/, key);
      assert.match(samples.get('node')!, /'Idempotency-Key': crypto\.randomUUID\(\),/, key);
      assert.match(samples.get('typescript')!, /'Idempotency-Key': crypto\.randomUUID\(\)/, key);
      assert.match(samples.get('python')!, /^import uuid\n[\s\S]*"Idempotency-Key": str\(uuid\.uuid4\(\)\),/, key);
    }
    assert.ok(keyed > 5, `the steps that send an Idempotency-Key (${keyed})`);
    assert.deepEqual(literal, []);
  });

  test('the workflow pages generate a key per request too, as their workflows do ($faker.string.uuid())', async () => {
    const {workflowPages} = await import('../../tools/workflows/pages');
    const {loadFreshApi} = await import('../../tools/openapi/load');
    const {API_SPECS, specPath} = await import('../../src/data/api-table');
    const docs = await Promise.all(API_SPECS.map((api) => loadFreshApi(specPath(api), {siteDir: SITE_ROOT})));
    const {pages} = workflowPages(SITE_ROOT, new Map(API_SPECS.map((api, i) => [api, docs[i]])));
    const withdraw = pages.get('withdraw-fiat.mdx')!;
    assert.match(withdraw, /-H "Idempotency-Key: \$\(uuidgen\)"/);
    assert.doesNotMatch(withdraw, /Idempotency-Key["']?:? ["']?[0-9a-f]{8}-[0-9a-f]{4}-/i);
  });

  test('every guide sample is valid bash, JavaScript and Python', () => {
    const scripts = {curl: [] as string[], node: [] as string[], python: [] as string[]};
    for (const step of steps.values()) {
      const samples = samplesOf(step.mdx);
      scripts.curl.push(samples.get('curl')!);
      // Each step in a block of its own: two steps may name their response alike.
      scripts.node.push(`{\n${samples.get('node')!}\n}`);
      scripts.python.push(samples.get('python')!);
    }
    const problems: string[] = [];
    for (const [tab, ext, [cmd, ...args]] of [
      ['curl', 'sh', ['bash', '-n']],
      ['node', 'mjs', [process.execPath, '--check']],
      ['python', 'py', ['python3', '-m', 'py_compile']],
    ] as const) {
      const file = path.join(tmp, `guide-steps.${ext}`);
      fs.writeFileSync(file, `${scripts[tab].join('\n\n')}\n`);
      const res = spawnSync(cmd, [...args, file], {encoding: 'utf8'});
      if (res.status !== 0) problems.push(`${tab}: ${res.stderr.trim().split('\n').slice(0, 3).join(' ')}`);
    }
    assert.deepEqual(problems, []);
    assert.ok(steps.has(stepKey('withdraw-fiat', 'withdraw')));
  });
});
