/**
 * API keys and their scopes (openapi/components/securitySchemes/ApiKey.yaml): a secret key `sk_sandbox_…` holds every
 * scope; a restricted key `rk_sandbox_…`, made by POST /sandbox/restricted-keys (openapi/paths/sandbox_restricted-keys.yaml,
 * the dashboard's part in production), holds only the scopes it was created with and works on the sandbox of the
 * secret key that created it, until DELETE /sandbox/restricted-keys/{key_id} revokes it. Which scope an operation
 * needs is read from its security requirement in the spec (SpecIndex: OperationInfo.scopes), never from a table here.
 */
import {timestamp, type Context, type Credential, type HandlerResult} from '../context';
import {newId, randomText} from '../ids';
import {page} from '../pagination';
import {ProblemError} from '../problems';
import type {OperationInfo} from '../spec';
import type {KeyState, RestrictedKeyRecord} from '../state';

export const SECRET_KEY = /^sk_sandbox_[A-Za-z0-9_]{1,64}$/;
/** `rk_sandbox_` and 24 letters and digits, as SandboxRestrictedKey.yaml's pattern says. */
export const RESTRICTED_KEY = /^rk_sandbox_[A-Za-z0-9]{24}$/;

/** The credential of `apiKey` among `keys` (every key's state), or undefined when it is no key of this sandbox. */
export function credentialOf(apiKey: string, keys: Record<string, KeyState>): Credential | undefined {
  if (SECRET_KEY.test(apiKey)) return {ownerKey: apiKey, scopes: null};
  if (!RESTRICTED_KEY.test(apiKey)) return undefined;
  for (const [ownerKey, state] of Object.entries(keys)) {
    const restricted = state.restrictedKeys?.[apiKey];
    if (restricted) return {ownerKey, scopes: new Set(restricted.scopes)};
  }
  return undefined;
}

/** How lists show a restricted key: never in full (the key is shown once, when it is created). */
export const redactedKey = (key: string): string => `rk_sandbox_...${key.slice(-4)}`;

/** Why `apiKey` is refused as unauthenticated (`401`), in the words the reader needs to fix it. */
export function unauthenticatedReason(apiKey: string, keys: Record<string, KeyState> = {}): string {
  if (/^(sk|rk)_live_/.test(apiKey)) return `A production key (${apiKey.slice(0, 8)}) is refused by the sandbox; use a key that starts with sk_sandbox_.`;
  const revokedAt = RESTRICTED_KEY.test(apiKey)
    ? Object.values(keys).find((state) => state.revokedRestrictedKeys?.[apiKey])?.revokedRestrictedKeys?.[apiKey]
    : undefined;
  if (revokedAt)
    return `The restricted key ${redactedKey(apiKey)} was revoked at ${revokedAt}; create another with POST /sandbox/restricted-keys using a secret key.`;
  if (RESTRICTED_KEY.test(apiKey))
    return 'The restricted key was not created in this sandbox: create one with POST /sandbox/restricted-keys using a secret key.';
  return 'The API key is missing or malformed: send Authorization: Bearer sk_sandbox_….';
}

/**
 * Throws `403 insufficient_scope` when `credential` holds no alternative of the operation's security requirement,
 * naming the scope it lacks (of the first alternative).
 */
export function requireScopes(credential: Credential, info: OperationInfo): void {
  const {scopes} = credential;
  if (scopes === null || info.scopes.length === 0) return;
  if (info.scopes.some((alternative) => alternative.every((scope) => scopes.has(scope)))) return;
  const missing = info.scopes[0].filter((scope) => !scopes.has(scope));
  throw new ProblemError(
    'insufficient_scope',
    `${info.operationId} needs the ${missing.join(' and ')} scope; this restricted key holds ${[...scopes].join(', ')}.`,
  );
}

/** Only a secret key manages restricted keys, as only the dashboard does in production. */
function requireSecretKey(ctx: Context, what: string): void {
  if (ctx.credential?.scopes) throw new ProblemError('forbidden', `Only a secret key (sk_sandbox_…) ${what} restricted keys; this is a restricted key.`);
}

/**
 * The key's restricted keys by key. A snapshot saved before keys had an `id` (a reader's browser keeps one) gets
 * theirs here, so that every key can be listed and revoked.
 */
function restrictedKeysOf(state: KeyState): Record<string, RestrictedKeyRecord> {
  const keys = (state.restrictedKeys ??= {});
  for (const record of Object.values(keys)) record.id ??= newId(state, 'key');
  return keys;
}

/** A restricted key as lists show it (RedactedSandboxRestrictedKey.yaml). */
const redacted = (key: string, {id, scopes, created_at}: RestrictedKeyRecord) => ({id, redacted_key: redactedKey(key), scopes, created_at});

function createSandboxRestrictedKey(ctx: Context): HandlerResult {
  requireSecretKey(ctx, 'creates');
  // The schema (CreateSandboxRestrictedKeyRequest.yaml) already refused an unknown, repeated or missing scope.
  const scopes = ctx.body.scopes as string[];
  const key = `rk_sandbox_${randomText(ctx.state, 24)}`;
  const created: RestrictedKeyRecord = {id: newId(ctx.state, 'key'), scopes: [...scopes], created_at: timestamp(ctx.now)};
  restrictedKeysOf(ctx.state)[key] = created;
  const {id, ...rest} = redacted(key, created);
  return {status: 201, body: {id, key, ...rest}};
}

function listSandboxRestrictedKeys(ctx: Context): HandlerResult {
  requireSecretKey(ctx, 'lists');
  // Keys never change: `updated_at` is their `created_at`, so both sorts of Sort.yaml give the same order.
  const items = Object.entries(restrictedKeysOf(ctx.state)).map(([key, record]) => ({...redacted(key, record), updated_at: record.created_at}));
  return {status: 200, body: page(ctx, items, ({updated_at: _updatedAt, ...item}) => item)};
}

function revokeSandboxRestrictedKey(ctx: Context): HandlerResult {
  requireSecretKey(ctx, 'revokes');
  const keys = restrictedKeysOf(ctx.state);
  const key = Object.keys(keys).find((k) => keys[k].id === ctx.params.key_id);
  // An already revoked key is no longer among them: 404, as the operation documents.
  if (!key) throw ProblemError.notFound('restricted key', ctx.params.key_id);
  const record = keys[key];
  delete keys[key];
  const revokedAt = timestamp(ctx.now);
  (ctx.state.revokedRestrictedKeys ??= {})[key] = revokedAt;
  ctx.notices.push({kind: 'key_revoked', apiKey: ctx.apiKey, restrictedKey: key});
  return {status: 200, body: {...redacted(key, record), revoked_at: revokedAt}};
}

export const keyHandlers = {createSandboxRestrictedKey, listSandboxRestrictedKeys, revokeSandboxRestrictedKey};
