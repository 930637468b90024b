/**
 * The deprecation rules of redocly.yaml (`rule/deprecation-*`): each fails on tests/fixtures/diff/rules/deprecation.yaml
 * at the lines marked `# expect: <rule id>` and nowhere else, none fires on conforming.yaml (deprecated operations,
 * parameters, fields and events done right), and the shared headers they ask for exist.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {parse, stringify} from 'yaml';
import {bin, run, SITE_ROOT} from '../../../tools/cli';
import {stylishProblems} from '../../helpers/redocly-rules';

const FIXTURES = 'tests/fixtures/diff/rules';
const PREFIX = 'rule/deprecation-';

const key = (p: {file: string; line: number; rule: string}) => `${p.file}:${p.line} ${p.rule}`;

function deprecationRules(): Record<string, unknown> {
  const config = parse(fs.readFileSync(path.join(SITE_ROOT, 'redocly.yaml'), 'utf8')) as {rules: Record<string, unknown>};
  return Object.fromEntries(Object.entries(config.rules).filter(([id]) => id.startsWith(PREFIX)));
}

test('each deprecation rule fails on its fixture line and nowhere else; the conforming fixture passes', () => {
  const rules = deprecationRules();
  assert.ok(Object.keys(rules).length >= 6, Object.keys(rules).join(', '));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-deprecation-'));
  try {
    const config = path.join(dir, 'redocly.yaml');
    fs.writeFileSync(config, stringify({rules}));
    const files = ['deprecation.yaml', 'conforming.yaml'].map((f) => `${FIXTURES}/${f}`);
    const {status, output} = run(bin('redocly'), ['lint', ...files, '--config', config, '--format=stylish'], SITE_ROOT);
    assert.notEqual(status, 0, output);
    const found = stylishProblems(output);
    const expected = files.flatMap((f) =>
      fs
        .readFileSync(path.join(SITE_ROOT, f), 'utf8')
        .split('\n')
        .flatMap((text, i) => [...text.matchAll(/# expect: (\S+)/g)].map((m) => ({file: f, line: i + 1, rule: m[1]}))),
    );
    assert.deepEqual(found.map(key).sort(), expected.map(key).sort(), output);
    assert.deepEqual([...new Set(expected.map((p) => p.rule))].sort(), Object.keys(rules).sort(), 'the fixture breaks every rule');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('the shared Deprecation and Sunset headers exist, with examples that match their schemas', () => {
  for (const name of ['Deprecation', 'Sunset']) {
    const header = parse(fs.readFileSync(path.join(SITE_ROOT, `openapi/components/headers/${name}.yaml`), 'utf8')) as {
      schema: {pattern: string};
      example: string;
    };
    assert.match(header.example, new RegExp(header.schema.pattern), name);
  }
});
