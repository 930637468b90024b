/**
 * The per-object `version` of openapi/components/schemas/Version.yaml: 1 when a resource is first seen, one more each
 * time any of its fields changed since it was last stamped. Handlers change resources in place (context.ts' update,
 * or directly); stamping compares each resource with its copy at its last version, so no change is missed whatever
 * made it. It runs before a resource leaves the engine: in an event (recordEvent), on the WebSocket (announce), and
 * on every resource of the key's state before a response is sent. The copy also gives an `*.updated` event its
 * `previous_attributes` (PreviousAttributes.yaml): the top-level fields that changed, with their values before.
 */
import type {KeyState, Resource} from './state';

/** The collections of KeyState whose resources have a `version`. */
const VERSIONED = [
  'accounts',
  'kyc',
  'wallets',
  'bankAccounts',
  'fiatBeneficiaries',
  'cryptoBeneficiaries',
  'transactions',
  'withdrawals',
  'quotes',
  'webhooks',
] as const;

/** Fields that change with every version and so are not listed in `previous_attributes`. */
const BOOKKEEPING = new Set(['version', 'updated_at']);

const fieldsOf = (resource: Resource): Record<string, unknown> => {
  const {version: _version, ...fields} = resource;
  return fields;
};

/** Stamps `resource`: gives it version 1, or one more when it changed since its last version. */
export function stamp(state: KeyState, resource: Resource): void {
  const versions = (state.versions ??= {});
  const fields = fieldsOf(resource);
  const known = versions[resource.id];
  if (!known) {
    // A resource seeded from an example keeps the version the example shows.
    const version = typeof resource.version === 'number' ? resource.version : 1;
    versions[resource.id] = {version, fields: structuredClone(fields), previous: {}};
    if (resource.version === undefined) {
      // `version` right after `id`, as the schemas list it.
      const {id, ...rest} = fields;
      for (const key of Object.keys(resource)) delete resource[key];
      Object.assign(resource, {id, version, ...rest});
    }
    return;
  }
  resource.version = known.version;
  if (JSON.stringify(fields) === JSON.stringify(known.fields)) return;
  const keys = new Set([...Object.keys(fields), ...Object.keys(known.fields)]);
  const previous: Record<string, unknown> = {};
  for (const key of keys) {
    if (BOOKKEEPING.has(key) || JSON.stringify(fields[key]) === JSON.stringify(known.fields[key])) continue;
    previous[key] = key in known.fields ? known.fields[key] : null;
  }
  known.version += 1;
  known.fields = structuredClone(fields);
  known.previous = previous;
  resource.version = known.version;
}

/** Stamps every versioned resource of the key's state. */
export function stampAll(state: KeyState): void {
  for (const name of VERSIONED) for (const resource of Object.values(state[name] as Record<string, Resource>)) stamp(state, resource);
}

/** The previous values of the fields the last version of `resource` changed (after `stamp`). */
export const previousAttributes = (state: KeyState, resource: Resource): Record<string, unknown> =>
  structuredClone(state.versions?.[resource.id]?.previous ?? {});

/**
 * A response body that is a copy of a resource (`{...endpoint, secret}`) rather than the resource itself: its `version`
 * is the resource's.
 */
export function withVersion(state: KeyState, body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const {id} = body as {id?: unknown};
  const known = typeof id === 'string' ? state.versions?.[id] : undefined;
  if (known && (body as Resource).version === undefined) {
    const {id: _id, ...rest} = body as Resource;
    for (const key of Object.keys(body)) delete (body as Record<string, unknown>)[key];
    Object.assign(body, {id, version: known.version, ...rest});
  }
}
