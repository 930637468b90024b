import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parseDocument} from 'yaml';
import {SITE_ROOT} from '../../tools/cli';
import {lintApi} from '../../tools/spec/lint-api';
import {lintSpec} from '../../tools/spec/spec-lint';
import {scratchSite} from '../../tools/site/scratch-site';

/**
 * Narrows the scratch copy's redocly.yaml to the coins API, the one these cases break: the same config and rules,
 * an eighth of the lint (the eight APIs lint in lint:api itself).
 */
function lintCoinsOnly(dir: string): void {
  const config = path.join(dir, 'redocly.yaml');
  const doc = parseDocument(fs.readFileSync(config, 'utf8'));
  const {apis} = doc.toJS() as {apis: Record<string, unknown>};
  doc.set('apis', {coins: apis.coins});
  fs.writeFileSync(config, doc.toString());
}

/**
 * `npm test` lints the spec once, as the step before this tier (`npm run lint:api`); a clean run leaves a stamp
 * for exactly these files (tools/spec/spec-lint.ts), so here, as in the build's generation step, it is not run again.
 */
test('the eight specs lint with 0 errors and 0 warnings', () => {
  const {ok, output, cached} = lintSpec(SITE_ROOT);
  assert.ok(ok, output);
  if (cached) return;
  assert.equal((output.match(/^openapi\/[a-z]+\.yaml: validated/gm) ?? []).length, 8, output);
  assert.match(output, /Your API descriptions are valid/);
});

test('a warning is not clean: lint:api fails on it', () => {
  const dir = scratchSite('lint-warning', {only: ['openapi', 'redocly.yaml']});
  try {
    // An unused component is a warning under a rule set to `warn`; bounded, it breaks no rule that is an error.
    const config = path.join(dir, 'redocly.yaml');
    fs.writeFileSync(config, fs.readFileSync(config, 'utf8').replace('no-unused-components: error', 'no-unused-components: warn'));
    lintCoinsOnly(dir);
    const coins = path.join(dir, 'openapi', 'coins.yaml');
    fs.writeFileSync(
      coins,
      fs
        .readFileSync(coins, 'utf8')
        .replace(
          /^components:\n/m,
          'components:\n  parameters:\n    UnusedThing:\n      name: unused\n      in: query\n      description: Not used by any operation.\n      schema:\n        type: string\n        maxLength: 64\n',
        ),
    );
    // Redocly's part of lint:api, in this process.
    const {ok, output} = lintSpec(dir, {force: true});
    assert.match(output, /Your API description is valid/, 'Redocly finds no error');
    assert.match(output, /1 warning/, output);
    assert.equal(ok, false, 'a warning fails lint:api');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('a broken spec fails lint:api with a file:line message', async () => {
  // A throwaway copy of what lintApi reads (the spec and Redocly's config; the guides' check is the checks layer's,
  // tools/content/guide-steps.ts) where openapi/coins.yaml is replaced by the broken fixture. The command's own run is
  // the step before this tier.
  const dir = scratchSite('lint', {only: ['openapi', 'redocly.yaml']});
  try {
    fs.copyFileSync(path.join(SITE_ROOT, 'tests', 'fixtures', 'broken-coins.yaml'), path.join(dir, 'openapi', 'coins.yaml'));
    lintCoinsOnly(dir);
    const {ok, output} = await lintApi(dir);
    assert.equal(ok, false, output);
    assert.match(output, /openapi\/coins\.yaml:\d+:\d+/, 'names the file, line and column');
    assert.match(output, /x-doc-slug/, 'reports the missing route pin');
    assert.match(output, /operation-description/, 'reports the missing description');
    assert.match(output, /decimals/, 'reports the example that does not match its schema');
    assert.match(output, /websocket\.asyncapi\.yaml: valid AsyncAPI/, 'and goes on to the AsyncAPI document');
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
