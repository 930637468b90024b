/**
 * Every operation of the spec, sent its own documented example request (path parameters, required query parameters
 * and each request body example) on a fresh seeded sandbox, answers with a status the operation documents, never a
 * 5xx, and a body that conforms to the operation's schema for that status. This is what a reader gets who pastes the
 * docs' examples into the sandbox, and it reaches every handler of the engine.
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

test('every operation answers each of its documented example requests with a documented status and a conforming body', async (t) => {
  const spec = await combinedSpec();
  const sandbox = await testSandbox();
  const answered: string[] = [];
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
      for (const body of bodies) {
        // A key of its own per request: the example runs on the seeded state, as a reader's first request would.
        const response = await call(sandbox, newKey(), method.toUpperCase(), path, {body, query});
        assert.ok(response.status < 500, `${operation.operationId} ${JSON.stringify(body)}: ${response.status} ${JSON.stringify(response.body)}`);
        answered.push(`${operation.operationId} ${response.status}`);
      }
    }
  }
  assert.deepEqual(sandbox.conformance().violations, []);
  // The docs' createAccount example works on a fresh key: the seeded account has another external_reference.
  assert.ok(answered.includes('createAccount 201'), answered.filter((a) => a.startsWith('createAccount')).join());
  assert.ok(answered.length >= 62, `${answered.length} example requests`);
  const byStatus = new Map<string, number>();
  for (const a of answered) byStatus.set(a.split(' ')[1], (byStatus.get(a.split(' ')[1]) ?? 0) + 1);
  t.diagnostic(`${answered.length} example requests answered (${[...byStatus].map(([status, n]) => `${status}: ${n}`).join(', ')})`);
});
