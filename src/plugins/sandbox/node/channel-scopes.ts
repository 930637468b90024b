/**
 * The scopes a WebSocket subscription needs, derived from the two documents rather than written down: a channel
 * pushes one kind of object (its message's `data`, a `$ref` to a component schema of openapi/, `Quote.yaml`), and
 * subscribing needs what reading that object over HTTP needs, the security requirement of the GET operations whose
 * `200` answer is that schema (`getQuote`: `quotes:read`). So a scope renamed in a path file, or a new channel,
 * needs no change here; a channel whose object no GET operation returns, or returned by operations that disagree
 * on the scope, is refused when the server starts, naming the line of the AsyncAPI document.
 */
import path from 'node:path';
import {readAsyncApi, type YamlFile} from '../../../../tools/spec/asyncapi';
import {requiredScopes} from '../engine/spec';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `#/components/messages/quote` in `doc`, or the message itself when it is written in place. */
function resolveLocal(doc: Json, node: unknown): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  return node.$ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => (isObject(at) ? at[decodeURIComponent(key)] : undefined), doc);
}

/** The alternatives of the security requirement of every GET operation of `spec` answering `200` with `#/components/schemas/<schema>`. */
function readScopes(spec: Json, schema: string): {operationId: string; scopes: string[][]}[] {
  const found: {operationId: string; scopes: string[][]}[] = [];
  for (const item of Object.values(isObject(spec.paths) ? spec.paths : {})) {
    const get = isObject(item) ? item.get : undefined;
    if (!isObject(get)) continue;
    const answer = (get.responses as Json | undefined)?.['200'] as Json | undefined;
    const body = ((answer?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
    if (body?.$ref !== `#/components/schemas/${schema}`) continue;
    found.push({operationId: String(get.operationId), scopes: requiredScopes(get.security, spec.security)});
  }
  return found;
}

/**
 * For each channel of `asyncapi` that pushes an object of the REST API: the alternatives of scopes a key needs to
 * subscribe to it (each alternative needs all its scopes). The control channel, which pushes no object, has none.
 */
export function channelScopes(asyncapi: Pick<YamlFile, 'data' | 'at'>, spec: Json): Map<string, string[][]> {
  const doc = asyncapi.data as Json;
  const scopes = new Map<string, string[][]>();
  for (const [name, channel] of Object.entries(isObject(doc.channels) ? doc.channels : {})) {
    for (const [messageName, reference] of Object.entries(isObject(channel) && isObject(channel.messages) ? channel.messages : {})) {
      const message = resolveLocal(doc, reference);
      const data = isObject(message) && isObject(message.payload) ? (message.payload.properties as Json | undefined)?.data : undefined;
      if (!isObject(data) || typeof data.$ref !== 'string') continue;
      const schema = path.posix.basename(data.$ref).replace(/\.ya?ml$/, '');
      const readers = readScopes(spec, schema);
      const at = asyncapi.at(['channels', name, 'messages', messageName]);
      if (readers.length === 0)
        throw new Error(
          `${at}: channel ${name} pushes ${schema}, which no GET operation of the REST API returns: the scope its subscribers need cannot be derived`,
        );
      const distinct = new Set(readers.map((r) => JSON.stringify(r.scopes)));
      if (distinct.size > 1) {
        throw new Error(
          `${at}: channel ${name} pushes ${schema}, read over HTTP with different scopes (${readers.map((r) => `${r.operationId}: ${JSON.stringify(r.scopes)}`).join('; ')}): make them agree`,
        );
      }
      scopes.set(name, readers[0].scopes);
    }
  }
  return scopes;
}

/** channelScopes of the site's AsyncAPI document (openapi/websocket.asyncapi.yaml). */
export const streamChannelScopes = (siteDir: string, spec: Json): Map<string, string[][]> => channelScopes(readAsyncApi(siteDir), spec);
