/**
 * The gate of `npm test` (issue #12): the working spec against the latest release passes the compatibility
 * policy, and each release's changes.json is what the classifier finds between its snapshots (so the record cannot
 * drift). That a removed response field fails `npm run diff` naming the field and its source file:line is checked by
 * the one run of the command in tests/spec/workflow-gate.test.ts, which also breaks a workflow.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {RELEASES_DIR} from '../../src/data/spec-changes';
import {SITE_ROOT} from '../../tools/cli';
import {diffSpecs, listReleases, loadRelease, loadReleaseChanges, type SpecSnapshot} from '../../tools/spec-diff';
import {formatReport, runGate, violationLines, watcherLines} from '../../tools/spec-diff/gate';
import {recordedChanges} from '../../tools/spec-diff/release';

test('the working spec passes the gate against the latest release', () => {
  const report = runGate();
  assert.ok(report.release, 'openapi/releases/ holds a release');
  assert.equal(report.release.version, listReleases()[0].version);
  assert.deepEqual(violationLines(report), [], `breaking changes the policy does not allow:\n${formatReport(report)}`);
});

test("each release's changes.json is the classification of its snapshot against the previous one", () => {
  const releases = listReleases().reverse();
  assert.ok(releases.length > 0);
  releases.forEach((release, i) => {
    const previous = i > 0 ? loadRelease(releases[i - 1].version) : undefined;
    const fresh = recordedChanges(previous, loadRelease(release.version));
    assert.deepEqual(
      loadReleaseChanges(release.version),
      JSON.parse(JSON.stringify(fresh)),
      `openapi/releases/${release.version}/changes.json differs from a fresh classification: run \`npm run release -- --rerecord\` if the rules changed on purpose`,
    );
    if (i === 0) {
      assert.ok(fresh.length > 0 && fresh.every((c) => c.kind === 'non-breaking' && c.action === 'added'), 'the first release adds everything');
    }
  });
});

test('a document compared twice gives the same changes (api-smart-diff writes into what it compares)', () => {
  const file = path.join(SITE_ROOT, RELEASES_DIR, listReleases()[0].version, 'webhooks.yaml');
  // Each document read afresh: a comparison that wrote into a document must not hide in its copies.
  const read = (): SpecSnapshot => ({version: 'released', apis: {webhooks: parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>}});
  const withField = (change: (field: Record<string, unknown>, account: {properties: Record<string, unknown>; required: string[]}) => void): SpecSnapshot => {
    const copy = read();
    const account = (copy.apis.webhooks as {components: {schemas: {Account: {properties: Record<string, unknown>; required: string[]}}}}).components.schemas
      .Account;
    change(account.properties.display_name as Record<string, unknown>, account);
    return {...copy, version: 'next'};
  };
  const deprecate = (field: Record<string, unknown>) => Object.assign(field, {deprecated: true, 'x-sunset': '2026-12-31'});
  const remove = (_: unknown, account: {properties: Record<string, unknown>; required: string[]}) => {
    delete account.properties.display_name;
    account.required = account.required.filter((f) => f !== 'display_name');
  };
  const middle = withField(deprecate);
  assert.ok(diffSpecs(read(), middle).length > 0);
  const again = diffSpecs(middle, withField(remove));
  assert.deepEqual(again, diffSpecs(withField(deprecate), withField(remove)));
  assert.ok(again.length > 0 && again.every((c) => /Removed field `\S*display_name`/.test(c.message)), again.map((c) => c.message).join('\n'));
});

test("the watcher's line counts each kind and lists each breaking change with its file:line", () => {
  const change = {
    api: 'accounts',
    kind: 'breaking' as const,
    action: 'removed' as const,
    target: 'response-field' as const,
    pointer: '/paths/~1accounts/post',
    message: 'Removed field `display_name`.',
    location: {file: 'openapi/components/schemas/Account.yaml', line: 23},
  };
  const doc = {
    api: 'accounts',
    kind: 'documentation' as const,
    action: 'changed' as const,
    target: 'response-field' as const,
    pointer: '/paths/~1accounts/post',
    message: 'Documentation changed.',
  };
  const lines = watcherLines({
    release: {version: '1.0.0', date: '2026-11-22'},
    changes: [
      {change, rule: 'response-field-removed'},
      {change: doc, rule: 'documentation-changed'},
    ],
    breaking: [{change, rule: 'response-field-removed', policy: 'removal-after-sunset', allowed: false, reason: 'not deprecated in 1.0.0'}],
    violations: [],
  });
  assert.deepEqual(lines, [
    'vs 1.0.0: 1 breaking, 0 deprecation, 0 non-breaking, 1 documentation',
    '  ✗ openapi/components/schemas/Account.yaml:23  Removed field `display_name`. — not deprecated in 1.0.0',
  ]);
});
