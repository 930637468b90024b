/**
 * Changes of the WebSocket API's AsyncAPI 3.0 document. api-smart-diff compares AsyncAPI 2 only, so the
 * operations, their messages and the servers are matched here, and each message payload is compared with the
 * library's JSON Schema engine and classified by ./classify.ts's schema rules. Operations are written from the
 * server's side: a `receive` operation's messages are what the client sends, its replies and every `send`
 * operation's messages what the client receives.
 */
import {compareJsonSchema, openApiSchemaRules} from 'api-smart-diff';
import {CLASSIFICATION_RULES} from './rules';
import {schemaFindings, type Direction, type Finding} from './classify';
import type {ClassifiedChange} from './rules';
import {describe, operationLabel} from './messages';
import {readSameValues} from './same-values';
import type {SpecDocument} from './snapshots';
import {JsonDocument} from '../openapi/document';
import {isObject, type UnknownObject} from '../openapi/json';
import {decodePointer, deref, encodePointer, getIn} from './walk';

export const WEBSOCKET_API = 'websocket';

interface MessageUse {
  name: string;
  direction: Direction;
  /** Path of the message (after its `$ref`s) in the document. */
  path: string[];
  message: UnknownObject;
  /** Path of the reference from the operation, for pointers: `operations/<op>/messages/<i>`. */
  usePath: (string | number)[];
}

/** Follows `$ref`s from `path` (the kernel's reading) and returns the path the value finally lives at. */
function resolvedPath(doc: UnknownObject, value: unknown, path: string[]): {path: string[]; value: unknown} {
  if (!isObject(value) || typeof value.$ref !== 'string') return {path, value};
  try {
    const {node, pointer} = new JsonDocument(doc as never).resolve(value as never);
    return {path: decodePointer(pointer ?? ''), value: node};
  } catch {
    // A `$ref` to nothing (a message removed): where it pointed, with nothing there.
    return {path: decodePointer(value.$ref), value: undefined};
  }
}

function messagesOf(doc: UnknownObject, opKey: string, op: UnknownObject): MessageUse[] {
  const clientSends: Direction = op.action === 'receive' ? 'send' : 'receive';
  const uses: MessageUse[] = [];
  const collect = (list: unknown, direction: Direction, base: (string | number)[]) => {
    (Array.isArray(list) ? list : []).forEach((ref, i) => {
      const {path, value} = resolvedPath(doc, ref, [...base.map(String), String(i)]);
      if (!isObject(value)) return;
      uses.push({name: String(value.name ?? path[path.length - 1]), direction, path, message: value, usePath: [...base, i]});
    });
  };
  collect(op.messages, clientSends, ['operations', opKey, 'messages']);
  const reply = deref(doc, op.reply);
  if (isObject(reply)) collect(reply.messages, clientSends === 'send' ? 'receive' : 'send', ['operations', opKey, 'reply', 'messages']);
  return uses;
}

const operationsOf = (doc: UnknownObject | undefined): [string, UnknownObject][] =>
  Object.entries(isObject(doc?.operations) ? (doc.operations as UnknownObject) : {}).filter((e): e is [string, UnknownObject] => isObject(e[1]));

const serverUrl = (s: UnknownObject): string => `${String(s.protocol ?? 'wss')}://${String(s.host ?? '')}${String(s.pathname ?? '')}`;

function toChange(f: Finding, opKey: string | undefined, doc: UnknownObject | undefined): ClassifiedChange {
  const op = opKey && doc && isObject(doc.operations) ? deref(doc, (doc.operations as UnknownObject)[opKey]) : undefined;
  const method = isObject(op) && typeof op.action === 'string' ? op.action : 'receive';
  const summary = isObject(op) && typeof op.summary === 'string' ? op.summary : undefined;
  const label = opKey ? operationLabel(method, opKey) : undefined;
  return {
    change: {
      api: WEBSOCKET_API,
      kind: CLASSIFICATION_RULES[f.rule],
      action: f.action,
      target: f.target,
      ...(opKey ? {operation: {method, path: opKey, operationId: opKey}} : {}),
      pointer: encodePointer(f.path),
      message: describe(f, label, summary),
    },
    rule: f.rule,
    ...(f.removedValue !== undefined ? {removedValue: f.removedValue} : {}),
  };
}

/** Every change of the AsyncAPI document from `base` (undefined: not released yet) to `head`. */
export function compareAsyncApi(base: SpecDocument | undefined, head: SpecDocument | undefined): ClassifiedChange[] {
  if (!base && !head) return [];
  const out: ClassifiedChange[] = [];
  const headOps = new Map(operationsOf(head));
  const baseOps = new Map(operationsOf(base));
  for (const key of headOps.keys()) {
    if (!baseOps.has(key))
      out.push(toChange({target: 'operation', action: 'added', rule: 'operation-added', name: '', path: ['operations', key], inBase: false}, key, head));
  }
  for (const [key, op] of baseOps) {
    if (!headOps.has(key)) {
      out.push(
        toChange(
          {target: 'operation', action: 'removed', rule: 'operation-removed', name: '', path: ['operations', key], inBase: true, removedValue: op},
          key,
          base,
        ),
      );
    }
  }
  if (!base || !head) return out;
  for (const [key, headOp] of headOps) {
    const baseOp = baseOps.get(key);
    if (!baseOp) continue;
    if (baseOp.deprecated !== true && headOp.deprecated === true) {
      out.push(
        toChange(
          {target: 'operation', action: 'deprecated', rule: 'operation-deprecated', name: '', path: ['operations', key, 'deprecated'], inBase: false},
          key,
          head,
        ),
      );
    }
    const before = new Map(messagesOf(base, key, baseOp).map((m) => [`${m.direction} ${m.name}`, m]));
    const after = new Map(messagesOf(head, key, headOp).map((m) => [`${m.direction} ${m.name}`, m]));
    const where = (m: MessageUse) => `\`${m.name}\` message`;
    for (const [id, m] of after) {
      if (!before.has(id))
        out.push(toChange({target: 'other', action: 'added', rule: 'message-added', name: m.name, where: where(m), path: m.usePath, inBase: false}, key, head));
    }
    for (const [id, m] of before) {
      const now = after.get(id);
      if (!now) {
        out.push(
          toChange(
            {
              target: 'other',
              action: 'removed',
              rule: 'message-removed',
              name: m.name,
              where: where(m),
              path: m.usePath,
              inBase: true,
              removedValue: m.message,
            },
            key,
            base,
          ),
        );
        continue;
      }
      const rules = openApiSchemaRules({version: '3.1.x', response: m.direction === 'receive'});
      // Copies: the library writes its normalised schemas back into what it compares (see ./engine.ts); the same values
      // written two ways read one way (./same-values.ts).
      const [from, to] = readSameValues(structuredClone(base), structuredClone(head));
      const {diffs} = compareJsonSchema(
        getIn(from, [...m.path, 'payload'], false),
        getIn(to, [...now.path, 'payload'], false),
        {rules, annotateHook: () => ''},
        {
          before: {source: from, jsonPath: [...m.path, 'payload']},
          after: {source: to, jsonPath: [...now.path, 'payload']},
        },
      );
      const scope = {
        operation: {section: 'paths' as const, baseKey: key, headKey: key, method: 'message'},
        direction: m.direction,
        where: where(m),
        fieldTarget: m.direction === 'send' ? ('request-field' as const) : ('response-field' as const),
        root: [...now.usePath, 'payload'],
      };
      // The engine reports paths from the document root: keep the part inside the payload.
      const prefix = [...m.path, 'payload'].length;
      const inPayload = diffs.map((d) => ({...d, path: d.path.slice(prefix)}));
      for (const f of schemaFindings({base, head, renamedPaths: new Map()}, inPayload, scope)) out.push(toChange(f, key, head));
    }
  }
  const servers = (doc: UnknownObject) =>
    Object.entries(isObject(doc.servers) ? (doc.servers as UnknownObject) : {}).filter((e): e is [string, UnknownObject] => isObject(e[1]));
  const headServers = new Map(servers(head).map(([k, s]) => [serverUrl(s), {k, s}]));
  const baseServers = new Map(servers(base).map(([k, s]) => [serverUrl(s), {k, s}]));
  for (const [url, {k, s}] of baseServers) {
    if (!headServers.has(url))
      out.push(
        toChange(
          {
            target: 'server',
            action: 'removed',
            rule: s['x-internal'] === true ? 'documentation-changed' : 'server-removed',
            name: url,
            path: ['servers', k],
            inBase: true,
          },
          undefined,
          base,
        ),
      );
  }
  for (const [url, {k}] of headServers) {
    if (!baseServers.has(url))
      out.push(toChange({target: 'server', action: 'added', rule: 'server-added', name: url, path: ['servers', k], inBase: false}, undefined, head));
  }
  return out;
}
