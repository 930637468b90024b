/**
 * The "Rate limits (issue #27)" rules of redocly.yaml: the limits are one list every root's `info` refers to
 * (openapi/components/x-rate-limits.yaml), an operation names a limit that list has, and the money-moving withdrawal
 * operations count against `withdrawals`. Each rule is run, with the other rules of the block and nothing else, on
 * its bad fixture (tests/fixtures/rules/rate-limits/<rule>.yaml, and the list it refers to) and must report exactly
 * its own id at the file and line marked `# expect: <rule id>`; a fixture that follows them, and the real spec, pass.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';
import {DEFAULT_RATE_LIMIT, specFacts} from '../../../src/plugins/spec-tables/spec-facts';
import {projectRules, ruleBlockTests} from '../../helpers/redocly-rules';

const RULES = ['rule/rate-limits-declared', 'rule/rate-limits-shape', 'rule/rate-limit-known', 'rule/rate-limit-withdrawals'];
const BLOCK_TITLE = '# Rate limits (issue #27)';
const FIXTURES = 'tests/fixtures/rules/rate-limits';
/** The operations that create or cancel a withdrawal: they move money. */
const MONEY_MOVING = ['withdrawCrypto', 'cancelCryptoWithdrawal', 'withdrawFiat', 'cancelFiatWithdrawal'];

const config = {rules: projectRules()};

ruleBlockTests({
  name: 'rate-limits',
  rules: RULES,
  title: BLOCK_TITLE,
  fixtures: FIXTURES,
  alsoMarked: [`${FIXTURES}/shape/components/x-rate-limits.yaml`],
  clean: [`${FIXTURES}/clean.yaml`, `${FIXTURES}/components/x-rate-limits.yaml`],
});

test('rule/rate-limit-known accepts exactly the limits of openapi/components/x-rate-limits.yaml besides the default', () => {
  const data = parse(fs.readFileSync(path.join(SITE_ROOT, 'openapi/components/x-rate-limits.yaml'), 'utf8')) as {id: string}[];
  const ids = data.map((l) => l.id);
  assert.ok(ids.includes(DEFAULT_RATE_LIMIT));
  assert.deepEqual([...(config.rules['rule/rate-limit-known'].assertions?.enum ?? [])].sort(), ids.filter((id) => id !== DEFAULT_RATE_LIMIT).sort());
});

test('rule/rate-limit-withdrawals reaches the real money-moving withdrawal operations, and they count against withdrawals', () => {
  const rule = config.rules['rule/rate-limit-withdrawals'];
  const source = rule.where?.[0].subject.matchParentKeys ?? '';
  const pattern = new RegExp(source.replace(/^\/|\/$/g, ''));
  const methods = (rule.subject?.filterInParentKeys ?? []).map((m) => m.toUpperCase());
  const ops = specFacts(SITE_ROOT).operations;
  const reached = ops.filter((o) => methods.includes(o.method) && pattern.test(o.path));
  assert.deepEqual(reached.map((o) => o.operationId).sort(), [...MONEY_MOVING].sort());
  assert.deepEqual(
    ops
      .filter((o) => o.rateLimit !== DEFAULT_RATE_LIMIT)
      .map((o) => `${o.operationId} ${o.rateLimit}`)
      .sort(),
    MONEY_MOVING.map((id) => `${id} withdrawals`).sort(),
  );
});
