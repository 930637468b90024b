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
 * The policy as docs/api/versioning.md states it, by the section each statement belongs in (`policy`: how a change
 * ships): each statement (the bold start of a list item there), then the rules it stands for.
 */
const STATEMENTS_BY_KIND: Record<ChangeKind | 'policy', [statement: string, ...rules: RuleId[]][]> = {
  breaking: [
    ['Removing an operation, a webhook event or a WebSocket message.', 'operation-removed', 'webhook-removed', 'message-removed'],
    [
      'Removing a parameter, a request field, a response field or a response header.',
      'parameter-removed',
      'request-field-removed',
      'response-field-removed',
      'response-header-removed',
    ],
    ['Adding a required parameter, request field or request body.', 'parameter-added-required', 'request-field-added-required', 'request-body-added-required'],
    ['Making a parameter, request field or request body required.', 'parameter-made-required', 'request-field-made-required', 'request-body-made-required'],
    ['Removing the request body, or a media type of a request or a response.', 'request-body-removed', 'media-type-removed'],
    ['Accepting fewer values in a request.', 'request-values-narrowed'],
    ['Sending other kinds of values in a response or an event.', 'response-values-widened'],
    ['Changing a type or a constant.', 'values-changed'],
    ['Making a response field optional.', 'response-field-made-optional'],
    ['Removing a success response.', 'success-response-removed'],
    ['Requiring a new scope or security scheme.', 'security-requirement-added'],
    ['Removing a server.', 'server-removed'],
    ['Any change the gate cannot classify.', 'unclassified-change'],
  ],
  'non-breaking': [
    ['Adding an operation, a webhook event or a WebSocket message.', 'operation-added', 'webhook-added', 'message-added'],
    ['Adding an optional parameter, request field or request body.', 'parameter-added-optional', 'request-field-added-optional', 'request-body-added-optional'],
    ['Making a parameter, request field or request body optional.', 'parameter-made-optional', 'request-field-made-optional', 'request-body-made-optional'],
    ['Adding a response field or a response header.', 'response-field-added', 'response-header-added'],
    ['Making a response field always present.', 'response-field-made-required'],
    ['Accepting more values in a request.', 'request-values-widened'],
    ['Stating a limit the values already had.', 'limit-stated'],
    ['Sending fewer kinds of values in a response or an event.', 'response-values-narrowed'],
    ['Adding a value to an enum of a response or an event.', 'response-enum-value-added'],
    ['Adding a response status or a media type.', 'response-added', 'media-type-added'],
    ['Removing an error response.', 'error-response-removed'],
    ['Renaming a path parameter.', 'path-parameter-renamed'],
    ['Requiring fewer scopes.', 'security-requirement-removed'],
    ['Adding a server.', 'server-added'],
    ['Withdrawing a deprecation.', 'undeprecated'],
  ],
  deprecation: [['Deprecating an operation, a webhook event, a parameter, a header or a field.', 'operation-deprecated', 'deprecated']],
  documentation: [['Changing descriptions, summaries, examples and other documentation.', 'documentation-changed']],
  policy: [
    ['A deprecation states its sunset day.', 'deprecation-needs-sunset'],
    ['A deprecated operation says so in its responses.', 'deprecation-headers'],
    ['Removal after the sunset.', 'removal-after-sunset'],
    ['Any other breaking change needs a new major version.', 'breaking-needs-major'],
    ['Every release lints.', 'release-needs-lint'],
    ['Release versions only go up.', 'release-version-increases'],
  ],
};

/** Each statement with its kind and rules, in the order of the page. */
export const POLICY_STATEMENTS: {statement: string; kind: ChangeKind | 'policy'; rules: RuleId[]}[] = Object.entries(STATEMENTS_BY_KIND).flatMap(
  ([kind, statements]) => statements.map(([statement, ...rules]) => ({statement, kind: kind as ChangeKind | 'policy', rules})),
);
