/**
 * The versioning policy's statements (policy-statements.yaml), in the order of docs/api/versioning.md: each with
 * its kind (the page's section) and the rules it stands for. A section missing, a rule id rules.ts does not know or
 * a statement without rules fails with the file and line.
 */
import path from 'node:path';
import * as z from 'zod/v4';
import {CHANGE_KINDS, type ChangeKind} from '../../src/data/spec-changes';
import {readYamlTable} from '../cli/yaml-table';
import {SITE_ROOT} from '../cli';
import {ALL_RULES, type RuleId} from './rules';

export const POLICY_STATEMENTS_FILE = path.join(SITE_ROOT, 'tools/spec-diff/policy-statements.yaml');

export interface PolicyStatement {
  statement: string;
  kind: ChangeKind | 'policy';
  rules: RuleId[];
}

const SECTION = z.array(
  z.strictObject({
    statement: z.string().min(1),
    rules: z.array(z.enum(ALL_RULES, {error: (issue) => `${JSON.stringify(issue.input)} is not a rule of rules.ts`})).min(1),
  }),
);
const FILE = z.strictObject({
  ...Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, SECTION])),
  policy: SECTION,
} as Record<ChangeKind | 'policy', typeof SECTION>);

export function policyStatements(file = POLICY_STATEMENTS_FILE): PolicyStatement[] {
  const sections = readYamlTable(file, FILE, SITE_ROOT);
  return (Object.keys(sections) as (keyof typeof sections)[]).flatMap((kind) => sections[kind].map((s) => ({...s, kind})));
}
