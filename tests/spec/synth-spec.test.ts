/**
 * The synthetic spec of `npm run bench:scale` (scripts/synth-spec.ts) must stay acceptable to the pipeline,
 * or the scale bench measures a failing build: N operations, all passing the pin/tag/Idempotency-Key checks
 * of scripts/spec-model.ts and Redocly lint. (The bench itself is not run by the tests.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, test} from 'node:test';
import {scratchSite} from '../../tools/scratch-site';
import {loadOperations} from '../../tools/spec-model';
import {synthesizeSpecs} from '../../tools/synth-spec';
import {run} from '../../tools/cli';

const site = scratchSite('synth-test');
after(() => fs.rmSync(site, {recursive: true, force: true}));

test('synth-spec: 120 operations spread over the eight files pass the spec checks and Redocly lint', () => {
  const result = synthesizeSpecs(site, 120);
  assert.equal(result.total, 120);
  assert.ok(Object.values(result.perSpec).every((n) => n > 0));
  const ops = loadOperations(site);
  assert.equal(ops.length, 120);
  assert.equal(new Set(ops.map((o) => o.slug)).size, 120, 'unique routes');
  const lint = run(path.join(site, 'node_modules', '.bin', 'redocly'), ['lint', '--format=codeframe'], site);
  assert.equal(lint.status, 0, lint.output.slice(-3000));
});

test('synth-spec refuses to rewrite the worktree and N below the real operations', () => {
  assert.throws(() => synthesizeSpecs(process.cwd(), 500), /scratch copy/);
  assert.throws(() => synthesizeSpecs(site, 10), /below the \d+ real operations/);
});
