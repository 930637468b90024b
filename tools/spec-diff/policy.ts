/**
 * The compatibility policy (docs/api/versioning.md): which breaking changes may ship.
 * - `removal-after-sunset`: an operation, webhook event, parameter, header or field may be removed once the latest
 *   release marked it `deprecated: true` with an `x-sunset` date (YYYY-MM-DD) that is today or earlier;
 * - `breaking-needs-major`: any other breaking change needs a new major version: the `info.version` of the
 *   working document has a greater major than the released one.
 */
import type {SpecChange} from '../../src/data/spec-changes';
import {WEBSOCKET_API} from './asyncapi';
import type {ClassifiedChange} from './rules';
import type {ClassificationRuleId, PolicyRuleId} from './rules';
import type {SpecSnapshot} from './snapshots';
import {parseVersion} from './snapshots';
import {isObject} from '../openapi/json';

/** Removals the sunset rule can allow: the element had a `deprecated` flag of its own in the release. */
const REMOVALS = new Set<ClassificationRuleId>([
  'operation-removed',
  'message-removed',
  'webhook-removed',
  'parameter-removed',
  'request-field-removed',
  'response-field-removed',
  'response-header-removed',
]);

export const SUNSET_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

export interface Judgement {
  change: SpecChange;
  rule: ClassificationRuleId;
  /** Why it may ship, or why not. */
  policy: PolicyRuleId;
  allowed: boolean;
  reason: string;
}

export interface GateResult {
  changes: ClassifiedChange[];
  /** One judgement per breaking change. */
  breaking: Judgement[];
  /** The breaking changes the policy does not allow: the gate fails when there is any. */
  violations: Judgement[];
}

/** Today as YYYY-MM-DD (UTC), the default date the sunsets are compared with. */
export const today = (): string => new Date().toISOString().slice(0, 10);

function sunsetOf(removed: unknown): {deprecated: boolean; sunset?: string} {
  if (!isObject(removed)) return {deprecated: false};
  const sunset = removed['x-sunset'];
  return {deprecated: removed.deprecated === true, sunset: typeof sunset === 'string' ? sunset : undefined};
}

const majorOf = (doc: unknown): number | undefined => {
  const info = isObject(doc) ? doc.info : undefined;
  const version = isObject(info) && typeof info.version === 'string' ? parseVersion(info.version) : undefined;
  return version?.[0];
};

/** Judges each breaking change of `changes` (from `base`, the latest release, to `head`) by the policy. */
export function applyPolicy(changes: ClassifiedChange[], base: SpecSnapshot | undefined, head: SpecSnapshot, {date = today()} = {}): GateResult {
  const breaking: Judgement[] = [];
  for (const c of changes) {
    if (c.change.kind !== 'breaking') continue;
    const judge = (policy: PolicyRuleId, allowed: boolean, reason: string) => breaking.push({change: c.change, rule: c.rule, policy, allowed, reason});
    if (REMOVALS.has(c.rule)) {
      const {deprecated, sunset} = sunsetOf(c.removedValue);
      if (deprecated && sunset && SUNSET_FORMAT.test(sunset) && sunset <= date) {
        judge('removal-after-sunset', true, `deprecated in ${base?.version ?? 'the latest release'} with sunset ${sunset}, which has passed`);
        continue;
      }
      if (bumped(c.change.api, base, head)) {
        judge('breaking-needs-major', true, 'new major version');
        continue;
      }
      judge(
        'removal-after-sunset',
        false,
        !deprecated
          ? `not deprecated in ${base?.version ?? 'the latest release'}: deprecate it with an \`x-sunset\` date first, or release a new major version`
          : !sunset || !SUNSET_FORMAT.test(sunset)
            ? `deprecated in ${base?.version ?? 'the latest release'} without an \`x-sunset\` date (YYYY-MM-DD)`
            : `its sunset ${sunset} has not passed (today is ${date})`,
      );
      continue;
    }
    if (bumped(c.change.api, base, head)) judge('breaking-needs-major', true, 'new major version');
    else
      judge(
        'breaking-needs-major',
        false,
        `needs a new major version (\`info.version\` of ${c.change.api} is ${versionOf(documentOf(head, c.change.api)) ?? 'unset'}, released ${versionOf(documentOf(base, c.change.api)) ?? 'unset'})`,
      );
  }
  return {changes, breaking, violations: breaking.filter((j) => !j.allowed)};
}

const documentOf = (snapshot: SpecSnapshot | undefined, api: string): unknown => (api === WEBSOCKET_API ? snapshot?.websocket : snapshot?.apis[api]);

const versionOf = (doc: unknown): string | undefined => {
  const info = isObject(doc) ? doc.info : undefined;
  return isObject(info) && typeof info.version === 'string' ? info.version : undefined;
};

/** The working document's `info.version` has a greater major than the released one. */
function bumped(api: string, base: SpecSnapshot | undefined, head: SpecSnapshot): boolean {
  const before = majorOf(documentOf(base, api));
  const after = majorOf(documentOf(head, api));
  return before !== undefined && after !== undefined && after > before;
}
