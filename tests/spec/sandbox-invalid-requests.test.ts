/**
 * The sandbox answers invalid requests as the spec documents them: at least 50 generated invalid requests per
 * operation (tests/helpers/invalid-requests.ts), and every answer is a status the operation declares, never a 5xx and
 * never a success, with a problem details body whose `code` the operation documents for that status (its description,
 * its parameters' descriptions, or the generic code of the status: src/plugins/spec-tables/spec-facts.ts) and that validates
 * against the spec; and every response the sandbox sent passed its conformance check (body schema per status). A reused
 * `Idempotency-Key` with another body gets `409 idempotency_key_reused` once the first answer was stored.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {after, before, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {currentCombinedSpec} from '../../tools/site/mock-server';
import {startSandboxServer, type SandboxServer} from '../../src/plugins/sandbox/node/server';
import type {JsonObject} from '../../tools/openapi/json';
import {findOperation, responseSchemaPointer, specValidator} from '../../tools/spec/spec-lookup';
import {specFacts} from '../../src/plugins/spec-tables/spec-facts';
import {invalidRequestCases, type OperationCases, type SampleRequest} from '../helpers/invalid-requests';

const PER_OPERATION = 50;
/** fast-check's seed: a fixed one, so a failure is the same request on every run. */
const SEED = 20261128;
/**
 * Requests that share one API key (so one seeded sandbox): fewer than the tightest rate limit allows in its window
 * (withdrawals, 10 per 10 s), so no request meets a 429 that another caused.
 */
const KEY_SHARE = 8;
/** Answers the API stores under the key (`IdempotencyKey.yaml`): the reused key must then be refused. */
const STORED = (status: number) => (status >= 200 && status < 300) || status === 409 || status === 422;

let target: SandboxServer;
let spec: JsonObject;
let cases: OperationCases[];

before(async () => {
  spec = JSON.parse(fs.readFileSync(await currentCombinedSpec(SITE_ROOT, 'json'), 'utf8'));
  target = await startSandboxServer({siteDir: SITE_ROOT, spec});
  cases = invalidRequestCases(spec, {
    perOperation: PER_OPERATION,
    seed: SEED,
    apiKey: (operationId, i) => `sk_sandbox_invalid_${operationId}_${Math.floor(i / KEY_SHARE)}`,
  });
});
after(() => target?.stop());

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** Sends one request; a server that does not answer within 10 s is a failure of that request (status 0), not a hang. */
async function send(request: SampleRequest): Promise<Answer> {
  const init = {method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(10_000)};
  try {
    const response = await fetch(`${target.origin}${request.path}`, init);
    return {status: response.status, contentType: response.headers.get('content-type') ?? '', body: await response.text()};
  } catch (e) {
    return {status: 0, contentType: '', body: `no answer: ${(e as Error).message}`};
  }
}

/** Runs `work` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(work));
}

/** What the judge needs to know of one operation. */
interface OperationRules {
  operationId: string;
  /** The statuses it declares. */
  declared: string[];
  /** The codes it documents. */
  codes: Set<string>;
  /** Code → its status (ErrorCode.yaml's table). */
  statusOf: (code: string) => string | undefined;
  /** Validates a problem body of a status; a message when it does not. */
  validateProblem: (status: number, body: unknown) => string | undefined;
}

/** Why an answer to an invalid request breaks the spec, or undefined when it is one the operation documents. */
export function judge(rules: OperationRules, answer: Answer, firstAnswer?: Answer): string | undefined {
  if (answer.status === 0) return 'no answer';
  if (answer.status >= 500) return 'a 5xx for a client mistake';
  if (!rules.declared.includes(String(answer.status))) return `status not declared (declares ${rules.declared.join(', ')})`;
  // A key whose first answer was not stored is free again: the second request may then succeed.
  if (answer.status < 400) return firstAnswer && !STORED(firstAnswer.status) ? undefined : 'an invalid request succeeded';
  if (!answer.contentType.startsWith('application/problem+json')) return `content type ${answer.contentType}, not application/problem+json`;
  const problem = JSON.parse(answer.body) as {code?: string};
  const code = String(problem.code);
  if (!rules.codes.has(code)) return `code ${code} is not one ${rules.operationId} documents (${[...rules.codes].join(', ')})`;
  if (rules.statusOf(code) !== String(answer.status)) return `code ${code} belongs to status ${rules.statusOf(code)}`;
  if (firstAnswer && STORED(firstAnswer.status) && code !== 'idempotency_key_reused')
    return `the first request's ${firstAnswer.status} was stored, so another body with its key is idempotency_key_reused`;
  return rules.validateProblem(answer.status, problem);
}

/** The rules of one operation, read from the spec and its facts. */
function rulesOf(c: OperationCases, facts: ReturnType<typeof specFacts>, validate: ReturnType<typeof specValidator>): OperationRules {
  const op = findOperation(spec, c.operation.method, c.operation.key.replace(/\{[^}]+\}/g, 'x'));
  assert.ok(op, `${c.operationId}: found again by its path`);
  // Its own codes, and those its parameters' descriptions name (the Idempotency-Key header names the two key conflicts).
  const own = facts.operations.find((o) => o.operationId === c.operationId)?.errors ?? [];
  const named = c.operation.parameters.flatMap((p) => String(p.parameter.description ?? '').match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? []);
  return {
    operationId: c.operationId,
    declared: Object.keys(c.operation.operation.responses ?? {}),
    codes: new Set([...own, ...named.filter((code) => facts.errorCodes.has(code))]),
    statusOf: (code) => facts.errorCodes.get(code)?.status,
    validateProblem: (status, body) => {
      const schema = responseSchemaPointer(spec, op, status, 'application/problem+json');
      return schema ? validate(schema.pointer, body) : `no problem schema for ${status}`;
    },
  };
}

test('every operation: 50 or more invalid requests, each answered with a status and code the operation documents', async () => {
  const facts = specFacts(SITE_ROOT);
  const validate = specValidator(spec);
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  for (const c of cases) {
    assert.ok(c.invalid.length >= PER_OPERATION, `${c.operationId}: ${c.invalid.length} invalid requests, fewer than ${PER_OPERATION}`);
    const rules = rulesOf(c, facts, validate);
    await inBatches(c.invalid, 8, async ({rule, request, before: first}) => {
      const firstAnswer = first ? await send(first) : undefined;
      const answer = await send(request);
      sent += first ? 2 : 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const why = judge(rules, answer, firstAnswer);
      if (why) problems.push(`${c.operationId} (${rule}): ${request.method} ${request.path} → ${answer.status}: ${why} ${answer.body.slice(0, 300)}`);
    });
  }
  const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  const {responses, invalidResponses} = target.report();
  console.log(`# conformance: ${responses} responses checked against their operation, ${invalidResponses.length} off the spec`);
  console.log(
    `# ${sent} requests (${cases.length} operations, ${PER_OPERATION}+ invalid each); statuses ${histogram.join(', ')}; ${problems.length} undocumented answers`,
  );
  assert.deepEqual(problems.slice(0, 25), [], `${problems.length} answers break the spec (first 25 shown)`);
  assert.deepEqual(invalidResponses.slice(0, 10), [], `${invalidResponses.length} responses off the spec (first 10 shown)`);
});

test('the judge refuses a 5xx, an undeclared status, a success, an undocumented code, a code of another status, a replay of a stored key, a body off the schema', () => {
  const facts = specFacts(SITE_ROOT);
  const withdraw = cases.find((c) => c.operationId === 'withdrawCrypto');
  assert.ok(withdraw, 'withdrawCrypto is an operation');
  const rules = rulesOf(withdraw, facts, specValidator(spec));
  const problem = (status: number, code: string, extra: object = {}) => ({
    status,
    contentType: 'application/problem+json',
    body: JSON.stringify({
      type: `https://docs.novaramp.example/docs/api/error-handling#${code}`,
      title: 'T',
      status,
      code,
      detail: 'D',
      request_id: 'req_9fK2mQ7xLp3RtV8w',
      ...extra,
    }),
  });
  const created = {status: 201, contentType: 'application/json', body: '{}'};
  assert.equal(judge(rules, problem(400, 'validation_failed')), undefined, 'a documented answer passes');
  assert.match(judge(rules, problem(500, 'internal_error')) ?? '', /5xx/);
  assert.match(judge(rules, problem(418, 'validation_failed')) ?? '', /not declared/);
  assert.match(judge(rules, created) ?? '', /succeeded/);
  assert.equal(judge(rules, created, problem(400, 'validation_failed')), undefined, 'a key whose first answer was not stored is free again');
  assert.match(judge(rules, problem(409, 'quote_expired')) ?? '', /not one withdrawCrypto documents/);
  assert.match(judge(rules, problem(409, 'insufficient_funds')) ?? '', /belongs to status 422/);
  assert.match(judge(rules, problem(409, 'resource_conflict'), created) ?? '', /idempotency_key_reused/);
  assert.equal(judge(rules, problem(409, 'idempotency_key_reused'), created), undefined);
  assert.ok(judge(rules, problem(400, 'validation_failed', {request_id: 'nope'})), 'a body off the Problem schema');
  assert.match(judge(rules, {status: 400, contentType: 'application/json', body: '{}'}) ?? '', /problem\+json/);
});
