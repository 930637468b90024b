/**
 * Every rule the gate applies, by id: how each kind of change is classified, and the policy that decides which
 * breaking changes may ship. docs/api/versioning.md states them for integrators: each list item of its policy
 * sections starts with one of the POLICY_STATEMENTS in bold, and tests/spec/spec-diff-policy-page.test.ts checks
 * that the page states exactly these, each under the heading of its kind; the case tests (tests/fixtures/diff/)
 * check that each classification rule is applied.
 */
import type {ChangeKind} from '../../src/data/spec-changes';

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

export const kindOf = (rule: ClassificationRuleId): ChangeKind => CLASSIFICATION_RULES[rule];

/**
 * The policy as docs/api/versioning.md states it: each statement (the bold start of a list item there) and the
 * rules it stands for; `kind` is the section it belongs in (`policy`: how a change ships).
 */
export const POLICY_STATEMENTS: {statement: string; kind: ChangeKind | 'policy'; rules: RuleId[]}[] = [
  {
    statement: 'Removing an operation, a webhook event or a WebSocket message.',
    kind: 'breaking',
    rules: ['operation-removed', 'webhook-removed', 'message-removed'],
  },
  {
    statement: 'Removing a parameter, a request field, a response field or a response header.',
    kind: 'breaking',
    rules: ['parameter-removed', 'request-field-removed', 'response-field-removed', 'response-header-removed'],
  },
  {
    statement: 'Adding a required parameter, request field or request body.',
    kind: 'breaking',
    rules: ['parameter-added-required', 'request-field-added-required', 'request-body-added-required'],
  },
  {
    statement: 'Making a parameter, a request field or the request body required.',
    kind: 'breaking',
    rules: ['parameter-made-required', 'request-field-made-required', 'request-body-made-required'],
  },
  {
    statement: 'Removing the request body, or a media type of a request or a response.',
    kind: 'breaking',
    rules: ['request-body-removed', 'media-type-removed'],
  },
  {statement: 'Accepting fewer values in a request.', kind: 'breaking', rules: ['request-values-narrowed']},
  {statement: 'Sending other kinds of values in a response or an event.', kind: 'breaking', rules: ['response-values-widened']},
  {statement: 'Changing a type or a constant.', kind: 'breaking', rules: ['values-changed']},
  {statement: 'Making a response field optional.', kind: 'breaking', rules: ['response-field-made-optional']},
  {statement: 'Removing a success response.', kind: 'breaking', rules: ['success-response-removed']},
  {statement: 'Requiring a new scope or security scheme.', kind: 'breaking', rules: ['security-requirement-added']},
  {statement: 'Removing a server.', kind: 'breaking', rules: ['server-removed']},
  {statement: 'Any change the gate cannot classify.', kind: 'breaking', rules: ['unclassified-change']},
  {
    statement: 'Adding an operation, a webhook event or a WebSocket message.',
    kind: 'non-breaking',
    rules: ['operation-added', 'webhook-added', 'message-added'],
  },
  {
    statement: 'Adding an optional parameter, request field or request body.',
    kind: 'non-breaking',
    rules: ['parameter-added-optional', 'request-field-added-optional', 'request-body-added-optional'],
  },
  {
    statement: 'Making a parameter, a request field or the request body optional.',
    kind: 'non-breaking',
    rules: ['parameter-made-optional', 'request-field-made-optional', 'request-body-made-optional'],
  },
  {statement: 'Adding a response field or a response header.', kind: 'non-breaking', rules: ['response-field-added', 'response-header-added']},
  {statement: 'Making a response field always present.', kind: 'non-breaking', rules: ['response-field-made-required']},
  {statement: 'Accepting more values in a request.', kind: 'non-breaking', rules: ['request-values-widened']},
  {statement: 'Stating a limit the values already had.', kind: 'non-breaking', rules: ['limit-stated']},
  {statement: 'Sending fewer kinds of values in a response or an event.', kind: 'non-breaking', rules: ['response-values-narrowed']},
  {statement: 'Adding a value to an enum of a response or an event.', kind: 'non-breaking', rules: ['response-enum-value-added']},
  {statement: 'Adding a response status or a media type.', kind: 'non-breaking', rules: ['response-added', 'media-type-added']},
  {statement: 'Removing an error response.', kind: 'non-breaking', rules: ['error-response-removed']},
  {statement: 'Renaming a path parameter.', kind: 'non-breaking', rules: ['path-parameter-renamed']},
  {statement: 'Requiring fewer scopes.', kind: 'non-breaking', rules: ['security-requirement-removed']},
  {statement: 'Adding a server.', kind: 'non-breaking', rules: ['server-added']},
  {statement: 'Withdrawing a deprecation.', kind: 'non-breaking', rules: ['undeprecated']},
  {
    statement: 'Deprecating an operation, a webhook event, a parameter, a header or a field.',
    kind: 'deprecation',
    rules: ['operation-deprecated', 'deprecated'],
  },
  {statement: 'Changing descriptions, summaries, examples and other documentation.', kind: 'documentation', rules: ['documentation-changed']},
  {statement: 'A deprecation states its sunset day.', kind: 'policy', rules: ['deprecation-needs-sunset']},
  {statement: 'A deprecated operation says so in its responses.', kind: 'policy', rules: ['deprecation-headers']},
  {statement: 'Removal after the sunset.', kind: 'policy', rules: ['removal-after-sunset']},
  {statement: 'Any other breaking change needs a new major version.', kind: 'policy', rules: ['breaking-needs-major']},
  {statement: 'Every release lints.', kind: 'policy', rules: ['release-needs-lint']},
  {statement: 'Release versions only go up.', kind: 'policy', rules: ['release-version-increases']},
];
