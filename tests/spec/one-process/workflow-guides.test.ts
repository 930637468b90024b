/**
 * Guides built on the workflows (issue #29; tools/content/guide-steps.ts, src/plugins/workflow-steps/remark.ts): the
 * pages embed the steps of their journeys with `::workflow-step`, which the build replaces with the step's samples
 * as its workflow page has them; no page copies a request a workflow step covers; a wrong directive fails with
 * file:line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, describe, test} from 'node:test';
import remarkDirective from 'remark-directive';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {SITE_ROOT} from '../../../tools/cli';
import {extractPage} from '../../../tools/docs/doc-requests';
import {SEQUENCE_PAGES} from '../../../tools/content/step-connection';
import type {MdNode} from '../../../src/plugins/spec-tables/remark-spec-tables';
import {guideStepProblems, lintGuideSteps} from '../../../tools/content/guide-steps';
import {workflowSteps} from '../../../src/plugins/workflow-steps/generate/guide-steps';
import {stepKey} from '../../../src/plugins/workflow-steps/generate/pages';
import remarkWorkflowSteps from '../../../src/plugins/workflow-steps/remark';

const scratch = path.join(SITE_ROOT, '.tmp', `workflow-guides-${process.pid}`);
after(() => fs.rmSync(scratch, {recursive: true, force: true}));

/** A page written under .tmp/ of the site, as a path relative to the site. */
function page(name: string, markdown: string): string {
  fs.mkdirSync(scratch, {recursive: true});
  fs.writeFileSync(path.join(scratch, name), markdown);
  return path.relative(SITE_ROOT, path.join(scratch, name));
}

// relies on: openapi-tabs
const IMPORTS = "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\n\n";

async function render(markdown: string, file = 'guide.md'): Promise<MdNode> {
  const processor = unified()
    .use(remarkParse)
    .use(remarkDirective)
    .use(remarkMdx)
    .use(remarkWorkflowSteps as never, {siteDir: SITE_ROOT});
  return (await processor.run(processor.parse(markdown), {path: file} as never)) as unknown as MdNode;
}

const all = (node: MdNode, type: string, out: MdNode[] = []): MdNode[] => {
  if (node.type === type) out.push(node);
  node.children?.forEach((c) => all(c, type, out));
  return out;
};

describe('the pages built on the workflows', () => {
  test('no page copies a request a workflow step covers, and every ::workflow-step names a step', async () => {
    assert.deepEqual(await guideStepProblems(SITE_ROOT), []);
  });

  test('the task guides, getting started and the sandbox walkthrough take their request sequences from the workflows', () => {
    const embedded = new Map<string, string[]>();
    for (const file of SEQUENCE_PAGES) {
      const steps = extractPage(file, fs.readFileSync(path.join(SITE_ROOT, file), 'utf8')).requests.filter((r) => r.step);
      embedded.set(file, [...new Set(steps.map((r) => r.step!.workflow))]);
    }
    // Each journey a page walks, by the workflow it embeds (the welcome page only lists the coins: no journey).
    assert.deepEqual(Object.fromEntries(embedded), {
      'docs/api/getting-started.md': ['onboard-account', 'fund-bank-transfer'],
      'docs/api/sandbox-environment.md': ['sandbox-money-flow'],
      'docs/guides/banking-guide.md': ['verify-bank-account', 'verify-fiat-beneficiary', 'fund-bank-transfer', 'withdraw-fiat'],
      'docs/guides/create-account-guide.md': ['onboard-account'],
      'docs/guides/flow-of-fund-guide.md': ['fund-bank-transfer', 'quote-and-trade', 'withdraw-crypto'],
      'docs/guides/quotes-guide.md': ['quote-and-trade'],
      'docs/guides/reconciliation-guide.md': ['reconcile-day'],
      'docs/guides/wallets-guide.md': ['onboard-account', 'fund-crypto-deposit', 'verify-crypto-beneficiary', 'withdraw-crypto'],
      'docs/guides/webhook-guide.md': ['webhook-endpoint', 'recover-events'],
      'docs/guides/welcome-guide.md': [],
    });
  });

  test('a copied request is reported with the steps to embed; a request that shows more than a step, or only an error, is not', async () => {
    const curl = (body: string, status: string, query = '') =>
      `\`\`\`bash title="${status}"\ncurl -X POST https://api.sandbox.novaramp.example/v1/accounts/acc_7Hq2LmX9pR4sT8vW/quotes${query} \\\n  -H "Authorization: Bearer $NOVARAMP_API_KEY" \\\n  -H "Idempotency-Key: $(uuidgen)" \\\n  -d '${body}'\n\`\`\`\n`;
    const file = page(
      'copied.md',
      [
        curl('{"sell_asset": "USD", "buy_asset": "USDC", "sell_amount": "250.00"}', '201 Created'),
        curl('{"sell_asset": "USD", "buy_asset": "USDC", "buy_amount": "250.00"}', '201 Created'),
        curl('{"sell_asset": "USD"}', '400 Bad Request'),
        '::workflow-step{workflow="quote-and-trade" step="no-such-step"}\n',
        '::workflow-step{workflow="no-such-workflow" step="preview-quote"}\n',
      ].join('\n'),
    );
    const problems = await guideStepProblems(SITE_ROOT, [file]);
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.match(
      problems[0],
      new RegExp(
        `^${file}:2: POST /accounts/acc_7Hq2LmX9pR4sT8vW/quotes copies a request of previewTradeOrder, .*::workflow-step\\{workflow="quote-and-trade" step="preview-quote"\\}`,
      ),
    );
    assert.match(
      problems[1],
      new RegExp(
        `^${file}:22: ::workflow-step: workflow "quote-and-trade" has no step "no-such-step" \\(its steps: preview-quote, execute-quote, read-transaction\\)`,
      ),
    );
    assert.match(problems[2], new RegExp(`^${file}:24: ::workflow-step: no workflow "no-such-workflow" in openapi/workflows/`));
  });

  test("lint:api's report of the steps fails on a directive naming no step with its file:line, and passes clean pages", async () => {
    const file = page('unknown-step.md', `${IMPORTS}Text.\n\n::workflow-step{workflow="withdraw-crypto" step="nope"}\n`);
    const broken = await lintGuideSteps(SITE_ROOT, [file]);
    const steps = [...(await workflowSteps(SITE_ROOT)).values()].filter((s) => s.workflowId === 'withdraw-crypto').map((s) => s.stepId);
    assert.equal(broken.ok, false, broken.output);
    assert.equal(
      broken.output,
      `✖ 1 page problem (tools/content/guide-steps.ts):\n  ${file}:6: ::workflow-step: workflow "withdraw-crypto" has no step "nope" (its steps: ${steps.join(', ')})\n`,
    );
    const clean = await lintGuideSteps(SITE_ROOT, ['docs/guides/quotes-guide.md']);
    assert.deepEqual(clean, {
      ok: true,
      output: 'docs/: every ::workflow-step names a step, and no page copies a request a workflow step covers (tools/content/guide-steps.ts)\n',
    });
  });

  test('the directive becomes the step as its workflow page shows it: where it comes from, then its samples in tabs', async () => {
    const tree = await render(`${IMPORTS}Before.\n\n::workflow-step{workflow="withdraw-crypto" step="withdraw"}\n\nAfter.\n`);
    const embed = (await workflowSteps(SITE_ROOT)).get(stepKey('withdraw-crypto', 'withdraw'))!;
    assert.equal(all(tree, 'leafDirective').length, 0, 'the directive is replaced');
    const [tabs] = all(tree, 'mdxJsxFlowElement').filter((n) => n.name === 'Tabs');
    assert.ok(tabs, 'a <Tabs> element');
    const code = all(tabs, 'code');
    assert.deepEqual(
      code.map((c) => c.lang),
      ['bash', 'javascript', 'typescript', 'python'],
    );
    // The cURL sample is the one the workflow page shows, carried values as variables.
    assert.ok(embed.mdx.includes(String(code[0].value)), 'the same sample text as the workflow page');
    assert.match(String(code[0].value), /-X POST "https:\/\/api\.sandbox\.novaramp\.example\/v1\/accounts\/\$ACCOUNT_ID\/wallets\/\$WALLET_ID\/withdrawals"/);
    const links = all(tree, 'link').map((l) => l.url);
    assert.ok(links.includes('/docs/guides/workflows/withdraw-crypto#step-withdraw'), links.join(' '));
    assert.ok(
      links.some((u) => String(u).startsWith('/docs/api/')),
      'the operation reference is linked',
    );
    const text = JSON.stringify(tree);
    assert.match(text, /\$BENEFICIARY_ID/, 'the variables the samples read are named');
  });

  test('a directive naming no step, or on a page without the tab imports, fails with the page and line', async () => {
    await assert.rejects(
      render(`${IMPORTS}::workflow-step{workflow="withdraw-crypto" step="nope"}\n`, 'docs/guides/x.md'),
      /^Error: docs\/guides\/x\.md:4: workflow "withdraw-crypto" has no step "nope"/,
    );
    await assert.rejects(
      render('Text.\n\n::workflow-step{workflow="withdraw-crypto" step="withdraw"}\n', 'docs/guides/y.md'),
      /docs\/guides\/y\.md:3: ::workflow-step shows tabs: import Tabs from '@theme\/Tabs' and TabItem/,
    );
  });
});
