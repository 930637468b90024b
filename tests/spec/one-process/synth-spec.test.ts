/**
 * The synthetic spec of `npm run bench:scale` (tools/measure/synth-spec.ts) must stay acceptable to the pipeline,
 * or the scale bench measures a failing build: N operations, all passing the pin/tag/Idempotency-Key checks
 * of tools/spec/spec-model.ts and Redocly lint, in the repository's layout (short roots, one file per path item).
 * (The bench itself is not run by the tests.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, test} from 'node:test';
import {parse} from 'yaml';
import {scratchSite} from '../../../tools/site/scratch-site';
import {loadOperations} from '../../../tools/spec/spec-model';
import {synthesizeSpecs} from '../../../tools/measure/synth-spec';
import {run} from '../../../tools/cli';

// What synth-spec, the spec checks and Redocly read.
const site = scratchSite('synth-test', {only: ['openapi', 'redocly.yaml']});
after(() => fs.rmSync(site, {recursive: true, force: true}));

test('synth-spec: 120 operations spread over the eight files pass the spec checks and Redocly lint', () => {
  const result = synthesizeSpecs(site, 120);
  assert.equal(result.total, 120);
  assert.ok(Object.values(result.perSpec).every((n) => n > 0));
  const ops = loadOperations(site);
  assert.equal(ops.length, 120);
  assert.equal(new Set(ops.map((o) => o.slug)).size, 120, 'unique routes');
  const root = parse(fs.readFileSync(path.join(site, 'openapi', 'crypto.yaml'), 'utf8')) as {paths: Record<string, {$ref?: string}>};
  const copies = Object.entries(root.paths).filter(([p]) => p.startsWith('/bench-'));
  assert.ok(
    copies.length > 0 && copies.every(([p, item]) => item.$ref === `paths/${p.slice(1).replaceAll('/', '_')}.yaml`),
    'one path item file per copy, named after its path',
  );
  const lint = run(path.join(site, 'node_modules', '.bin', 'redocly'), ['lint', '--format=codeframe'], site);
  assert.equal(lint.status, 0, lint.output.slice(-3000));
});

test('synth-spec refuses to rewrite the worktree and N below the real operations', () => {
  assert.throws(() => synthesizeSpecs(process.cwd(), 500), /scratch copy/);
  assert.throws(() => synthesizeSpecs(site, 10), /below the \d+ real operations/);
});
