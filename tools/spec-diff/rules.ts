/**
 * Every rule the gate applies, by id: how each kind of change is classified, and the policy that decides which
 * breaking changes may ship. docs/api/versioning.md states them for integrators: each list item of its policy
 * sections starts with a statement of policy-statements.yaml in bold, which names the rules it stands for, and
 * tests/spec/one-process/spec-diff-policy-page.test.ts checks that the page states exactly these, each under the heading of its
 * kind; the case tests (tests/fixtures/diff/) check that each classification rule is applied.
 */
import type {ChangeKind, SpecChange} from '../../src/data/spec-changes';

/** Rules that decide what a change is. */
export const CLASSIFICATION_RULES = {
  'operation-added': 'non-breaking',
  'operation-removed': 'breaking',
  'operation-deprecated': 'deprecation',
  'webhook-added': 'non-breaking',
  'webhook-removed': 'breaking',
  'parameter-added-optional': 'non-breaking',
  'parameter-added-required': 'breaking',
  'parameter-removed': 'breaking',
  'parameter-made-required': 'breaking',
  'parameter-made-optional': 'non-breaking',
  'path-parameter-renamed': 'non-breaking',
  'request-body-added-optional': 'non-breaking',
  'request-body-added-required': 'breaking',
  'request-body-removed': 'breaking',
  'request-body-made-required': 'breaking',
  'request-body-made-optional': 'non-breaking',
  'request-field-added-optional': 'non-breaking',
  'request-field-added-required': 'breaking',
  'request-field-removed': 'breaking',
  'request-field-made-required': 'breaking',
  'request-field-made-optional': 'non-breaking',
  'request-values-narrowed': 'breaking',
  'request-values-widened': 'non-breaking',
  'limit-stated': 'non-breaking',
  'discriminator-stated': 'non-breaking',
  'allof-reordered': 'non-breaking',
  'response-field-added': 'non-breaking',
  'response-field-removed': 'breaking',
  'response-field-made-optional': 'breaking',
  'response-field-made-required': 'non-breaking',
  'response-enum-value-added': 'non-breaking',
  'response-values-widened': 'breaking',
  'response-values-narrowed': 'non-breaking',
  'values-changed': 'breaking',
  'response-header-added': 'non-breaking',
  'response-header-removed': 'breaking',
  'response-added': 'non-breaking',
  'success-response-removed': 'breaking',
  'error-response-removed': 'non-breaking',
  'media-type-added': 'non-breaking',
  'media-type-removed': 'breaking',
  'security-requirement-added': 'breaking',
  'security-requirement-removed': 'non-breaking',
  'message-added': 'non-breaking',
  'message-removed': 'breaking',
  'server-added': 'non-breaking',
  'server-removed': 'breaking',
  deprecated: 'deprecation',
  undeprecated: 'non-breaking',
  'documentation-changed': 'documentation',
  'unclassified-change': 'breaking',
} as const satisfies Record<string, ChangeKind>;

export type ClassificationRuleId = keyof typeof CLASSIFICATION_RULES;

/** Rules that decide whether a breaking change may ship (tools/spec-diff/policy.ts and the Redocly rules). */
export const POLICY_RULES = [
  'removal-after-sunset',
  'breaking-needs-major',
  'deprecation-needs-sunset',
  'deprecation-headers',
  'release-needs-lint',
  'release-version-increases',
] as const;

export type PolicyRuleId = (typeof POLICY_RULES)[number];
export type RuleId = ClassificationRuleId | PolicyRuleId;

export const ALL_RULES: readonly RuleId[] = [...(Object.keys(CLASSIFICATION_RULES) as ClassificationRuleId[]), ...POLICY_RULES];

/** A change with the rule that classified it and what the policy needs to judge it. */
export interface ClassifiedChange {
  change: SpecChange;
  rule: ClassificationRuleId;
  /** The removed element as the base snapshot had it (operations, fields, parameters, headers, events). */
  removedValue?: unknown;
}
