/**
 * The breaking-change gate guards the workflows too (issue #29): in a scratch copy of the site, removing a response
 * field a workflow reads makes `npm run diff` fail naming the field at its schema's file:line (the policy) and the
 * workflow's file:line, the step and the spec change behind it; a change no workflow depends on leaves the workflows
 * passing. The pairing of problems with changes (tools/spec-diff/workflows.ts) is checked on its own too.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, describe, test} from 'node:test';
import type {SpecChange} from '../../src/data/spec-changes';
import {run} from '../../tools/cli';
import {scratchSite} from '../../tools/site/scratch-site';
import {diffCommand} from '../../tools/spec-diff/diff-command';
import {explainingChanges} from '../../tools/spec-diff/workflows';

const SCHEMA = 'openapi/components/schemas/Quote.yaml';
const WORKFLOW = 'openapi/workflows/quote-and-trade.arazzo.yaml';

/** `text` without the property `name` (its block at two spaces) and without it in `required: [...]`. */
function withoutField(text: string, name: string): string {
  const block = new RegExp(`\\n {2}${name}:\\n(?: {4}.*\\n)+`).exec(text);
  const required = /^required: \[(.*)\]$/m.exec(text);
  assert.ok(block && required && required[1].split(', ').includes(name), `${SCHEMA} has a required field ${name} (update this test with the spec)`);
  const fields = required[1].split(', ').filter((f) => f !== name);
  return text.replace(block[0], '\n').replace(required[0], `required: [${fields.join(', ')}]`);
}

describe('npm run diff and the workflows', () => {
  let dir: string;
  let original: string;
  // `npm run diff` itself where its exit code and output are the point; the command's function in this process for
  // the other cases (a CLI run is ~3.5 s of CPU: tsx, Redocly's modules, a second bundling).
  const cli = () => run('npm', ['run', '--silent', 'diff'], dir);
  const diff = async () => {
    const {code, output} = await diffCommand(dir);
    return {status: code, output};
  };
  before(() => {
    dir = scratchSite('workflow-gate');
    original = fs.readFileSync(path.join(dir, SCHEMA), 'utf8');
  });
  after(() => fs.rmSync(dir, {recursive: true, force: true}));

  test("removing a response field a workflow reads fails the policy at the schema's file:line and the workflow at its own, with the step and the change", () => {
    const workflow = fs.readFileSync(path.join(dir, WORKFLOW), 'utf8').split('\n');
    const line = workflow.findIndex((l) => /^\s+expires_at: \$response\.body#\/expires_at$/.test(l)) + 1;
    assert.ok(line > 0, `${WORKFLOW} reads $response.body#/expires_at in an output (update this test with the workflow)`);
    fs.writeFileSync(path.join(dir, SCHEMA), withoutField(original, 'expires_at'));
    const propertiesLine = fs.readFileSync(path.join(dir, SCHEMA), 'utf8').split('\n').indexOf('properties:') + 1;
    const schema = SCHEMA.replace(/\./g, '\\.');
    const {status, output} = cli();
    assert.equal(status, 1, output);
    // The policy: the removed field by name, at the line of the schema that lost it.
    const removed = 'Removed field `expires_at` from the `201` response of `POST /accounts/{account_id}/quotes`';
    const violations = output.split('\n').filter((l) => l.includes(removed) && !l.includes('broken by'));
    assert.ok(violations.length > 0, output);
    for (const violation of violations) assert.match(violation, new RegExp(`${schema}:${propertiesLine}[: ]`), `names the schema's file and line\n${output}`);
    assert.match(output, /✗ \d+ breaking changes? the policy does not allow/);
    // The workflows: the one that reads the field, at its line, with the change behind it.
    const at = output.split('\n').findIndex((l) => l.includes(`${WORKFLOW}:${line}: workflow quote-and-trade, step preview-quote: $response.body#/expires_at`));
    assert.ok(at >= 0, `names the workflow, its line and the step\n${output}`);
    assert.match(
      output.split('\n')[at + 1],
      new RegExp(`broken by ${schema}:\\d+ +Removed field \`expires_at\` from the \`201\` response of \`POST /accounts/\\{account_id\\}/quotes\``),
      output,
    );
    assert.match(output, /✗ 1 workflow problem: the working spec breaks a workflow/);
  });

  test('removing a field no workflow reads fails the policy alone; the workflows still hold', async () => {
    fs.writeFileSync(path.join(dir, SCHEMA), withoutField(original, 'rate'));
    const {status, output} = await diff();
    assert.equal(status, 1, output);
    assert.match(output, /Removed field `rate` from/);
    assert.match(output, /✓ The \d+ workflows of openapi\/workflows\/ hold against the working spec/);
    // `npm run diff -- --json`: the same verdict for a machine, each violation with its source line and the reason.
    const json = await diffCommand(dir, {json: true});
    const report = JSON.parse(json.output) as {
      release: {version: string};
      violations: {message: string; reason: string; location?: {file: string}}[];
      workflows: unknown[];
    };
    assert.equal(json.code, 1);
    assert.match(report.release.version, /^\d+\.\d+\.\d+$/);
    assert.deepEqual(report.workflows, []);
    const rate = report.violations.filter((v) => v.message.includes('Removed field `rate` from'));
    assert.ok(rate.length > 0 && rate.every((v) => v.location?.file === SCHEMA && v.reason.length > 0), json.output);
  });

  test('a change no workflow depends on passes', async () => {
    fs.writeFileSync(path.join(dir, SCHEMA), original.replace('description: When the quote was created.', 'description: When the quote was created (UTC).'));
    const {status, output} = await diff();
    assert.equal(status, 0, output);
    assert.match(output, /✓ No breaking change the policy does not allow/);
    assert.match(output, /✓ The \d+ workflows of openapi\/workflows\/ hold against the working spec/);
  });
});

test('a workflow problem is explained by the changes to the same operation, target and name', () => {
  const change = (over: Partial<SpecChange>): SpecChange => ({
    api: 'quotes',
    kind: 'breaking',
    action: 'removed',
    target: 'response-field',
    pointer: '/',
    message: 'Removed field `expires_at` from the `201` response of `POST /q`.',
    operation: {method: 'post', path: '/q', operationId: 'previewTradeOrder'},
    ...over,
  });
  const field = change({});
  const other = change({message: 'Removed field `rate` from the `201` response of `POST /q`.'});
  const elsewhere = change({operation: {method: 'get', path: '/t', operationId: 'getTransaction'}});
  const problem = {file: 'w.arazzo.yaml', line: 3, message: 'm', operationId: 'previewTradeOrder', target: 'response-field' as const, name: 'expires_at'};
  assert.deepEqual(explainingChanges(problem, [other, field, elsewhere]), [field]);
  assert.deepEqual(
    explainingChanges({...problem, name: 'buy.value'}, [other, field, elsewhere]),
    [other, field],
    'no change names it: every change of that kind to the operation',
  );
  assert.deepEqual(explainingChanges({...problem, target: 'other'}, [field]), [], "a workflow's own mistake is explained by no change");
  assert.deepEqual(explainingChanges({...problem, operationId: 'listQuotes'}, [field, elsewhere]), []);
});
