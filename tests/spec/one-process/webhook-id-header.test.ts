/**
 * The `webhook-id` header of a delivery is the event's `id` (openapi/webhooks.yaml), so each event page shows the
 * header with its own body's `id` as the example: every event of openapi/events/ declares the header inline, with
 * the example equal to its request body example's `id`, and with one description, the same on every event.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {test} from 'node:test';
import {parse} from 'yaml';
import {SITE_ROOT} from '../../../tools/cli';

const EVENTS = path.join(SITE_ROOT, 'openapi/events');

type Yaml = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface HeaderFact {
  file: string;
  bodyId: unknown;
  header: Yaml | undefined;
}

function headerFact(file: string, event: Yaml): HeaderFact {
  const op = event.post as Yaml;
  const content = op?.requestBody?.content?.['application/json'] ?? {};
  const example = content.example ?? Object.values((content.examples ?? {}) as Yaml)[0]?.value;
  const header = ((op?.parameters ?? []) as Yaml[]).find((p) => p.in === 'header' && String(p.name).toLowerCase() === 'webhook-id');
  return {file, bodyId: example?.id, header};
}

function problems(facts: HeaderFact[]): string[] {
  const out: string[] = [];
  for (const {file, bodyId, header} of facts) {
    if (!header) out.push(`${file}: no inline webhook-id header parameter`);
    else if (header.example !== bodyId) out.push(`${file}: the webhook-id example ${String(header.example)} is not the body's id ${String(bodyId)}`);
  }
  const descriptions = new Set(facts.map((f) => f.header?.description));
  if (descriptions.size > 1) out.push(`the webhook-id descriptions differ between events (${descriptions.size} versions): keep one text`);
  return out;
}

const facts = (): HeaderFact[] =>
  fs
    .readdirSync(EVENTS)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => headerFact(`openapi/events/${f}`, parse(fs.readFileSync(path.join(EVENTS, f), 'utf8')) as Yaml));

test('every event’s webhook-id header example is its body’s id, with one description', () => {
  const all = facts();
  assert.ok(all.length >= 20, `${all.length} events`);
  assert.deepEqual(problems(all), []);
});

test('a header example that is another event’s id, or a description that drifts, fails', () => {
  const [a, b] = facts();
  assert.deepEqual(problems([{...a, header: {...a.header, example: 'evt_8Fz2Hd5Lq9Cx4Vp1'}}]), [
    `${a.file}: the webhook-id example evt_8Fz2Hd5Lq9Cx4Vp1 is not the body's id ${String(a.bodyId)}`,
  ]);
  assert.match(problems([a, {...b, header: {...b.header, description: 'Another text.'}}]).join('\n'), /descriptions differ/);
});
