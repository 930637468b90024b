/**
 * A task page runs as it stands, top to bottom, in one shell: every variable a cURL sample reads (`$ACCOUNT_ID`) is
 * set earlier on the same page, by a shell block the page shows (`export ACCOUNT_ID=…`, as in a "Before you start"
 * section) or by an embedded workflow step's sample (`ACCOUNT_ID=$(jq …)`), the sample the build renders for
 * `::workflow-step` (src/plugins/workflow-steps/generate/guide-steps.ts). Only the API key comes from outside
 * (`$NOVARAMP_API_KEY`, exported as getting started says). The pages are the sequence pages of
 * tools/content/step-connection.ts.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {before, test} from 'node:test';
import {SITE_ROOT} from '../../../tools/cli';
import {SEQUENCE_PAGES} from '../../../tools/content/step-connection';
import {workflowSteps} from '../../../src/plugins/workflow-steps/generate/guide-steps';
import {stepKey, type StepEmbed} from '../../../src/plugins/workflow-steps/generate/pages';

/** Set outside the page: the sandbox key every sample sends. */
const FROM_OUTSIDE = new Set(['NOVARAMP_API_KEY']);
const SETS = /^\s*(?:export\s+)?([A-Z][A-Z0-9_]*)=/gm;
const READS = /\$\{?([A-Z][A-Z0-9_]*)/g;

/** The first shell block of a step's MDX: its cURL sample. */
function curlSample(mdx: string): string {
  const m = /```bash[^\n]*\n([\s\S]*?)\n```/.exec(mdx);
  return m ? m[1] : '';
}

/** `file:line: message` for each variable a shell sample reads before the page set it. */
function unsetVariables(file: string, markdown: string, steps: Map<string, StepEmbed>): string[] {
  const problems: string[] = [];
  const set = new Set(FROM_OUTSIDE);
  const shell = (code: string, line: number, what: string) => {
    // Within one sample a variable is read after the line that sets it.
    for (const codeLine of code.split('\n')) {
      for (const m of codeLine.matchAll(READS)) {
        if (!set.has(m[1])) problems.push(`${file}:${line}: ${what} reads $${m[1]}, which nothing earlier on the page sets`);
      }
      for (const m of codeLine.matchAll(SETS)) set.add(m[1]);
    }
  };
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*```(bash|sh|shell)\b/.exec(lines[i]);
    if (fence) {
      const start = i;
      const body: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) body.push(lines[i]);
      shell(body.join('\n'), start + 1, 'the shell block');
      continue;
    }
    if (/^\s*```/.test(lines[i])) {
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++);
      continue;
    }
    const directive = /^\s*::workflow-step\{workflow="([^"]+)" step="([^"]+)"\}/.exec(lines[i]);
    if (directive) {
      const step = steps.get(stepKey(directive[1], directive[2]));
      if (!step) continue; // reported by lint:api (tools/content/guide-steps.ts)
      shell(curlSample(step.mdx), i + 1, `the step ${directive[1]}/${directive[2]}`);
    }
  }
  return problems;
}

let steps: Map<string, StepEmbed>;
before(async () => {
  steps = await workflowSteps(SITE_ROOT);
});

test('every variable a sample reads is set earlier on its page', () => {
  const problems = SEQUENCE_PAGES.flatMap((file) => unsetVariables(file, fs.readFileSync(path.join(SITE_ROOT, file), 'utf8'), steps));
  assert.deepEqual(problems, []);
});

test('a step that reads a variable no earlier block sets fails, naming the page line', () => {
  const page = ['# Page', '', '::workflow-step{workflow="withdraw-fiat" step="cancel"}', ''].join('\n');
  const problems = unsetVariables('docs/guides/page.md', page, steps);
  assert.ok(
    problems.includes('docs/guides/page.md:3: the step withdraw-fiat/cancel reads $ACCOUNT_ID, which nothing earlier on the page sets'),
    problems.join('\n'),
  );
  const fixed = ['```bash', 'export ACCOUNT_ID=acc_7Hq2LmX9pR4sT8vW', 'export WITHDRAW_AGAIN_WITHDRAWAL_ID=wdr_2Nv6Tx4Kq8Jm3Rb5', '```', page].join('\n');
  assert.deepEqual(unsetVariables('docs/guides/page.md', fixed, steps), []);
});
