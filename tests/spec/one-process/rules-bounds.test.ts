/**
 * The rules of redocly.yaml's block "Bounds, money, rate limits, permissions (issue #11)". Each one is run, with
 * the other rules of the block and nothing else, on a minimal bad fixture (tests/fixtures/rules/bounds/<rule>.yaml)
 * and must report exactly its own id, at the file and line the fixture marks with `# expect: <rule id>`. A fixture
 * that follows every rule, and the real spec, pass.
 */
import {ruleBlockTests} from '../../helpers/redocly-rules';

const RULES = [
  'rule/string-bounded',
  'rule/array-bounded',
  'rule/integer-bounded',
  'rule/2xx-rate-limit-headers',
  'rule/4xx-rate-limit-headers',
  'rule/429-retry-after',
  'rule/operation-security-scope',
  'rule/server-audience',
  'rule/local-server-internal',
  'rule/request-amount-positive',
];

ruleBlockTests({
  name: 'bounds',
  rules: RULES,
  title: '# Bounds, money, rate limits, permissions (issue #11)',
  fixtures: 'tests/fixtures/rules/bounds',
  clean: ['tests/fixtures/rules/bounds/clean.yaml'],
});
