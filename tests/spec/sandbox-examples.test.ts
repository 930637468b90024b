/**
 * Every operation of the spec, sent its own documented example request (path parameters, required query parameters
 * and each request body example) on a fresh seeded sandbox, answers with a status the operation documents, never a
 * 5xx, and a body that conforms to the operation's schema for that status. This is what a reader gets who pastes the
 * docs' examples into the sandbox, and it reaches every handler of the engine. Then the same requests spoiled (no
 * key, a malformed id, a body that is not JSON or not an object, fields of the wrong type, an unknown query
 * parameter) get a documented 4xx, never a 5xx.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {call, combinedSpec, newKey, testSandbox} from '../helpers/sandbox';

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: {example?: unknown; $ref?: string};
  $ref?: string;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: {content: Record<string, {example?: unknown; examples?: Record<string, {value: unknown}>}>};
}

/** The parameter `p` with its `$ref` (#/components/parameters/…) and its schema's resolved. */
function resolved(spec: Record<string, unknown>, p: Parameter): Parameter {
  const components = spec.components as {parameters: Record<string, Parameter>; schemas: Record<string, {example?: unknown}>};
  const parameter = p.$ref ? components.parameters[p.$ref.split('/').pop()!] : p;
  const schemaRef = parameter.schema?.$ref;
  return schemaRef ? {...parameter, schema: components.schemas[schemaRef.split('/').pop()!]} : parameter;
}

interface ExampleRequest {
  operationId: string;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** Each documented example request of every operation: path and required query parameters filled with examples. */
function exampleRequests(spec: Record<string, unknown>): ExampleRequest[] {
  const requests: ExampleRequest[] = [];
  for (const [template, item] of Object.entries(spec.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!operation.operationId) continue;
      const parameters = (operation.parameters ?? []).map((p) => resolved(spec, p));
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
        const example = parameter?.example ?? parameter?.schema?.example;
        assert.ok(example, `${operation.operationId}: path parameter ${name} has an example`);
        return String(example);
      });
      const query = Object.fromEntries(parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(p.example ?? p.schema?.example)]));
      const content = operation.requestBody?.content['application/json'];
      const bodies = content ? (content.examples ? Object.values(content.examples).map((e) => e.value) : [content.example]) : [undefined];
      for (const body of bodies) requests.push({operationId: operation.operationId, method: method.toUpperCase(), path, query, body});
    }
  }
  return requests;
}

test('every operation answers each of its documented example requests with a documented status and a conforming body', async (t) => {
  const sandbox = await testSandbox();
  const answered: string[] = [];
  for (const {operationId, method, path, query, body} of exampleRequests(await combinedSpec())) {
    // A key of its own per request: the example runs on the seeded state, as a reader's first request would.
    const response = await call(sandbox, newKey(), method, path, {body, query});
    assert.ok(response.status < 500, `${operationId} ${JSON.stringify(body)}: ${response.status} ${JSON.stringify(response.body)}`);
    answered.push(`${operationId} ${response.status}`);
  }
  assert.deepEqual(sandbox.conformance().violations, []);
  // The docs' createAccount example works on a fresh key: the seeded account has another external_reference.
  assert.ok(answered.includes('createAccount 201'), answered.filter((a) => a.startsWith('createAccount')).join());
  assert.ok(answered.length >= 62, `${answered.length} example requests`);
  const byStatus = new Map<string, number>();
  for (const a of answered) byStatus.set(a.split(' ')[1], (byStatus.get(a.split(' ')[1]) ?? 0) + 1);
  t.diagnostic(`${answered.length} example requests answered (${[...byStatus].map(([status, n]) => `${status}: ${n}`).join(', ')})`);
});

/** Each field of an object body set to a value of the wrong type. */
const wrongTypes = (body: unknown): unknown =>
  body && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.keys(body).map((k) => [k, typeof (body as Record<string, unknown>)[k] === 'number' ? 'x' : 12345]))
    : body;

test('every operation answers spoiled example requests with a documented 4xx, never a 5xx', async (t) => {
  const sandbox = await testSandbox();
  let sent = 0;
  for (const request of exampleRequests(await combinedSpec())) {
    const spoiled: {what: string; send: () => ReturnType<typeof sandbox.handle>}[] = [
      {what: 'no key', send: () => sandbox.handle({method: request.method, path: request.path, query: request.query, headers: {}, body: request.body})},
      {
        what: 'an unknown query parameter',
        send: () => call(sandbox, newKey(), request.method, request.path, {...request, query: {...request.query, colour: 'red'}}),
      },
    ];
    if (/_[A-Za-z0-9]{16}/.test(request.path)) {
      spoiled.push({what: 'a malformed id', send: () => call(sandbox, newKey(), request.method, request.path.replace(/_[A-Za-z0-9]{16}/, '_x'), request)});
    }
    if (request.body !== undefined) {
      const raw = (rawBody: string) => () =>
        sandbox.handle({
          method: request.method,
          path: request.path,
          query: request.query,
          headers: {authorization: `Bearer ${newKey()}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID()},
          rawBody,
        });
      spoiled.push(
        {what: 'a body that is not JSON', send: raw('{"oops"')},
        {what: 'a JSON array', send: raw('[1, 2]')},
        {what: 'a JSON string', send: raw('"text"')},
        {what: 'fields of the wrong type', send: () => call(sandbox, newKey(), request.method, request.path, {...request, body: wrongTypes(request.body)})},
      );
    }
    for (const {what, send} of spoiled) {
      const response = await send();
      sent++;
      assert.ok(response.status >= 400 && response.status < 500, `${request.operationId} with ${what}: ${response.status} ${JSON.stringify(response.body)}`);
    }
  }
  assert.deepEqual(sandbox.conformance().violations, []);
  t.diagnostic(`${sent} spoiled requests, each a documented 4xx`);
});
