/**
 * docs/api/versioning.md states the rules the gate applies, and only those: each list item of its policy sections
 * starts with a statement of tools/spec-diff/policy-statements.yaml in bold, under the heading of its kind;
 * together the statements stand for every rule id of the gate exactly once, with the kind the classifier gives it.
 * (That each classification rule is applied is tests/spec/one-process/spec-diff-cases.test.ts's; the policy rules are
 * exercised by tests/spec/one-process/release.test.ts and enforced in redocly.yaml, checked here.)
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';
import {policyStatements, POLICY_STATEMENTS_FILE} from '../../../tools/spec-diff/policy-statements';
import {brokenCopy} from '../../helpers/broken-copy';
import {ALL_RULES, CLASSIFICATION_RULES, POLICY_RULES, type ClassificationRuleId} from '../../../tools/spec-diff/rules';

const PAGE = 'docs/api/versioning.md';
const POLICY_STATEMENTS = policyStatements();
/** The page's policy sections, and the kind of the rules each one states. */
const SECTIONS: Record<string, string> = {
  'Breaking changes': 'breaking',
  'Non-breaking changes': 'non-breaking',
  Deprecations: 'deprecation',
  'Documentation changes': 'documentation',
  'How a change ships': 'policy',
};

/** `kind: statement` of every bold-led list item of the policy sections, with its line. */
function pageStatements(): {kind: string; statement: string; line: number}[] {
  const found: {kind: string; statement: string; line: number}[] = [];
  let section = '';
  fs.readFileSync(path.join(SITE_ROOT, PAGE), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      const heading = /^## (.+)$/.exec(text);
      if (heading) section = heading[1];
      const item = /^- \*\*(.+?)\*\*/.exec(text);
      if (item && section in SECTIONS) found.push({kind: SECTIONS[section], statement: item[1], line: i + 1});
      else if (/^- /.test(text) && section in SECTIONS) found.push({kind: SECTIONS[section], statement: `(no bold statement) ${text}`, line: i + 1});
    });
  return found;
}

test('the versioning page states exactly the rules the gate applies, each under its kind', () => {
  const onPage = pageStatements();
  const key = (s: {kind: string; statement: string}) => `${s.kind}: ${s.statement}`;
  const stated = new Map(onPage.map((s) => [key(s), s.line]));
  const known = new Set(POLICY_STATEMENTS.map(key));
  const unknown = onPage.filter((s) => !known.has(key(s))).map((s) => `${PAGE}:${s.line}: ${key(s)}`);
  const missing = POLICY_STATEMENTS.filter((s) => !stated.has(key(s))).map(key);
  assert.deepEqual(unknown, [], 'the page states rules the gate does not apply (or under another kind)');
  assert.deepEqual(missing, [], `the gate applies rules ${PAGE} does not state`);
  assert.equal(onPage.length, POLICY_STATEMENTS.length, 'each rule stated once');
  for (const section of Object.keys(SECTIONS))
    assert.ok(
      onPage.some((s) => s.kind === SECTIONS[section]),
      `${PAGE}: section "${section}"`,
    );
});

test('the statements stand for every rule id of the gate exactly once, with its kind', () => {
  const ids = POLICY_STATEMENTS.flatMap((s) => s.rules);
  assert.deepEqual([...ids].sort(), [...ALL_RULES].sort());
  for (const s of POLICY_STATEMENTS) {
    for (const rule of s.rules) {
      if (s.kind === 'policy') assert.ok((POLICY_RULES as readonly string[]).includes(rule), `${rule} is a policy rule`);
      else assert.equal(CLASSIFICATION_RULES[rule as ClassificationRuleId], s.kind, `"${s.statement}": ${rule}`);
    }
  }
});

test('the deprecation rules the page states are Redocly rules of redocly.yaml', () => {
  const config = parse(fs.readFileSync(path.join(SITE_ROOT, 'redocly.yaml'), 'utf8')) as {rules: Record<string, {severity?: string}>};
  const ids = Object.keys(config.rules);
  for (const prefix of ['rule/deprecation-sunset-', 'rule/deprecation-headers']) {
    const rules = ids.filter((id) => id.startsWith(prefix));
    assert.ok(rules.length > 0, `redocly.yaml has ${prefix}*`);
    for (const id of rules) assert.equal(config.rules[id].severity, 'error', id);
  }
});

test('a rule id the gate does not know, or a section missing, fails with the file and line', (t) => {
  const typo = brokenCopy(t, POLICY_STATEMENTS_FILE, 'rules: [request-values-narrowed]', 'rules: [request-values-narowed]');
  assert.throws(
    () => policyStatements(typo.file),
    new RegExp(`^Error: ${typo.file}:${typo.line}: breaking\\.\\d+\\.rules\\.0: "request-values-narowed" is not a rule`),
  );
  // A missing section is reported where the sections start.
  const missing = brokenCopy(t, POLICY_STATEMENTS_FILE, /^documentation:\n( {2}.*\n)+/m, '');
  const sections = missing.text.split('\n').indexOf('breaking:') + 1;
  assert.throws(() => policyStatements(missing.file), new RegExp(`^Error: ${missing.file}:${sections}: documentation: `));
});
