/**
 * The "Sandbox only" banner on the built operation pages: on the pages of the operations the spec marks
 * `x-sandbox-only` (the simulations and the sandbox clock, checked against the spec in tests/spec/sandbox-flow.test.ts)
 * and on no other. Read from the production build, which always has every operation page (the generator's own part
 * is tested in tests/spec/one-process/reference-model.test.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {MANIFEST_FILE, type ApiManifestEntry} from '../../src/data/api-table';
import {SITE_ROOT} from '../../tools/cli';
import {BUILD_DIR} from '../../tools/site/serve-build';

test('the built pages put a "Sandbox only" admonition on the simulation pages and no other', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(SITE_ROOT, MANIFEST_FILE), 'utf8')) as ApiManifestEntry[];
  assert.ok(manifest.length > 60, `${manifest.length} operation pages`);
  // The admonition's title, as the classic theme renders it after its icon.
  const flagged = manifest.filter(({route}) => /<\/svg><\/span>Sandbox only<\/div>/.test(fs.readFileSync(path.join(BUILD_DIR, `${route}.html`), 'utf8')));
  assert.deepEqual(flagged.map(({route}) => path.basename(route)).sort(), [
    'advance-sandbox-clock',
    'create-sandbox-restricted-key',
    'list-sandbox-restricted-keys',
    'revoke-sandbox-restricted-key',
    'simulate-account-suspension',
    'simulate-bank-account-verification',
    'simulate-bank-transfer',
    // The fiat beneficiary's simulation, at its pinned route.
    'simulate-beneficiary-verification',
    'simulate-crypto-beneficiary-verification',
    'simulate-crypto-deposit',
    'simulate-crypto-withdrawal-outcome',
    'simulate-event',
    'simulate-fiat-withdrawal-outcome',
    'simulate-kyc-outcome',
    'simulate-outage',
  ]);
});
