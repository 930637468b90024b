/**
 * `npm run bench:corpus`'s reading of a spec before it builds one (bench/corpus.ts): JSON and YAML alike, an error
 * naming the file and line for a spec that cannot be read, and a failure naming the file for a spec with no
 * operation, also as the command's exit code. On fixtures and files written here, never on ../shared/corpus.
 */
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {stringify} from 'yaml';
import {specRunFailure, specSummary} from '../../../tools/openapi/spec-summary';
import {SITE_ROOT} from '../../../tools/cli';
import {parseYamlData} from '../../../tools/openapi/yaml-data';

const FIXTURE = path.join(SITE_ROOT, 'tests/fixtures/reference/oas32-query.yaml');
let dir: string;
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-corpus-'));
});
after(() => fs.rmSync(dir, {recursive: true, force: true}));

test('a YAML spec and the same spec in JSON read alike: title and operations', async () => {
  const json = path.join(dir, 'search.json');
  fs.writeFileSync(json, JSON.stringify(parseYamlData(fs.readFileSync(FIXTURE, 'utf8'))));
  const fromYaml = await specSummary(FIXTURE);
  assert.deepEqual(fromYaml, {title: 'Search', operations: 2});
  assert.deepEqual(await specSummary(json), fromYaml);
});

test('a spec that yields no operation is a failure naming its file', async () => {
  const empty = path.join(dir, 'empty.yaml');
  fs.writeFileSync(empty, stringify({openapi: '3.2.0', info: {title: 'Empty', version: '1'}, paths: {}}));
  const spec = await specSummary(empty);
  assert.equal(spec.operations, 0);
  assert.equal(specRunFailure({file: empty, operations: 0}), `${empty}: yields 0 operations`);
  assert.equal(specRunFailure({file: FIXTURE, operations: 2}), undefined);
});

test('a spec that cannot be read: an error naming the file and the line', async () => {
  const broken = path.join(dir, 'broken.yaml');
  fs.writeFileSync(broken, 'openapi: 3.1.0\ninfo: {title: Broken, version: 1}\npaths:\n  /a: [unclosed\n');
  await assert.rejects(
    () => specSummary(broken),
    (error: Error) => error.message.includes('broken.yaml') && /:\d+:\d+|line \d+/.test(error.message),
  );
});

test('the command exits 1 and names the spec when it yields no operation (before any build)', () => {
  const empty = path.join(dir, 'no-operations.yaml');
  fs.writeFileSync(empty, stringify({openapi: '3.1.0', info: {title: 'None', version: '1'}, paths: {}}));
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'bench/corpus.ts', empty, '--no-lighthouse'], {
    cwd: SITE_ROOT,
    encoding: 'utf8',
    env: {...process.env, NODE_OPTIONS: ''},
  });
  assert.equal(res.status, 1, res.stderr);
  assert.match(res.stderr, new RegExp(`bench:corpus: ${empty.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: yields 0 operations`));
});
