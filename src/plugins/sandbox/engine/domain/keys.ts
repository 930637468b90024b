/**
 * API keys and their scopes (openapi/components/securitySchemes/ApiKey.yaml): a secret key `sk_sandbox_…` holds every
 * scope; a restricted key `rk_sandbox_…`, made by POST /sandbox/restricted-keys (openapi/paths/sandbox_restricted-keys.yaml,
 * the dashboard's part in production), holds only the scopes it was created with and works on the sandbox of the
 * secret key that created it. Which scope an operation needs is read from its security requirement in the spec
 * (SpecIndex: OperationInfo.scopes), never from a table here.
 */
import {timestamp, type Context, type Credential, type HandlerResult} from '../context';
import {randomText} from '../ids';
import {ProblemError} from '../problems';
import type {OperationInfo} from '../spec';
import type {KeyState} from '../state';

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

/** Why `apiKey` is refused as unauthenticated (`401`), in the words the reader needs to fix it. */
export function unauthenticatedReason(apiKey: string): string {
  if (/^(sk|rk)_live_/.test(apiKey)) return `A production key (${apiKey.slice(0, 8)}) is refused by the sandbox; use a key that starts with sk_sandbox_.`;
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

function createSandboxRestrictedKey(ctx: Context): HandlerResult {
  if (ctx.credential?.scopes) {
    throw new ProblemError('forbidden', 'Only a secret key (sk_sandbox_…) creates restricted keys; this is a restricted key.');
  }
  // The schema (CreateSandboxRestrictedKeyRequest.yaml) already refused an unknown, repeated or missing scope.
  const scopes = ctx.body.scopes as string[];
  const key = `rk_sandbox_${randomText(ctx.state, 24)}`;
  const created = {scopes: [...scopes], created_at: timestamp(ctx.now)};
  (ctx.state.restrictedKeys ??= {})[key] = created;
  return {status: 201, body: {key, ...created}};
}

export const keyHandlers = {createSandboxRestrictedKey};
