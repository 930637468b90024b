/**
 * Hardening to the OWASP API Security Top 10 as Spectral's public ruleset reads it: every API as published (bundled by
 * tools/spec/spec-bundle.ts) has no error but those of the CORS rule, which tools/owasp/ruleset.yaml turns off, alone;
 * and the ruleset does fail a document with an unbounded string, an integer without format and an http server.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {before, test} from 'node:test';
import {parse} from 'yaml';
import {API_SPECS} from '../../../src/data/api-table';
import {SITE_ROOT} from '../../../tools/cli';
import {OWASP_RULESET, owaspProblems, type SpectralProblem} from '../../../tools/owasp/spectral';
import {oas31Name} from '../../../tools/spec/spec-bundle';
import {cachedBundle} from '../../../tools/spec/spec-bundle-cache';

let problems: SpectralProblem[] = [];

/**
 * The download Spectral reads: the OpenAPI 3.1 derivative of each API (tools/openapi/downgrade.ts), the same API.
 * Spectral 6 knows no OpenAPI 3.2: the ruleset's rules for 3.1 (string limits among them) pass a 3.2 document unread.
 */
const linted = (api: string) => `${oas31Name(api)}.json`;

before(async () => {
  // The downloads as tools/spec/spec-bundle.ts publishes them, shared with the other tests of this spec.
  const bundle = await cachedBundle(SITE_ROOT);
  for (const api of API_SPECS) assert.match(JSON.parse(fs.readFileSync(path.join(bundle, linted(api)), 'utf8')).openapi, /^3\.1\./);
  problems = owaspProblems(API_SPECS.map((api) => path.join(bundle, linted(api))));
});

test('the ruleset is the published OWASP one with only the CORS rule turned off', () => {
  const ruleset = parse(fs.readFileSync(path.join(SITE_ROOT, OWASP_RULESET), 'utf8')) as {extends: string[]; rules: Record<string, unknown>};
  assert.deepEqual(ruleset.extends, ['@stoplight/spectral-owasp-ruleset']);
  assert.deepEqual(ruleset.rules, {'owasp:api8:2023-define-cors-origin': 'off'});
});

for (const api of API_SPECS) {
  test(`${api}: no OWASP error in the bundled API`, () => {
    const errors = problems.filter((p) => p.severity === 0 && path.basename(p.source) === linted(api));
    assert.deepEqual(
      errors.map((p) => `${p.code} at ${p.path.join('/')}`),
      [],
    );
  });
}

test('a document with an unbounded string, an integer without format and an http server fails, naming each', () => {
  const found = owaspProblems(['tests/fixtures/owasp/unbounded.json']).filter((p) => p.severity === 0);
  const at = (code: string) => found.filter((p) => p.code === code).map((p) => `${p.source}:${p.line} ${p.path.join('/')}`);
  assert.deepEqual(at('owasp:api4:2023-string-limit'), ['tests/fixtures/owasp/unbounded.json:30 components/schemas/Note/properties/reference']);
  assert.deepEqual(at('owasp:api4:2023-integer-format'), ['tests/fixtures/owasp/unbounded.json:31 components/schemas/Note/properties/count']);
  assert.deepEqual(at('owasp:api8:2023-no-server-http'), ['tests/fixtures/owasp/unbounded.json:4 servers/0/url']);
  assert.deepEqual(at('owasp:api8:2023-define-cors-origin'), [], 'the CORS rule is off');
});
