/**
 * The workflow steps guides embed (`::workflow-step`, src/plugins/workflow-steps/remark.ts):
 * - their samples are in files of their own, not in the page's JS (issue #47, src/plugins/workflow-steps): the page
 *   holds a component that names the step's file and the sample's index, the file holds each sample highlighted as
 *   a fenced block of the page would be; the workflow pages' samples too, a file per group of tabs;
 * - the samples a reader pastes generate their Idempotency-Key (review N7: a pasted payout must not replay another),
 *   while the workflow pages keep the literal keys the workflow sends, and they are valid bash, JavaScript and Python;
 * - each step's file describes the request its Run button sends (src/data/workflow-step-run.ts), built from the
 *   workflow (a changed workflow, a changed descriptor), and every page's steps, run top to bottom with those
 *   descriptors against a fresh key of the sandbox engine, answer 2xx, later steps reading what earlier ones set.
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
import {codeBlockParts} from '../../tools/reference/highlight';
import type {MdNode} from '../../src/plugins/spec-tables/remark-spec-tables';
import {workflowPagesMdx, workflowSteps} from '../../src/plugins/workflow-steps/generate/guide-steps';
import {stepKey, type StepEmbed} from '../../src/plugins/workflow-steps/generate/pages';
import remarkWorkflowSteps, {guideOwnFiles, stepSampleFiles, workflowPageFiles} from '../../src/plugins/workflow-steps/remark';
import {writeStepSampleFiles} from '../../src/plugins/workflow-steps';
import {
  runLabel,
  STEP_RUN_CLASS,
  STEP_RUN_URL_ATTRIBUTE,
  STEP_RUN_WORKFLOW_ATTRIBUTE,
  STEP_SAMPLE_COMPONENT,
  STEP_SAMPLE_MODULE,
  STEP_SAMPLE_SOURCE_ATTRIBUTE,
  STEP_SAMPLES_URL,
  stepRunId,
} from '../../src/plugins/workflow-steps/client-files';
import {midnightUtc, recordRun, runInputValues, runOutputs, runRequest, type RunState, type StepRun} from '../../src/data/workflow-step-run';
import {createSandbox} from '../../src/plugins/sandbox/engine';
import {signatureHeader, simulatedReceiver} from '../../src/plugins/sandbox/engine/delivery';
import {checkWorkflows} from '../../tools/workflows/check';
import {API_SPECS, specPath} from '../../src/data/api-table';
import {WORKFLOW_PAGES_DIR} from '../../src/data/navigation';
import {loadFreshApi} from '../../tools/openapi/load';
import {docPages} from '../../tools/docs/doc-requests';
import {workflowPages} from '../../src/plugins/workflow-steps/generate/pages';
import {combinedSpec, DOCS_ACCOUNT, newKey} from '../helpers/sandbox';

// relies on: openapi-tabs
const IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";
const SAMPLES = {component: STEP_SAMPLE_COMPONENT, module: STEP_SAMPLE_MODULE};

async function render(markdown: string, file = 'guide.md', options: object = {samples: SAMPLES}): Promise<MdNode> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkMdx)
    .use(remarkWorkflowSteps as never, {siteDir: SITE_ROOT, ...options});
  return (await processor.run(processor.parse(markdown), {path: file} as never)) as unknown as MdNode;
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
  test("each step's first sample becomes the component, the others marks of their lazy tab; the page imports it once", async () => {
    const tree = await render(
      `${IMPORTS}::workflow-step{workflow="withdraw-fiat" step="withdraw"}\n\n::workflow-step{workflow="withdraw-crypto" step="withdraw"}\n`,
    );
    assert.equal(all(tree, (n) => n.type === 'code').length, 0, 'no fenced sample is left in the page');
    const imports = (tree.children ?? []).filter((n) => n.type === 'mdxjsEsm' && String(n.value).includes(STEP_SAMPLE_MODULE));
    assert.equal(imports.length, 1, 'one import of the component');
    const placed = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === STEP_SAMPLE_COMPONENT);
    assert.equal(placed.length, 2, 'the first sample of each step (the tab shown first)');
    const tabs = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === 'Tabs');
    assert.equal(tabs.length, 2, 'the tabs stay in the page, lazy as before');
    const items = (t: MdNode) => (t.children ?? []).filter((n) => n.name === 'TabItem');
    for (const t of tabs) {
      assert.deepEqual(
        items(t)[0].children?.map((n) => n.name),
        [STEP_SAMPLE_COMPONENT],
        'the first tab holds its sample',
      );
      for (const item of items(t).slice(1)) assert.deepEqual(item.children, [], 'a lazy tab is empty in the page');
    }
    const files = await stepSampleFiles(SITE_ROOT);
    for (const [i, key] of ['withdraw-fiat/withdraw', 'withdraw-crypto/withdraw'].entries()) {
      const name = attribute(placed[i], 'file')!;
      assert.match(name, /^[0-9a-f]{16}\.json$/);
      assert.equal(attribute(placed[i], 'sample'), '0');
      assert.deepEqual(
        items(tabs[i])
          .slice(1)
          .map((item) => attribute(item, STEP_SAMPLE_SOURCE_ATTRIBUTE)),
        [1, 2, 3].map((s) => `${STEP_SAMPLES_URL}${name}#${s}`),
        'each other tab marked with its sample in the file',
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
    const pageFiles = (await workflowPageFiles(SITE_ROOT)).size;
    const guideFiles = (await guideOwnFiles(SITE_ROOT)).size;
    assert.ok(pageFiles > 0, 'the workflow pages have files');
    assert.ok(guideFiles > 0, 'the guides have files of their own blocks');
    assert.ok(
      count > pageFiles + guideFiles && count <= steps.size + pageFiles + guideFiles,
      `${count} files for ${steps.size} steps, ${pageFiles} groups of tabs and ${guideFiles} guides`,
    );
  });

  test("a guide's own blocks go in a file of its own, as static-code renders them; its steps' in theirs", async () => {
    const guide = [
      IMPORTS,
      '<Tabs groupId="lang">\n<TabItem value="curl" label="cURL">\n\n```bash\nexport ACCOUNT_ID=acc_1\n```\n\n</TabItem>\n</Tabs>\n',
      '::workflow-step{workflow="withdraw-fiat" step="withdraw"}\n',
      ':::note\n\n```json title="201 Created"\n{"id": "wdr_1"}\n```\n\n:::\n',
      // What only the classic CodeBlock does (a highlighted line) stays in the page, for it.
      '```js\n// highlight-next-line\nconst a = 1;\n```\n',
    ].join('\n');
    const dir = fs.mkdtempSync(path.join(tmp, 'site-'));
    for (const name of ['openapi', 'node_modules']) fs.symlinkSync(path.join(SITE_ROOT, name), path.join(dir, name));
    fs.mkdirSync(path.join(dir, 'docs/guides'), {recursive: true});
    fs.mkdirSync(path.join(dir, 'docs/api'), {recursive: true});
    fs.writeFileSync(path.join(dir, 'docs/guides/g.md'), guide);
    const own = await guideOwnFiles(dir);
    assert.equal(own.size, 1, 'one file for the guide');
    const [[name, file]] = [...own];
    const expected = [
      codeBlockParts('export ACCOUNT_ID=acc_1', {language: 'bash'}),
      codeBlockParts('{"id": "wdr_1"}', {language: 'json', title: '201 Created'}),
    ].map(({className, innerHtml}) => ({className, html: innerHtml}));
    assert.deepEqual(file.samples, expected);
    const tree = await render(guide, path.join(dir, 'docs/guides/g.md'), {samples: SAMPLES, siteDir: dir});
    const placed = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === STEP_SAMPLE_COMPONENT);
    assert.deepEqual(
      placed.filter((n) => attribute(n, 'file') === name).map((n) => attribute(n, 'sample')),
      ['0', '1'],
    );
    const stepSamples = placed.filter((n) => attribute(n, 'file') !== name);
    assert.equal(stepSamples.length, 1, "the step's first sample in the step's file (the others are lazy tabs' marks)");
    const marks = all(tree, (n) => n.type === 'mdxJsxFlowElement' && attribute(n, STEP_SAMPLE_SOURCE_ATTRIBUTE) !== undefined).map((n) =>
      attribute(n, STEP_SAMPLE_SOURCE_ATTRIBUTE),
    );
    assert.deepEqual(
      marks,
      [1, 2, 3].map((i) => `${STEP_SAMPLES_URL}${attribute(stepSamples[0], 'file')}#${i}`),
    );
    assert.deepEqual(
      all(tree, (n) => n.type === 'code').map((n) => n.value),
      ['// highlight-next-line\nconst a = 1;'],
    );
    // A page whose text is not the guide's on disk (edited, its file not written yet) keeps its blocks.
    const edited = await render(guide.replace('acc_1', 'acc_2'), path.join(dir, 'docs/guides/g.md'), {samples: SAMPLES, siteDir: dir});
    assert.equal(all(edited, (n) => n.type === 'code').length, 3);
  });
});

describe("a workflow page's samples are in files of their own (issue #47)", () => {
  const PAGE = path.join(SITE_ROOT, WORKFLOW_PAGES_DIR, 'withdraw-fiat.mdx');
  /** Each group of tabs of a page's MDX, its samples by tab. */
  const groupsOf = (mdx: string): Map<string, string>[] => [...mdx.matchAll(/<Tabs groupId="lang">[\s\S]*?<\/Tabs>/g)].map((m) => samplesOf(m[0]));

  test("each group of tabs' samples become the component with the group's file; the tabs and their order stay", async () => {
    const mdx = (await workflowPagesMdx(SITE_ROOT)).get('withdraw-fiat.mdx')!;
    const groups = groupsOf(mdx);
    assert.ok(groups.length >= 3, `the setup and each step (${groups.length})`);
    const tree = await render(mdx, PAGE);
    assert.deepEqual(
      all(tree, (n) => n.type === 'code').map((n) => n.lang),
      ['mermaid'],
      'no fenced sample is left, the diagram is',
    );
    const imports = (tree.children ?? []).filter((n) => n.type === 'mdxjsEsm' && String(n.value).includes(STEP_SAMPLE_MODULE));
    assert.equal(imports.length, 1, 'one import of the component');
    const tabs = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === 'Tabs');
    assert.equal(tabs.length, groups.length, 'the tabs stay');
    const files = await workflowPageFiles(SITE_ROOT);
    const everyFile = await stepSampleFiles(SITE_ROOT);
    const languages: Record<string, string> = {curl: 'bash', node: 'javascript', typescript: 'typescript', python: 'python'};
    tabs.forEach((group, g) => {
      const placed = all(group, (n) => n.type === 'mdxJsxFlowElement' && n.name === STEP_SAMPLE_COMPONENT);
      const name = attribute(placed[0], 'file')!;
      assert.match(name, /^[0-9a-f]{16}\.json$/);
      assert.deepEqual(
        placed.map((n) => [attribute(n, 'file'), attribute(n, 'sample')]),
        placed.map((_, s) => [name, String(s)]),
        'one file a group, the samples in tab order',
      );
      const file = files.get(name);
      assert.ok(file, `group ${g}: its file is among the workflow pages' files`);
      assert.deepEqual(everyFile.get(name), file, 'and among the files the plugin writes');
      assert.equal(file.run, undefined, 'a workflow page has no Run button: its files no request');
      assert.deepEqual(
        file.samples,
        [...groups[g]].map(([tab, source]) => {
          const {className, innerHtml} = codeBlockParts(source, {language: languages[tab]});
          return {className, html: innerHtml};
        }),
      );
    });
  });

  test('a guide, or the page without the option, keeps its fenced code, and so does a group older than its workflow', async () => {
    const mdx = (await workflowPagesMdx(SITE_ROOT)).get('withdraw-fiat.mdx')!;
    const fenced = (await render(mdx, PAGE, {})) as MdNode;
    assert.equal(all(fenced, (n) => n.type === 'code' && n.lang !== 'mermaid').length, groupsOf(mdx).length * 4);
    const elsewhere = await render(mdx, path.join(SITE_ROOT, 'docs/guides/withdraw-fiat.mdx'));
    assert.equal(all(elsewhere, (n) => n.type === 'mdxJsxFlowElement' && n.name === STEP_SAMPLE_COMPONENT).length, 0);
    // A page older than its workflow (npm start with an invalid spec): the group that changed keeps its code.
    const older = await render(mdx.replace('curl -sS', 'curl -sSf'), PAGE);
    assert.deepEqual(
      all(older, (n) => n.type === 'code' && n.lang !== 'mermaid').map((n) => n.lang),
      ['bash', 'javascript', 'typescript', 'python'],
      "only the changed group's four samples stay fenced",
    );
    assert.match(String(all(older, (n) => n.type === 'code' && n.lang === 'bash')[0].value), /curl -sSf/);
    assert.equal(all(older, (n) => n.type === 'mdxJsxFlowElement' && n.name === STEP_SAMPLE_COMPONENT).length, (groupsOf(mdx).length - 1) * 4);
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
    const {workflowPages} = await import('../../src/plugins/workflow-steps/generate/pages');
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

describe("a guide's Run buttons (issue #47, guides you run in the page)", () => {
  const SERVER = 'https://api.sandbox.novaramp.example/v1';

  test('each step is followed by its Run block, static markup naming the step file, which describes the request', async () => {
    const processor = unified()
      .use(remarkParse)
      .use(remarkDirective)
      .use(remarkMdx)
      .use(remarkWorkflowSteps as never, {siteDir: SITE_ROOT, samples: SAMPLES, run: true});
    const tree = (await processor.run(
      processor.parse(
        `${IMPORTS}::workflow-step{workflow="quote-and-trade" step="preview-quote"}\n\n::workflow-step{workflow="quote-and-trade" step="execute-quote"}\n`,
      ),
      {path: 'g.md'} as never,
    )) as unknown as MdNode;
    const imports = (tree.children ?? []).filter((n) => n.type === 'mdxjsEsm');
    assert.deepEqual(
      imports.map((n) => String(n.value).trim()),
      [`import ${STEP_SAMPLE_COMPONENT} from '${STEP_SAMPLE_MODULE}';`, IMPORTS.trim()],
      'the Run blocks import nothing',
    );
    const blocks = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === 'div' && attribute(n, 'className') === `${STEP_RUN_CLASS} margin-bottom--md`);
    assert.deepEqual(
      blocks.map((n) => [attribute(n, 'id'), attribute(n, 'data-run-step'), attribute(n, STEP_RUN_WORKFLOW_ATTRIBUTE)]),
      [
        [stepRunId('quote-and-trade', 'preview-quote'), 'preview-quote', 'quote-and-trade'],
        [stepRunId('quote-and-trade', 'execute-quote'), 'execute-quote', 'quote-and-trade'],
      ],
    );
    const [button, region] = blocks[1].children ?? [];
    assert.equal(button.name, 'button');
    assert.equal(attribute(button, 'type'), 'button');
    assert.deepEqual(button.children, [{type: 'text', value: runLabel('execute-quote')}], 'one text node, the label the script changes');
    assert.equal(region.name, 'div');
    assert.equal(attribute(region, 'aria-live'), 'polite');
    const files = await stepSampleFiles(SITE_ROOT);
    const samples = all(tree, (n) => n.type === 'mdxJsxFlowElement' && n.name === STEP_SAMPLE_COMPONENT);
    assert.equal(attribute(blocks[1], STEP_RUN_URL_ATTRIBUTE), `${STEP_SAMPLES_URL}${attribute(samples[1], 'file')}`, "the block names its step's file");
    assert.deepEqual(files.get(attribute(samples[1], 'file')!)!.run, steps.get('quote-and-trade/execute-quote')!.run);
  });

  test('the descriptor is the step as the workflow writes it: expressions kept, a new key per Run, documented inputs', () => {
    const run = steps.get('quote-and-trade/execute-quote')!.run;
    assert.equal(run.method, 'POST');
    assert.equal(run.path, '/accounts/{account_id}/quotes/{quote_id}/execute');
    assert.deepEqual(run.pathParameters, [
      ['account_id', {expression: '$inputs.account_id'}],
      ['quote_id', {expression: '$steps.preview-quote.outputs.quote_id'}],
    ]);
    assert.deepEqual(run.headers, [['Idempotency-Key', {expression: '$faker.string.uuid()'}]]);
    assert.deepEqual(run.body, {object: [['metadata', {object: [['customer_ref', {literal: 'cus_8812'}]]}]]});
    assert.deepEqual(
      run.inputs,
      {
        account_id: {
          value: DOCS_ACCOUNT,
          type: 'string',
          description: 'An approved account with at least 1,000.00 USD available (see the fund-bank-transfer workflow).',
        },
      },
      "the input's documented example (the seed's account), with what its field shows",
    );
    assert.deepEqual(run.outputs, [['transaction_id', '$response.body#/id']]);
    // A literal key in a workflow (the run CI makes needs it) is a new one for each Run, as in the samples.
    for (const [key, step] of steps)
      for (const [name, value] of step.run.headers)
        if (name.toLowerCase() === 'idempotency-key') assert.deepEqual(value, {expression: '$faker.string.uuid()'}, key);
  });

  test('a changed workflow changes the descriptors', async () => {
    const docs = await Promise.all(API_SPECS.map((api) => loadFreshApi(specPath(api), {siteDir: SITE_ROOT})));
    const apis = new Map(API_SPECS.map((api, i) => [api, docs[i]]));
    const original = fs.readFileSync(path.join(SITE_ROOT, 'openapi/workflows/quote-and-trade.arazzo.yaml'), 'utf8');
    const changed = original
      .replace(/url: \.\.\/(\w+)\.yaml/g, (_, name: string) => `url: ${path.join(SITE_ROOT, 'openapi', `${name}.yaml`)}`)
      .replace("sell_amount: '1000.00'", "sell_amount: '250.00'")
      .replace('quote_id: $response.body#/id', 'quote_id: $response.body#/quote_id')
      .replace('examples: [acc_7Hq2LmX9pR4sT8vW]', 'examples: [acc_0000000000000000]');
    const file = path.join(tmp, 'quote-and-trade.arazzo.yaml');
    fs.writeFileSync(file, changed);
    const run = (key: string): StepRun => workflowPages(SITE_ROOT, apis, [file]).steps.get(key)!.run;
    const preview = run('quote-and-trade/preview-quote');
    assert.deepEqual(preview.body, {
      object: [
        ['sell_asset', {literal: 'USD'}],
        ['buy_asset', {literal: 'USDC'}],
        ['sell_amount', {literal: '250.00'}],
        ['max_slippage_bps', {literal: 50}],
      ],
    });
    assert.deepEqual(preview.outputs[0], ['quote_id', '$response.body#/quote_id']);
    assert.equal(preview.inputs.account_id.value, 'acc_0000000000000000');
    assert.notDeepEqual(preview, steps.get('quote-and-trade/preview-quote')!.run);
  });

  /** The steps a page embeds, in page order. */
  const pageSteps = (page: string): StepRun[] =>
    [...fs.readFileSync(path.join(SITE_ROOT, page), 'utf8').matchAll(/::workflow-step\{workflow="([^"]+)" step="([^"]+)"\}/g)].map(
      (m) => steps.get(stepKey(m[1], m[2]))!.run,
    );

  /** What the page's Runs answer, top to bottom, on a fresh key of `sandbox` (as the browser sandbox does, deliveries included). */
  async function runPage(sandbox: ReturnType<typeof createSandbox>, runs: StepRun[], key = newKey()) {
    const state: RunState = new Map();
    const onPage = (stepId: string) => runs.some((r) => r.stepId === stepId);
    const answers: {step: string; url?: string; status?: number; missing?: string; body?: unknown}[] = [];
    for (const run of runs) {
      const made = runRequest(run, state, {server: SERVER, apiKey: key, uuid: () => crypto.randomUUID(), onPage});
      if ('missing' in made) {
        answers.push({step: run.stepId, missing: JSON.stringify(made.missing)});
        continue;
      }
      const url = new URL(made.request.url);
      const headers = Object.fromEntries(Object.entries(made.request.headers).map(([k, v]) => [k.toLowerCase(), v]));
      const query = Object.fromEntries(url.searchParams);
      const res = await sandbox.handle({method: made.request.method, path: url.pathname.replace(/^\/v1/, ''), query, headers, rawBody: made.request.body});
      answers.push({step: run.stepId, url: made.request.url, status: res.status, body: structuredClone(res.body)});
      // The browser sandbox makes the deliveries due after each request (src/plugins/sandbox/client-engine.ts).
      await sandbox.deliverDue();
      if (res.status < 300) recordRun(state, {workflowId: run.workflowId, stepId: run.stepId, outputs: runOutputs(run, res)});
    }
    return answers;
  }

  /**
   * What does not run in the page yet (none: the reconciliation day is the reader's yesterday, computed from the
   * workflow's `x-default-midnight-utc`, and the browser sandbox delivers to its simulated receiver, so the webhook
   * guide's endpoint is verified and its resend accepted). A step listed here must fail, so the list stays true.
   */
  const NOT_YET = new Set<string>([]);

  /** A sandbox as the browser runs it: deliveries answered by the simulated receiver, in the page. */
  const browserLikeSandbox = async () =>
    createSandbox({spec: await combinedSpec(), seed: 'runs', transport: simulatedReceiver} as Parameters<typeof createSandbox>[0]);

  test('every page with steps runs top to bottom on a fresh sandbox key, each Run answering 2xx', async () => {
    const sandbox = await browserLikeSandbox();
    const pages = docPages(SITE_ROOT).filter((page) => pageSteps(page).length);
    assert.ok(pages.length >= 8, `pages with steps: ${pages.join(', ')}`);
    const failed: string[] = [];
    for (const page of pages) {
      for (const answer of await runPage(sandbox, pageSteps(page))) {
        const ok = answer.status !== undefined && answer.status >= 200 && answer.status < 300;
        const name = `${page} ${answer.step}`;
        if (ok === NOT_YET.has(name)) failed.push(`${name}: ${answer.missing ?? `${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`}`);
      }
    }
    assert.deepEqual(failed, [], 'each Run answers 2xx, but for the steps listed as not running yet (which fail)');
    assert.deepEqual(sandbox.conformance().violations, []);
  });

  test("the reconciliation guide reconciles the reader's yesterday: the seeded deposits, read again with their transaction", async () => {
    const runs = pageSteps('docs/guides/reconciliation-guide.md');
    const list = runs.find((r) => r.stepId === 'list-ledger-entries')!;
    // The workflow says how to compute the day (x-default-midnight-utc); its fields show name, type, description.
    assert.deepEqual(Object.fromEntries(Object.entries(list.inputs).map(([name, input]) => [name, [input.midnightUtcDays, input.type, input.value]])), {
      account_id: [undefined, 'string', DOCS_ACCOUNT],
      day_start: [-1, 'string', null],
      day_end: [0, 'string', null],
    });
    assert.match(list.inputs.day_start.description!, /inclusive/);
    const [listed, entry, transaction, balances, events] = await runPage(await browserLikeSandbox(), runs);
    const yesterday = midnightUtc(-1, Date.now());
    const today = midnightUtc(0, Date.now());
    assert.equal(
      listed.url,
      `${SERVER}/accounts/${DOCS_ACCOUNT}/ledger-entries?created_gte=${encodeURIComponent(yesterday)}&created_lt=${encodeURIComponent(today)}&sort=created_at&limit=100`,
    );
    const entries = (listed.body as {data: {id: string; kind: string; currency: string; created_at: string; transaction_id: string}[]}).data;
    assert.deepEqual(
      entries.map((e) => [e.kind, e.currency]),
      [
        ['deposit', 'USD'],
        ['deposit', 'EUR'],
        ['deposit', 'USDC'],
      ],
      "yesterday's entries: the seed's three deposits",
    );
    for (const e of entries) assert.ok(e.created_at >= yesterday && e.created_at < today, `${e.id} written yesterday: ${e.created_at}`);
    assert.equal(entry.url, `${SERVER}/accounts/${DOCS_ACCOUNT}/ledger-entries/${entries[0].id}`);
    assert.equal(transaction.url, `${SERVER}/accounts/${DOCS_ACCOUNT}/transactions/${entries[0].transaction_id}`);
    assert.deepEqual(
      [listed, entry, transaction, balances, events].map((a) => a.status),
      [200, 200, 200, 200, 200],
    );
  });

  test('what the reader types in an input field is what the Run sends; an emptied field names the input', () => {
    const list = steps.get('reconcile-day/list-ledger-entries')!.run;
    const state: RunState = new Map();
    const now = Date.parse('2025-03-21T10:00:00Z');
    assert.deepEqual(runInputValues(list, state, {now}), {
      account_id: DOCS_ACCOUNT,
      day_start: '2025-03-20T00:00:00Z',
      day_end: '2025-03-21T00:00:00Z',
    });
    const typed = runInputValues(list, state, {now, typed: {day_start: '2025-03-12T00:00:00Z', day_end: '2025-03-13T00:00:00Z'}});
    const made = runRequest(list, state, {server: SERVER, apiKey: 'sk_sandbox_x', uuid: () => 'u', inputs: typed});
    assert.ok('request' in made);
    assert.equal(new URL(made.request.url).searchParams.get('created_gte'), '2025-03-12T00:00:00Z');
    assert.equal(new URL(made.request.url).searchParams.get('created_lt'), '2025-03-13T00:00:00Z');
    const emptied = runInputValues(list, state, {now, typed: {day_end: ' '}});
    assert.deepEqual(runRequest(list, state, {server: SERVER, apiKey: 'sk_sandbox_x', uuid: () => 'u', inputs: emptied}), {
      missing: [{kind: 'input', name: 'day_end'}],
    });
  });

  test('an x-default-midnight-utc that is not a whole number of days, or names no string input, is a lint problem with file:line', async () => {
    const file = path.join(tmp, 'reconcile-day.arazzo.yaml');
    const text = fs
      .readFileSync(path.join(SITE_ROOT, 'openapi/workflows/reconcile-day.arazzo.yaml'), 'utf8')
      .replace(/url: \.\.\/(\w+)\.yaml/g, (_, name: string) => `url: ${path.join(SITE_ROOT, 'openapi', `${name}.yaml`)}`);
    assert.ok(text.includes('      day_start: -1\n      day_end: 0\n'));
    fs.writeFileSync(file, text.replace('      day_start: -1\n      day_end: 0\n', '      day_start: yesterday\n      day_after: 1\n'));
    const line = text.split('\n').findIndex((l) => l === '      day_start: -1') + 1;
    const where = path.relative(SITE_ROOT, file);
    assert.deepEqual(await checkWorkflows(SITE_ROOT, [file]), [
      `${where}:${line}: x-default-midnight-utc: "day_start" must be a string input of workflow reconcile-day and its value a whole number of days from today (-1: yesterday); found "yesterday" for type "string"`,
      `${where}:${line + 1}: x-default-midnight-utc: "day_after" must be a string input of workflow reconcile-day and its value a whole number of days from today (-1: yesterday); found 1 for an undeclared input`,
    ]);
  });

  test('the simulated receiver answers 200 to a delivery signed with a secret of the endpoint, 400 otherwise', async () => {
    const secret = `whsec_${Buffer.from('a secret of 24 bytes!!!!').toString('base64')}`;
    const body = JSON.stringify({id: 'evt_1', type: 'webhook.verification'});
    const headers = {'webhook-id': 'evt_1', 'webhook-timestamp': '1742551200', 'webhook-signature': await signatureHeader([secret], 'evt_1', 1742551200, body)};
    const url = 'https://hooks.acme-wallet.example/novaramp';
    assert.deepEqual(await simulatedReceiver({url, headers, body}, {secrets: [secret]}), {status: 200});
    const other = `whsec_${Buffer.from('another secret of 24 b!!').toString('base64')}`;
    assert.deepEqual(await simulatedReceiver({url, headers, body}, {secrets: [other]}), {status: 400}, 'signed with another secret');
    assert.deepEqual(await simulatedReceiver({url, headers, body: `${body} `}, {secrets: [secret]}), {status: 400}, 'a body changed after signing');
    assert.deepEqual(await simulatedReceiver({url, headers: {...headers, 'webhook-id': ''}, body}, {secrets: [secret]}), {status: 400}, 'no webhook-id');
  });

  test('in the webhook guide, the endpoint is verified by the simulated receiver, and the resent event is delivered to it', async () => {
    const sandbox = await browserLikeSandbox();
    const key = newKey();
    const answers = await runPage(sandbox, pageSteps('docs/guides/webhook-guide.md'), key);
    const verified = answers.find((a) => a.step === 'verify-endpoint')!.body as {outcome: string; http_status: number; endpoint_status: string};
    assert.deepEqual([verified.outcome, verified.http_status, verified.endpoint_status], ['verified', 200, 'active']);
    const resent = answers.find((a) => a.step === 'resend-event')!;
    assert.equal(resent.status, 202);
    const delivery = resent.body as {id: string; webhook_id: string; status: string};
    assert.equal(delivery.status, 'scheduled', 'the answer as documented: the attempt is queued');
    const log = await sandbox.handle({
      method: 'GET',
      path: `/webhooks/${delivery.webhook_id}/deliveries`,
      headers: {authorization: `Bearer ${key}`},
    });
    assert.equal(log.status, 200);
    const attempt = (log.body as {data: {id: string; status: string; http_status: number}[]}).data.find((d) => d.id === delivery.id);
    assert.deepEqual([attempt?.status, attempt?.http_status], ['succeeded', 200], 'the resend, attempted once the Run answered, in the delivery log');
  });

  test("a later step reads an earlier one's output: the account created is the one read and approved", async () => {
    const sandbox = createSandbox({spec: await combinedSpec(), seed: 'runs'});
    const [created, read, approved] = await runPage(sandbox, pageSteps('docs/guides/create-account-guide.md'));
    const id = (created.body as {id: string}).id;
    assert.match(id, /^acc_/);
    assert.notEqual(id, DOCS_ACCOUNT);
    assert.equal(read.url, `${SERVER}/accounts/${id}/kyc`);
    assert.equal(approved.url, `${SERVER}/sandbox/accounts/${id}/kyc`);
    assert.equal((approved.body as {status: string}).status, 'approved');
  });

  test('a step whose earlier step has not run says which to run first, and sends nothing', () => {
    const run = steps.get('onboard-account/read-kyc')!.run;
    const made = runRequest(run, new Map(), {server: SERVER, apiKey: 'sk_sandbox_x', uuid: () => 'u'});
    assert.deepEqual(made, {missing: [{kind: 'step', workflowId: 'onboard-account', stepId: 'create-account', output: 'account_id', ran: false}]});
    // Run, but without the output (an empty list's first id): run it again.
    const state: RunState = new Map();
    recordRun(state, {workflowId: 'onboard-account', stepId: 'create-account', outputs: {account_id: null}});
    assert.deepEqual(runRequest(run, state, {server: SERVER, apiKey: 'sk_sandbox_x', uuid: () => 'u'}), {
      missing: [{kind: 'step', workflowId: 'onboard-account', stepId: 'create-account', output: 'account_id', ran: true}],
    });
  });
});
