/**
 * The sandbox answers invalid requests as the spec documents them: at least 50 generated invalid requests per
 * operation (tests/helpers/invalid-requests.ts), and every answer is a status the operation declares, never a 5xx and
 * never a success, with a problem details body whose `code` the operation documents for that status (its description
 * or the generic code of the status: tools/spec-tables/spec-facts.ts) and that validates against the spec. A reused
 * `Idempotency-Key` with another body gets `409 idempotency_key_reused` once the first answer was stored.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import {after, before, test} from 'node:test';
import {SITE_ROOT} from '../../tools/cli';
import {currentCombinedSpec} from '../../tools/mock-server';
import type {JsonObject} from '../../tools/openapi/json';
import {findOperation, responseSchemaPointer, specValidator} from '../../tools/spec-lookup';
import {specFacts} from '../../tools/spec-tables/spec-facts';
import {invalidRequestCases, type OperationCases, type SampleRequest} from '../helpers/invalid-requests';
import {startSandboxTarget, type SandboxTarget} from '../helpers/sandbox-target';

const PER_OPERATION = 50;
/** fast-check's seed: a fixed one, so a failure is the same request on every run. */
const SEED = 20261128;
/** Answers the API stores under the key (`IdempotencyKey.yaml`): the reused key must then be refused. */
const STORED = (status: number) => (status >= 200 && status < 300) || status === 409 || status === 422;

let target: SandboxTarget;
let spec: JsonObject;
let cases: OperationCases[];

before(async () => {
  target = await startSandboxTarget(SITE_ROOT);
  spec = JSON.parse(fs.readFileSync(await currentCombinedSpec(SITE_ROOT, 'json'), 'utf8'));
  cases = invalidRequestCases(spec, {perOperation: PER_OPERATION, seed: SEED, apiKey: (operationId, i) => `sk_sandbox_invalid_${operationId}_${i}`});
});
after(() => target?.stop());

interface Answer {
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

test('every operation: 50 or more invalid requests, each answered with a status and code the operation documents', async () => {
  const facts = specFacts(SITE_ROOT);
  const documentedCodes = new Map(facts.operations.map((o) => [o.operationId, new Set(o.errors)]));
  const validate = specValidator(spec);
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let sent = 0;
  for (const c of cases) {
    assert.ok(c.invalid.length >= PER_OPERATION, `${c.operationId}: ${c.invalid.length} invalid requests, fewer than ${PER_OPERATION}`);
    const op = findOperation(spec, c.operation.method, c.operation.key.replace(/\{[^}]+\}/g, 'x'));
    assert.ok(op, `${c.operationId}: found again by its path`);
    const declared = Object.keys(c.operation.operation.responses ?? {});
    const codes = documentedCodes.get(c.operationId) ?? new Set();
    await inBatches(c.invalid, 8, async ({rule, request, before: first}) => {
      const where = `${c.operationId} (${rule}): ${request.method} ${request.path}`;
      const firstAnswer = first ? await send(first) : undefined;
      const answer = await send(request);
      sent += first ? 2 : 1;
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const fail = (why: string) => problems.push(`${where} → ${answer.status}: ${why} ${answer.body.slice(0, 300)}`);
      if (answer.status === 0) return fail('no answer');
      if (answer.status >= 500) return fail('a 5xx for a client mistake');
      if (!declared.includes(String(answer.status))) return fail(`status not declared (declares ${declared.join(', ')})`);
      if (answer.status < 400 && !(firstAnswer && !STORED(firstAnswer.status))) return fail('an invalid request succeeded');
      if (answer.status < 400) return;
      if (!answer.contentType.startsWith('application/problem+json')) return fail(`content type ${answer.contentType}, not application/problem+json`);
      const problem = JSON.parse(answer.body) as {code?: string};
      const code = String(problem.code);
      if (!codes.has(code)) return fail(`code ${code} is not one ${c.operationId} documents (${[...codes].join(', ')})`);
      if (facts.errorCodes.get(code)?.status !== String(answer.status)) return fail(`code ${code} belongs to status ${facts.errorCodes.get(code)?.status}`);
      if (firstAnswer && STORED(firstAnswer.status) && code !== 'idempotency_key_reused')
        return fail(`the first request's ${firstAnswer.status} was stored, so another body with its key is idempotency_key_reused`);
      const schema = responseSchemaPointer(spec, op, answer.status, 'application/problem+json');
      const invalid = schema ? validate(schema.pointer, problem) : 'no schema';
      if (invalid) fail(`body does not validate: ${invalid}`);
    });
  }
  const histogram = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.log(`# ${sent} requests (${cases.length} operations, ${PER_OPERATION}+ invalid each); statuses ${histogram.join(', ')}; ${problems.length} undocumented answers`);
  assert.deepEqual(problems.slice(0, 25), [], `${problems.length} answers break the spec (first 25 shown)`);
});
