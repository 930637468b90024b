import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {bin, run, SITE_ROOT} from '../../tools/cli';

test('the eight specs lint with 0 errors and 0 warnings', () => {
  const {status, output} = run(bin('redocly'), ['lint']);
  assert.equal(status, 0, output);
  const validated = output.match(/^openapi\/[a-z]+\.yaml: validated/gm) ?? [];
  assert.equal(validated.length, 8, output);
  assert.doesNotMatch(output, /\d+ (errors?|warnings?)/i, 'Redocly reports no error and no warning');
  assert.match(output, /Your API descriptions are valid/);
});

test('a broken spec makes `npm run lint:api` fail with a file:line message', () => {
  // A throwaway copy of the project where openapi/coins.yaml is replaced by the broken fixture.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nr-lint-'));
  try {
    fs.cpSync(path.join(SITE_ROOT, 'openapi'), path.join(dir, 'openapi'), {recursive: true});
    fs.copyFileSync(path.join(SITE_ROOT, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
    fs.copyFileSync(path.join(SITE_ROOT, 'package.json'), path.join(dir, 'package.json'));
    fs.symlinkSync(path.join(SITE_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    fs.copyFileSync(path.join(SITE_ROOT, 'tests', 'fixtures', 'broken-coins.yaml'), path.join(dir, 'openapi', 'coins.yaml'));

    const {status, output} = run('npm', ['run', '--silent', 'lint:api'], dir);
    assert.notEqual(status, 0, output);
    assert.match(output, /openapi\/coins\.yaml:\d+:\d+/, 'names the file, line and column');
    assert.match(output, /x-doc-slug/, 'reports the missing route pin');
    assert.match(output, /operation-description/, 'reports the missing description');
    assert.match(output, /decimals/, 'reports the example that does not match its schema');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
