/**
 * The money flow of docs/api/sandbox-environment.md, run request by request against the Prism mock: each
 * step is a curl block of the page followed by a ```json title="<status> …" block with its response. Each
 * request gets the status the page states, and both the mock's body and the page's body validate against the
 * schema of that operation and status. The steps come from the page itself, so page and test cannot drift.
 * Also: the "Sandbox only" banner of the page template, and what every sandbox-only operation must declare.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Mustache from 'mustache';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {after, before, test} from 'node:test';
import {parse as parseShell} from 'shell-quote';
import {parse as parseYaml} from 'yaml';
import {API_PAGE_TEMPLATE, API_SPECS, HTTP_METHODS, OPENAPI_DIR, specPath} from '../../src/data/api-table';
import {SITE_ROOT} from '../../tools/cli';
import {start, type MockServer} from '../../tools/mock-server';

const PAGE = 'docs/api/sandbox-environment.md';
const BASE = 'https://api.sandbox.novaramp.example/v1';
const TEST_KEY = 'sk_sandbox_flow_test';
/** The flow the page promises, in order (getCryptoWithdrawal comes with the withdrawal operations of #11). */
const FLOW = [
  'createAccount',
  'simulateKycOutcome',
  'createCryptoWallet',
  'simulateBankTransfer',
  'previewTradeOrder',
  'executeTradeOrder',
  'withdrawCrypto',
  'simulateCryptoWithdrawalOutcome',
  'getCryptoWithdrawal',
  'listTransactions',
];

interface Step {
  line: number;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  status: number;
  response: unknown;
}

/** The curl blocks of a page with the response block after each; errors name the page and line. */
function readSteps(file: string, text: string): Step[] {
  const fences: {lang: string; meta: string; body: string; line: number}[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*(.*)$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.startsWith('```'));
    if (end < 0) throw new Error(`${file}:${i + 1}: code block never closed`);
    fences.push({lang: open[1], meta: open[2], body: lines.slice(i + 1, end).join('\n'), line: i + 1});
    i = end;
  }
  const steps: Step[] = [];
  fences.forEach((fence, k) => {
    if (!/^(bash|shell|sh)$/.test(fence.lang) || !/^curl\s/.test(fence.body)) return;
    // The page's only curl before the flow (Base URLs) shows the header, not a step: it has no response block.
    const next = fences[k + 1];
    const status = next?.lang === 'json' ? /title="(\d{3})\b/.exec(next.meta)?.[1] : undefined;
    if (!status) {
      if (steps.length === 0) return;
      throw new Error(`${file}:${fence.line}: a curl step without a \`\`\`json title="<status> …" response block after it`);
    }
    // Line continuations go first, as the shell removes them; $NOVARAMP_API_KEY is expanded like the shell would.
    const words = parseShell(fence.body.replace(/\\\n/g, ' '), {NOVARAMP_API_KEY: TEST_KEY});
    const step: Step = {line: fence.line, method: 'GET', url: '', headers: {}, status: Number(status), response: undefined};
    for (let w = 1; w < words.length; w++) {
      const word = words[w];
      if (typeof word !== 'string') throw new Error(`${file}:${fence.line}: shell operator in a curl step: ${JSON.stringify(word)}`);
      if (word === '-X' || word === '--request') step.method = String(words[++w]);
      else if (word === '-H' || word === '--header') {
        const [name, ...value] = String(words[++w]).split(':');
        step.headers[name.trim()] = value.join(':').trim();
      } else if (word === '-d' || word === '--data') step.body = String(words[++w]);
      else if (word.startsWith('http')) step.url = word;
      else throw new Error(`${file}:${fence.line}: unexpected curl argument ${word}`);
    }
    if (step.body !== undefined && step.method === 'GET') step.method = 'POST';
    if (!step.url.startsWith(BASE)) throw new Error(`${file}:${fence.line}: the request does not go to the sandbox base URL ${BASE}`);
    try {
      step.response = JSON.parse(next.body);
    } catch (e) {
      throw new Error(`${file}:${next.line}: the response block is not JSON: ${(e as Error).message}`);
    }
    steps.push(step);
  });
  return steps;
}

type Operation = {operationId: string; responses: Record<string, {content?: Record<string, unknown>}>};
let mock: MockServer;
const ajv = new Ajv2020({strict: false, allErrors: true});
addFormats(ajv);
for (const f of ['int32', 'int64', 'decimal']) ajv.addFormat(f, true);
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const templateRe = (t: string) => new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`);

/** The operation of the combined spec a request goes to. */
function operationOf(method: string, apiPath: string): {template: string; op: Operation} | undefined {
  const paths = mock.spec.paths as Record<string, Record<string, Operation>>;
  const template = Object.keys(paths).find((t) => templateRe(t).test(apiPath) && paths[t][method.toLowerCase()]);
  return template ? {template, op: paths[template][method.toLowerCase()]} : undefined;
}

function assertValid(template: string, method: string, status: number, body: unknown, what: string) {
  const ref = `spec#/${pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
  const validate = ajv.getSchema(ref);
  assert.ok(validate, `the spec has a JSON schema at ${ref}`);
  assert.ok(validate(body), `${what}: ${ajv.errorsText(validate.errors)}`);
}

const pageText = fs.readFileSync(path.join(SITE_ROOT, PAGE), 'utf8');
const steps = readSteps(PAGE, pageText);

before(async () => {
  mock = await start(SITE_ROOT);
  ajv.addSchema(mock.spec, 'spec');
});
after(async () => {
  await mock?.stop();
});

test('the page walks the whole money flow: one curl step per operation, in order', () => {
  const opIds = steps.map((s) => `${s.method} ${new URL(s.url).pathname}`);
  assert.equal(steps.length, FLOW.length, `${PAGE}: ${steps.length} curl steps (${opIds.join(', ')}), the flow has ${FLOW.length}`);
});

test('identifiers are consistent: every id a request uses was returned by an earlier step of the page', () => {
  const seen = new Set<string>();
  for (const step of steps) {
    for (const id of step.url.match(/\b[a-z]{3}_[A-Za-z0-9]{16}\b/g) ?? [])
      assert.ok(seen.has(id), `${PAGE}:${step.line}: ${id} in the request URL was not returned by an earlier step`);
    for (const id of JSON.stringify(step.response).match(/\b[a-z]{3}_[A-Za-z0-9]{16}\b/g) ?? []) seen.add(id);
  }
  const keys = steps.map((s) => s.headers['Idempotency-Key']).filter(Boolean);
  assert.equal(new Set(keys).size, keys.length, 'every POST of the flow has an Idempotency-Key of its own');
});

FLOW.forEach((operationId, i) => {
  test(`step ${i + 1}: ${operationId} answers the status the page states, and both bodies match the schema`, async () => {
    const step = steps[i];
    assert.ok(step, `${PAGE}: no step ${i + 1}`);
    const apiPath = new URL(step.url).pathname.replace(/^\/v1(?=\/)/, '');
    const found = operationOf(step.method, apiPath);
    assert.ok(found, `${PAGE}:${step.line}: no operation of the spec answers ${step.method} ${apiPath}`);
    assert.equal(found.op.operationId, operationId, `${PAGE}:${step.line}: step ${i + 1} calls ${found.op.operationId}`);
    assertValid(found.template, step.method, step.status, step.response, `${PAGE}:${step.line}: the response shown`);
    const res = await fetch(`${mock.origin}${apiPath}${new URL(step.url).search}`, {method: step.method, headers: step.headers, body: step.body});
    const text = await res.text();
    assert.equal(res.status, step.status, `${PAGE}:${step.line}: ${step.method} ${apiPath}: ${text}`);
    assertValid(found.template, step.method, step.status, JSON.parse(text), `${PAGE}:${step.line}: the mock's answer`);
  });
});

/** Every operation of the eight APIs, read from the YAML files through their path item $refs. */
function sourceOperations() {
  return API_SPECS.flatMap((api) => {
    const root = parseYaml(fs.readFileSync(path.join(SITE_ROOT, specPath(api)), 'utf8')) as {paths: Record<string, {$ref: string}>};
    return Object.entries(root.paths).flatMap(([p, ref]) => {
      const item = parseYaml(fs.readFileSync(path.join(SITE_ROOT, OPENAPI_DIR, ref.$ref), 'utf8')) as Record<string, Record<string, unknown>>;
      return HTTP_METHODS.filter((m) => item[m]).map((m) => ({api, path: p, method: m, file: ref.$ref, op: item[m]}));
    });
  });
}

test('sandbox-only operations: exactly those under /sandbox/, on the sandbox and mock servers only, with scope sandbox:write', () => {
  const ops = sourceOperations();
  const sandbox = ops.filter((o) => o.op['x-sandbox-only'] === true);
  assert.deepEqual(sandbox.map((o) => o.path), ops.filter((o) => o.path.startsWith('/sandbox/')).map((o) => o.path));
  assert.equal(sandbox.length, 5);
  for (const {file, op} of sandbox) {
    const servers = op.servers as {url: string; 'x-internal'?: boolean}[];
    assert.deepEqual(servers?.map((s) => [s.url, s['x-internal']]), [[BASE, false], ['http://127.0.0.1:{port}', true]], `${file}: servers`);
    assert.deepEqual(op.security, [{ApiKey: ['sandbox:write']}], `${file}: security`);
    assert.match(String(op.summary), /^Simulate /, `${file}: summary`);
  }
});

test('the page template puts a "Sandbox only" admonition at the top of sandbox-only pages, and only there', () => {
  const template = fs.readFileSync(path.join(SITE_ROOT, API_PAGE_TEMPLATE), 'utf8');
  const render = (api: Record<string, unknown>) =>
    Mustache.render(template, {id: 'x', title: 'T', frontMatter: {description: 'd'}, api, json: '{}', markdown: '<Heading as={"h1"}>T</Heading>'});
  const sandboxPage = render({method: 'post', 'x-doc-slug': '/api/fiat/simulate-bank-transfer', 'x-sandbox-only': true});
  const body = sandboxPage.slice(sandboxPage.indexOf('\n---\n', 4) + 5);
  assert.match(body, /^\s*:::caution\[Sandbox only\]\n[\s\S]*?\(\/docs\/api\/sandbox-environment\)[\s\S]*?\n:::\n[\s\S]*<Heading/, 'admonition first, then the page');
  assert.doesNotMatch(render({method: 'post', 'x-doc-slug': '/api/fiat/withdraw-fiat'}), /Sandbox only/);
  // And the generated pages, when present (npm run gen:api): the five simulation pages and no other.
  const dir = path.join(SITE_ROOT, 'docs/api/reference');
  if (fs.existsSync(dir)) {
    const flagged = fs
      .readdirSync(dir, {recursive: true, encoding: 'utf8'})
      .filter((f) => f.endsWith('.api.mdx') && fs.readFileSync(path.join(dir, f), 'utf8').includes(':::caution[Sandbox only]'));
    assert.deepEqual(flagged.map((f) => path.basename(f, '.api.mdx')).sort(), [
      'simulate-bank-transfer',
      'simulate-crypto-deposit',
      'simulate-crypto-withdrawal-outcome',
      'simulate-fiat-withdrawal-outcome',
      'simulate-kyc-outcome',
    ]);
  }
});
