/**
 * The WebSocket stream of openapi/websocket.asyncapi.yaml on the sandbox server's port, at `/v1`: the first message
 * authenticates with a sandbox secret key or restricted key (within 10 s, else close 4002; a bad key: `error` then
 * close 4001), then `subscribe` / `unsubscribe` to the `quotes` and `transactions` channels of the key's accounts
 * (a restricted key needs the scope of reading the channel's objects over HTTP, channel-scopes.ts: else `error`
 * `insufficient_scope`), `ping` → `pong`, a `heartbeat` every 15 s, and every quote or transaction change of a
 * subscribed account pushed as a `quote` or `transaction` message. A restricted key revoked while connected closes
 * its connections with 4003. Limits: 5 connections per key (close 4008), 50 subscriptions per connection, messages
 * of at most 4 KiB, 10 messages per second (close 4029).
 */
import type {Server} from 'node:http';
import {WebSocketServer, type WebSocket} from 'ws';
import type {Credential, Sandbox, SandboxNotice} from '../engine';

const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 15_000;
const MAX_CONNECTIONS_PER_KEY = 5;
const MAX_SUBSCRIPTIONS = 50;
const MAX_MESSAGE_BYTES = 4096;
const MAX_MESSAGES_PER_SECOND = 10;

interface Connection {
  socket: WebSocket;
  /** The key `auth` sent (the connection limit counts per key sent). */
  apiKey?: string;
  /** Whose sandbox it reads and the scopes it holds. */
  credential?: Credential;
  /** `channel account_id` pairs. */
  subscriptions: Set<string>;
  /** Messages received in the current second. */
  window: {start: number; count: number};
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface Stream {
  close(): Promise<void>;
}

/**
 * Serves the stream on `server`'s upgrade requests to `/v1`, pushing `sandbox`'s changes. `channelScopes`: the
 * channels that can be subscribed to and the scope alternatives each needs (channel-scopes.ts).
 */
export function serveStream(server: Server, sandbox: Sandbox, channelScopes: ReadonlyMap<string, string[][]>): Stream {
  const wss = new WebSocketServer({server, path: '/v1', maxPayload: 64 * 1024});
  const connections = new Set<Connection>();
  const send = (c: Connection, message: Record<string, unknown>) => c.socket.send(JSON.stringify(message));
  const fail = (c: Connection, code: string, message: string, id?: unknown) => send(c, {type: 'error', ...(typeof id === 'string' ? {id} : {}), code, message});

  const heartbeat = setInterval(() => connections.forEach((c) => c.apiKey && send(c, {type: 'heartbeat', time: now()})), HEARTBEAT_MS);
  heartbeat.unref();

  const unsubscribeNotices = sandbox.onEvent((notice: SandboxNotice) => {
    if (notice.kind === 'event') return;
    if (notice.kind === 'key_revoked') {
      for (const c of connections) if (c.apiKey === notice.restrictedKey) c.socket.close(4003, 'key_revoked');
      return;
    }
    const channel = notice.kind === 'quote' ? 'quotes' : 'transactions';
    for (const c of connections) {
      if (c.credential?.ownerKey === notice.apiKey && c.subscriptions.has(`${channel} ${notice.accountId}`))
        send(c, {type: notice.kind, channel, account_id: notice.accountId, environment: 'sandbox', data: notice.object});
    }
  });

  function receive(c: Connection, raw: string): void {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(raw) as Record<string, unknown>;
      if (typeof message !== 'object' || message === null || Array.isArray(message)) throw new Error('not an object');
    } catch {
      return fail(c, 'invalid_request', 'The message is not a JSON object.');
    }
    const {id} = message;
    if (!c.apiKey) {
      const key = String(message.api_key ?? '');
      const credential = message.type === 'auth' ? sandbox.credential(key) : undefined;
      if (!credential) {
        fail(c, 'unauthenticated', message.type === 'auth' ? sandbox.unauthenticatedReason(key) : 'Send auth with your API key first.', id);
        return c.socket.close(4001, 'unauthenticated');
      }
      if ([...connections].filter((o) => o.apiKey === key).length >= MAX_CONNECTIONS_PER_KEY) return c.socket.close(4008, 'too_many_connections');
      c.apiKey = key;
      c.credential = credential;
      return send(c, {type: 'authenticated', ...(typeof id === 'string' ? {id} : {})});
    }
    if (message.type === 'ping') return send(c, {type: 'pong', ...(typeof id === 'string' ? {id} : {}), time: now()});
    if (message.type !== 'subscribe' && message.type !== 'unsubscribe') return fail(c, 'invalid_request', `Unknown message type ${String(message.type)}.`, id);
    const {channel, account_id: accountId} = message as {channel?: string; account_id?: string};
    const needs = typeof channel === 'string' ? channelScopes.get(channel) : undefined;
    if (!needs) return fail(c, 'validation_failed', `channel must be ${[...channelScopes.keys()].join(' or ')}.`, id);
    // The sandbox may have forgotten a restricted key since auth (a reset): it is then refused as at auth.
    const credential = sandbox.credential(c.apiKey);
    if (!credential) {
      fail(c, 'unauthenticated', sandbox.unauthenticatedReason(c.apiKey), id);
      return c.socket.close(4001, 'unauthenticated');
    }
    const held = credential.scopes;
    if (message.type === 'subscribe' && held && needs.length > 0 && !needs.some((alternative) => alternative.every((scope) => held.has(scope)))) {
      const missing = needs[0].filter((scope) => !held.has(scope)).join(' and ');
      return fail(
        c,
        'insufficient_scope',
        `Subscribing to ${channel} needs the ${missing} scope, as reading its objects over HTTP does; this restricted key does not hold it.`,
        id,
      );
    }
    if (typeof accountId !== 'string' || !sandbox.hasAccount(credential.ownerKey, accountId))
      return fail(c, 'resource_not_found', `No account ${String(accountId)} exists for this API key.`, id);
    const subscription = `${channel} ${accountId}`;
    if (message.type === 'subscribe') {
      if (!c.subscriptions.has(subscription) && c.subscriptions.size >= MAX_SUBSCRIPTIONS) {
        return fail(c, 'subscription_limit_reached', `This connection already has ${MAX_SUBSCRIPTIONS} subscriptions.`, id);
      }
      c.subscriptions.add(subscription);
    } else {
      c.subscriptions.delete(subscription);
    }
    send(c, {type: `${message.type}d`, ...(typeof id === 'string' ? {id} : {}), channel, account_id: accountId});
  }

  wss.on('connection', (socket) => {
    const c: Connection = {socket, subscriptions: new Set(), window: {start: Date.now(), count: 0}};
    connections.add(c);
    const authTimer = setTimeout(() => !c.apiKey && socket.close(4002, 'authentication_timeout'), AUTH_TIMEOUT_MS);
    socket.on('message', (data, isBinary) => {
      const at = Date.now();
      if (at - c.window.start >= 1000) c.window = {start: at, count: 0};
      if (++c.window.count > MAX_MESSAGES_PER_SECOND) return socket.close(4029, 'rate_limited');
      const raw = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      if (isBinary || raw.length > MAX_MESSAGE_BYTES) return fail(c, 'invalid_request', `Messages are JSON text of at most ${MAX_MESSAGE_BYTES} bytes.`);
      receive(c, raw.toString('utf8'));
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      connections.delete(c);
    });
  });

  return {
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        unsubscribeNotices();
        connections.forEach((c) => c.socket.close(1001, 'going_away'));
        wss.close(() => resolve());
      }),
  };
}
