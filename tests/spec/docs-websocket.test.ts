/**
 * The WebSocket guide followed against the sandbox's stream (`ws://…/v1`, src/plugins/sandbox/node/stream.ts): its
 * complete Node.js client, as the page shows it, runs in a child process with a fresh sandbox key. `render()` and
 * `catchUpFromRestApi()` are the reader's own (the page says so): here they record each update, and make the
 * updates happen the way the guide describes them, through the REST API: preview a quote (the quotes guide's
 * request), send the page's `ping`, and advance the sandbox clock past the quote's 30 seconds so that it expires.
 * Every message the page shows (`authenticated`, `subscribed`, the expired `quote`, `pong`, the `unauthenticated`
 * error) is compared with the one the stream sent (tools/docs/doc-snippets.ts bodyDifferences), naming the page's line.
 * Each kind of key the page lists per environment is one the AsyncAPI document's `auth` message takes.
 */
import {spawnSync} from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import WebSocket from 'ws';
import {SITE_ROOT} from '../../tools/cli';
import {bodyDifferences} from '../../tools/docs/doc-snippets';
import {ajvErrors, payloadValidators} from '../../tools/spec/asyncapi';
import {sharedOrOwnMock, type MockServer} from '../../tools/site/mock-server';

const PAGE = 'docs/guides/websocket-guide.md';
const STREAM = 'wss://stream.sandbox.novaramp.example/v1';
const markdown = fs.readFileSync(path.join(SITE_ROOT, PAGE), 'utf8');
let mock: MockServer;

before(async () => {
  mock = await sharedOrOwnMock(SITE_ROOT);
});
after(async () => {
  await mock?.stop();
});

/** The messages the page shows, each ```json block with its line (untitled blocks: stream messages, not responses). */
function shownMessages(): {line: number; message: Record<string, unknown>}[] {
  const out: {line: number; message: Record<string, unknown>}[] = [];
  const lines = markdown.split('\n');
  lines.forEach((l, i) => {
    if (!/^```json\s*$/.test(l)) return;
    const end = lines.indexOf('```', i + 1);
    out.push({line: i + 1, message: JSON.parse(lines.slice(i + 1, end).join('\n')) as Record<string, unknown>});
  });
  return out;
}

/** The page's complete client: its last ```js block that imports ws and defines connect(). */
function guideClient(): {line: number; code: string} {
  const client = [...markdown.matchAll(/^```js\n([\s\S]*?)^```$/gm)]
    .map((m) => ({line: markdown.slice(0, m.index).split('\n').length, code: m[1]}))
    .filter((b) => b.code.includes("from 'ws'") && b.code.includes('function connect()'))
    .at(-1);
  assert.ok(client, `${PAGE}: no complete Node.js client (a block that imports ws and defines connect())`);
  return client;
}

/** What the harness adds around the page's client: a WebSocket that records every message, and the reader's own functions. */
const harness = (origin: string) => `import __Ws from 'ws';
class WebSocket extends __Ws {
  constructor(...args) {
    super(...args);
    globalThis.__ws = this;
    this.on('message', (raw) => process.stderr.write('@@IN ' + raw.toString() + '\\n'));
  }
}
const __api = (method, path, body) =>
  fetch('${origin}/v1' + path, {
    method,
    headers: {Authorization: 'Bearer ' + process.env.NOVARAMP_API_KEY, 'Idempotency-Key': crypto.randomUUID(), 'Content-Type': 'application/json'},
    body: body && JSON.stringify(body),
  }).then((r) => r.json());
function render(data) {
  if (data.status === 'expired') setTimeout(() => process.exit(0), 200);
}
async function catchUpFromRestApi() {
  await new Promise((r) => setTimeout(r, 300)); // the subscriptions are acknowledged
  globalThis.__ws.send(JSON.stringify(${JSON.stringify(shownMessages().find((m) => m.message.type === 'ping')?.message ?? {type: 'ping'})}));
  await __api('POST', '/accounts/' + accountId + '/quotes', {sell_asset: 'USD', buy_asset: 'USDC', sell_amount: '1000.00'});
  await __api('POST', '/sandbox/clock/advance', {seconds: 31});
}
setTimeout(() => process.exit(3), 20_000);
`;

test("the guide's Node.js client connects, authenticates, subscribes and shows the quote that expires; every message as the page shows it", (t) => {
  const client = guideClient();
  // Inside the site, so that the client's `import 'ws'` resolves to its node_modules.
  fs.mkdirSync(path.join(SITE_ROOT, '.tmp'), {recursive: true});
  const dir = fs.mkdtempSync(path.join(SITE_ROOT, '.tmp', 'docs-websocket-'));
  try {
    const file = path.join(dir, 'client.mjs');
    const code = client.code
      .replace(/^import WebSocket from 'ws';$/m, '')
      .split(STREAM)
      .join(`${mock.origin.replace('http', 'ws')}/v1`);
    assert.ok(code.includes(mock.origin.replace('http', 'ws')), `${PAGE}:${client.line}: the client does not connect to ${STREAM}`);
    fs.writeFileSync(file, harness(mock.origin) + code);
    const res = spawnSync(process.execPath, [file], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 30_000,
      env: {PATH: process.env.PATH, NOVARAMP_API_KEY: 'sk_sandbox_docs_websocket'},
    });
    const received = [...res.stderr.matchAll(/^@@IN (.*)$/gm)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
    assert.equal(
      res.status,
      0,
      `${PAGE}:${client.line}: the client did not see the quote expire (exit ${res.status}); it received ${JSON.stringify(received.map((m) => m.type))}\n${res.stderr.slice(-1500)}`,
    );
    const problems: string[] = [];
    for (const {line, message} of shownMessages()) {
      if (['subscribe', 'ping', 'heartbeat', 'unsubscribed', 'error'].includes(String(message.type))) continue;
      if (message.type === 'transaction') continue; // a withdrawal's update: the quote is the guide's example here
      const data = message.data as {status?: string} | undefined;
      const got = received.find((m) => m.type === message.type && (!data || (m.data as {status?: string}).status === data.status));
      if (!got)
        problems.push(
          `${PAGE}:${line}: no ${String(message.type)} message${data ? ` with status ${data.status}` : ''} came; the stream sent ${received.map((m) => m.type).join(', ')}`,
        );
      else {
        t.diagnostic(`${PAGE}:${line}: the ${String(message.type)} message compared with the stream's`);
        problems.push(...bodyDifferences(message, got).map((d) => `${PAGE}:${line}: ${d}`));
      }
    }
    assert.deepEqual(problems, []);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('a key the stream refuses gets the error the page shows, then the close code 4001 (Step 1 with another key)', async () => {
  const shown = shownMessages().find((m) => m.message.type === 'error' && m.message.code === 'unauthenticated');
  assert.ok(shown, `${PAGE}: the unauthenticated error`);
  const ws = new WebSocket(`${mock.origin.replace('http', 'ws')}/v1`);
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Record<string, unknown>));
  ws.on('open', () => ws.send(JSON.stringify({type: 'auth', api_key: 'sk_live_not_a_sandbox_key'})));
  const code = await new Promise<number>((resolve) => ws.on('close', (c: number) => resolve(c)));
  assert.equal(code, 4001, `${PAGE}: the close code after unauthenticated`);
  assert.deepEqual(
    bodyDifferences(shown.message, messages[0]).map((d) => `${PAGE}:${shown.line}: ${d}`),
    [],
  );
});

test('a restricted key without the channel scope gets the insufficient_scope error the page shows (Step 2)', async () => {
  const shown = shownMessages().find((m) => m.message.type === 'error' && m.message.code === 'insufficient_scope');
  assert.ok(shown, `${PAGE}: the insufficient_scope error`);
  // The page's own sandbox request: a key holding only quotes:read.
  const owner = 'sk_sandbox_docs_websocket_scopes';
  const created = await fetch(`${mock.origin}/v1/sandbox/restricted-keys`, {
    method: 'POST',
    headers: {authorization: `Bearer ${owner}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID()},
    body: JSON.stringify({scopes: ['quotes:read']}),
  });
  assert.equal(created.status, 201);
  const {key} = (await created.json()) as {key: string};
  const ws = new WebSocket(`${mock.origin.replace('http', 'ws')}/v1`);
  const messages: Record<string, unknown>[] = [];
  ws.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Record<string, unknown>));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  try {
    ws.send(JSON.stringify({type: 'auth', api_key: key}));
    ws.send(JSON.stringify({...shownMessages().find((m) => m.message.type === 'subscribe')!.message, channel: 'transactions', id: shown.message.id}));
    for (const deadline = Date.now() + 5_000; !messages.some((m) => m.type === 'error');) {
      if (Date.now() > deadline) assert.fail(`no error came; the stream sent ${JSON.stringify(messages)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const error = messages.find((m) => m.type === 'error')!;
    assert.deepEqual(
      bodyDifferences(shown.message, error).map((d) => `${PAGE}:${shown.line}: ${d}`),
      [],
    );
    assert.equal(error.message, shown.message.message, `${PAGE}:${shown.line}: the message`);
  } finally {
    ws.close();
  }
});

test("every key the page's environment table lists is taken by the document's one `auth` message", () => {
  // The rows of the table under "Before you start": environment, URL, the keys (`sk_sandbox_...`, `rk_sandbox_...`).
  const rows = [...markdown.matchAll(/^\| (Sandbox|Production) \| `wss:[^|]+\| (.+) \|$/gm)];
  assert.equal(rows.length, 2, `${PAGE}: the table of environments and their keys`);
  const prefixes = rows.flatMap((row) => [...row[2].matchAll(/`([a-z]+_[a-z]+_)\.\.\.`/g)].map((m) => m[1]));
  assert.deepEqual(prefixes.sort(), ['rk_live_', 'rk_sandbox_', 'sk_live_', 'sk_sandbox_'], `${PAGE}: the keys of both kinds in both environments`);
  const validate = payloadValidators(SITE_ROOT)('auth');
  assert.ok(validate, 'the AsyncAPI document has an auth message');
  for (const prefix of prefixes) {
    const frame = {type: 'auth', api_key: `${prefix}${'X'.repeat(24)}`};
    assert.ok(validate(frame), `${PAGE}: ${prefix}... is refused by the auth message: ${ajvErrors(validate.errors)}`);
  }
});
