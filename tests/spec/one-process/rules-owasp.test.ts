/**
 * The "OWASP API Security Top 10 (issue #27)" rules of redocly.yaml: each fails on its own fixture
 * (tests/fixtures/rules/owasp/<rule>.yaml) at the line the fixture marks, and nowhere else; the real spec passes.
 */
import {ruleBlockTests} from '../../helpers/redocly-rules';

ruleBlockTests({name: 'OWASP', rules: ['rule/owasp-string-max-length', 'rule/owasp-integer-format'], fixtures: 'tests/fixtures/rules/owasp'});
