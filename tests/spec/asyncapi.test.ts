/**
 * The WebSocket API's AsyncAPI document (openapi/websocket.asyncapi.yaml): it validates, a broken copy fails
 * `npm run lint:api` naming file and line, the checks beyond the parser catch what they claim, nothing is fetched,
 * and the WebSocket guide is held to the document.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {ASYNCAPI_FILE, asyncApiFiles, lintAsyncApi, streamVocabulary} from '../../tools/spec/asyncapi';
import {buildVocabulary, checkPage} from '../../tools/content/content-check';
import {SITE_ROOT} from '../../tools/cli';
import {linkableRoutes} from '../../tools/site/routes-contract';
import {lintAsyncApiSpec} from '../../tools/spec/spec-lint';
import {OPENAPI_DIR} from '../../src/data/api-table';

const lineOf = (text: string, needle: string): number => {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `${needle} is in the text`);
  return text.slice(0, at).split('\n').length;
};

/** The files of openapi/ the AsyncAPI checks read: only these are copied (each file created costs ~1 ms). */
const checkedFiles = asyncApiFiles(SITE_ROOT);

/** A throwaway folder holding a copy of what the AsyncAPI checks read, with one file edited. */
function brokenCopy(edit: (text: string) => string, file = ASYNCAPI_FILE): {dir: string; text: string} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'novaramp-asyncapi-'));
  assert.ok(checkedFiles.includes(file), `${file} is read by the AsyncAPI checks`);
  for (const f of checkedFiles) {
    fs.mkdirSync(path.dirname(path.join(dir, f)), {recursive: true});
    fs.copyFileSync(path.join(SITE_ROOT, f), path.join(dir, f));
  }
  const original = fs.readFileSync(path.join(dir, file), 'utf8');
  const text = edit(original);
  assert.notEqual(text, original, 'the edit changed the file');
  fs.writeFileSync(path.join(dir, file), text);
  return {dir, text};
}

async function problemsOf(edit: (text: string) => string, file = ASYNCAPI_FILE): Promise<{problems: string[]; text: string}> {
  const {dir, text} = brokenCopy(edit, file);
  try {
    const {ok, problems} = await lintAsyncApi(dir);
    assert.equal(ok, problems.length === 0);
    return {problems, text};
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

test('the AsyncAPI document validates: no parser error or warning, no problem of the document checks', async () => {
  assert.deepEqual((await lintAsyncApi(SITE_ROOT)).problems, []);
  const vocab = streamVocabulary(SITE_ROOT);
  assert.deepEqual([...vocab.channels].sort(), ['quotes', 'transactions']);
  assert.deepEqual([...vocab.urls].sort(), ['wss://stream.novaramp.example/v1', 'wss://stream.sandbox.novaramp.example/v1']);
  for (const type of [
    'auth',
    'authenticated',
    'subscribe',
    'subscribed',
    'unsubscribe',
    'unsubscribed',
    'ping',
    'pong',
    'heartbeat',
    'error',
    'quote',
    'transaction',
  ]) {
    assert.ok(vocab.messageTypes.has(type), type);
  }
  assert.ok(vocab.closeCodes.has('4001') && vocab.closeCodes.has('1001'));
});

test("a broken document fails lint:api's AsyncAPI check, naming file, line and column", async () => {
  const {dir, text: broken} = brokenCopy((t) => t.replace('action: send\n    title: Heartbeat', 'action: emit\n    title: Heartbeat'));
  try {
    // What lint:api reads beside: the config its stamp hashes, the parser's version.
    fs.copyFileSync(path.join(SITE_ROOT, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
    fs.symlinkSync(path.join(SITE_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    // The AsyncAPI part of lint:api, in this process (tests/spec/lint.test.ts runs the command itself).
    const {ok, output} = await lintAsyncApiSpec(dir, {force: true});
    assert.equal(ok, false, output);
    assert.match(
      output,
      new RegExp(
        `openapi/websocket\\.asyncapi\\.yaml:${lineOf(broken, 'action: emit')}:\\d+: error asyncapi-document-resolved: "action" property must be equal to one of the allowed values`,
      ),
      output,
    );
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});

test('an example that does not match its payload fails at the line of the example', async () => {
  const {problems, text} = await problemsOf((t) => t.replace('              status: expired\n', '              status: lapsed\n'));
  const line = lineOf(text, '        - name: quoteExpired') + 3; // the payload's first line
  assert.deepEqual(
    problems.filter((p) => p.includes('quoteExpired')).map((p) => p.replace(/:\d+: .*/, '')),
    [`${ASYNCAPI_FILE}:${line}`],
    problems.join('\n'),
  );
  assert.match(problems.join('\n'), /\/data\/status must be equal to one of the allowed values \(open, executed, expired, cancelled\)/);
});

test('a message without an example, and a reused example name, fail', async () => {
  const {problems} = await problemsOf((t) =>
    t
      .replace(
        /( {4}heartbeat:\n(?:.*\n)*?) {6}examples:\n {8}- name: heartbeat\n {10}summary: A heartbeat\n {10}payload:\n {12}type: heartbeat\n {12}time: '2025-03-14T09:27:30Z'\n/,
        '$1',
      )
      .replace('- name: pong\n', '- name: ping\n'),
  );
  assert.match(problems.join('\n'), /message `heartbeat` has no example/);
  assert.match(problems.join('\n'), /example name ping is also used by ping/);
});

test('a remote $ref is refused and reported with its line, never fetched', async () => {
  let requests = 0;
  const server = http.createServer((_req, res) => {
    requests++;
    res.end('type: string\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const {port} = server.address() as {port: number};
    const {problems, text} = await problemsOf((t) => t.replace('$ref: ./components/schemas/AccountId.yaml', `$ref: http://127.0.0.1:${port}/AccountId.yaml`));
    const line = lineOf(text, `http://127.0.0.1:${port}`);
    assert.ok(
      problems.some((p) => p.startsWith(`${ASYNCAPI_FILE}:${line}:`) && p.includes('remote $ref')),
      problems.join('\n'),
    );
    assert.equal(requests, 0, 'nothing was fetched');
  } finally {
    server.close();
  }
});

test('what draft-07 validation would skip fails: another schema format, a 2020-12 keyword, a constraint next to a $ref', async () => {
  const format = await problemsOf((t) =>
    t.replace(
      '    transaction:\n      name: transaction\n      title: Transaction update\n      summary: The transaction as the REST API returns it, with exactly the same fields and statuses.\n      payload:\n        type: object\n        additionalProperties: false\n        required: [type, channel, account_id, environment, data]\n        properties:\n          type:\n            type: string\n            const: transaction\n          channel:\n            type: string\n            const: transactions\n          account_id:\n            $ref: ./components/schemas/AccountId.yaml\n          environment:\n            type: string\n            enum: [sandbox, production]\n            description: Where the change happened, `sandbox` or `production`, as in the webhook event envelope.\n          data:\n            $ref: ./components/schemas/Transaction.yaml\n',
      '    transaction:\n      name: transaction\n      title: Transaction update\n      summary: The transaction as the REST API returns it, with exactly the same fields and statuses.\n      payload:\n        schemaFormat: application/vnd.oai.openapi;version=3.1.0\n        schema:\n          type: object\n          additionalProperties: false\n          required: [type, channel, account_id, environment, data]\n          properties:\n            type:\n              type: string\n              const: transaction\n            channel:\n              type: string\n              const: transactions\n            account_id:\n              $ref: ./components/schemas/AccountId.yaml\n            environment:\n              type: string\n              enum: [sandbox, production]\n            data:\n              $ref: ./components/schemas/Transaction.yaml\n',
    ),
  );
  assert.match(format.problems.join('\n'), new RegExp(`${ASYNCAPI_FILE}:${lineOf(format.text, 'schemaFormat:')}:\\d+: use the default schema format`));

  const quote = `${OPENAPI_DIR}/components/schemas/Quote.yaml`;
  const keyword = await problemsOf((t) => t.replace('required: [id,', '$defs: {}\nrequired: [id,'), quote);
  assert.match(keyword.problems.join('\n'), new RegExp(`${quote}:${lineOf(keyword.text, '$defs')}:\\d+: \`\\$defs\` is JSON Schema 2020-12 only`));

  const sibling = await problemsOf((t) => t.replace('  sell:\n    $ref: ./Money.yaml\n', '  sell:\n    $ref: ./Money.yaml\n    maxProperties: 2\n'), quote);
  assert.match(
    sibling.problems.join('\n'),
    new RegExp(`${quote}:${lineOf(sibling.text, 'maxProperties')}:\\d+: \`maxProperties\` next to a \\$ref is ignored`),
  );
});

test('a string without bounds in a payload fails (openapi/README.md bounds rule)', async () => {
  const {problems, text} = await problemsOf((t) =>
    t.replace('            maxLength: 500\n            description: A human-readable explanation', '            description: A human-readable explanation'),
  );
  const line = lineOf(text, '          message:\n            type: string\n            description: A human-readable') + 1;
  assert.ok(problems.includes(`${ASYNCAPI_FILE}:${line}:13: a string needs a maxLength, enum, const, format or pattern`), problems.join('\n'));
});

test('a subscribable channel must be a channel, and each channel other than `connection` subscribable', async () => {
  const {problems} = await problemsOf((t) => t.replace('enum: [quotes, transactions]', 'enum: [quotes, transactions, balances]'));
  assert.match(problems.join('\n'), /`balances` can be subscribed to but is not a channel/);
});

const guide = 'docs/guides/websocket-guide.md';
const page = fs.readFileSync(path.join(SITE_ROOT, guide), 'utf8');
const vocab = buildVocabulary(SITE_ROOT, linkableRoutes());
const streamProblems = (text: string) =>
  checkPage(guide, text, vocab)
    .problems.filter((p) => /WebSocket|message|JSON/.test(p.message))
    .map((p) => `${p.line}: ${p.message}`);

test('the WebSocket guide names only channels, messages, close codes, URLs and fields of the document', () => {
  assert.deepEqual(streamProblems(page), []);
  assert.ok(page.includes('$NOVARAMP_API_KEY'));
  assert.doesNotMatch(page, /sk_sandbox_[A-Za-z0-9]{8,}/, 'no real-looking key');
});

test('an unknown channel, message type, close code, URL or invalid message in the guide fails with its line', () => {
  const anchor = 'Send one `subscribe` message per channel and account:';
  const withLine = (extra: string) => page.replace(anchor, `${anchor}\n\n${extra}`);
  const line = lineOf(page, anchor) + 2;
  const cases: [string, string][] = [
    ['Subscribe to the `balances` channel as well.', `${line}: \`balances\` is not a channel of the WebSocket API`],
    ['Answer each `keepalive` message.', `${line}: \`keepalive\` is not a message of the WebSocket API`],
    ['Send `"type": "resume"` to resume.', `${line}: \`resume\` is not a message of the WebSocket API`],
    ['A close with `4030` means slow down.', `${line}: \`4030\` is not a close code of the WebSocket API`],
    ['Read `cursor_token` from the heartbeat.', `${line}: \`cursor_token\` is not a field, parameter, enum value or error code of the spec`],
    ['Connect to wss://ws.novaramp.example/v2 instead.', `${line}: wss://ws.novaramp.example/v2 is not a server of the WebSocket API`],
    [
      '```json\n{ "type": "subscribe", "channel": "quotes" }\n```',
      `${line + 1}: JSON example is not a valid \`subscribe\` message: / must have required property 'account_id'`,
    ],
    ['```json\n{ "type": "resubscribe", "channel": "quotes" }\n```', `${line + 1}: "type": "resubscribe" is not a message of the WebSocket API`],
  ];
  for (const [extra, expected] of cases) {
    const problems = checkPage(guide, withLine(extra), vocab).problems.map((p) => `${p.line}: ${p.message}`);
    assert.ok(
      problems.some((p) => p.startsWith(expected)),
      `${extra}\n→ ${problems.join('\n')}`,
    );
  }
  // A channel in a table column headed Channel is checked too.
  const table = page.replace('| `quotes` | `quotes:read` |', '| `quote_updates` | `quotes:read` |');
  assert.ok(
    streamProblems(table).includes(`${lineOf(page, '| `quotes` | `quotes:read` |')}: \`quote_updates\` is not a channel of the WebSocket API`),
    streamProblems(table).join('\n'),
  );
});
