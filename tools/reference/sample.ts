/**
 * An example value made from a schema of the model, for a body that has none of its own ("Example (auto)", and the
 * request body of a code sample): the schema's example, default, constant or first enum value, else a value of its
 * type; an object with its properties, an array with one item, the first variant of a `oneOf`.
 */
import type {Json} from '../openapi/json';
import {views, type SchemaNode, type SchemaView} from './model';

const BY_FORMAT: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  hostname: 'example.com',
};

/** Links are followed into their target (recursion to a small depth); a component shown apart is `{}`. */
const LINK_DEPTH = 2;

export function sampleOf(root: SchemaNode): Json {
  const byId = new Map<string, SchemaView>();
  for (const view of views(root)) byId.set(view.id, view);
  return sample(root, 0, 0, byId);
}

function sample(node: SchemaNode, depth: number, links: number, byId: Map<string, SchemaView>): Json {
  const sampleOf = (n: SchemaNode, d: number) => sample(n, d, links, byId);
  if (node.kind === 'ref') return {};
  if (node.kind === 'link') {
    const target = byId.get(node.to);
    return target && links < LINK_DEPTH ? sample(target, depth + 1, links + 1, byId) : {};
  }
  if (node.examples.length) return node.examples[0];
  if (node.const !== undefined) return node.const;
  if (node.default !== undefined) return node.default;
  if (node.enum?.length) return node.enum[0];
  if (depth > 8) return null;
  if (node.items) return [sampleOf(node.items, depth + 1)];
  // A string whose content is JSON of a schema (an SSE event's `data`): that JSON, as the string.
  if (node.contentSchema) {
    const content = sampleOf(node.contentSchema, depth + 1);
    return /json/i.test(node.constraints.contentMediaType ?? '') ? JSON.stringify(content) : typeof content === 'string' ? content : JSON.stringify(content);
  }
  if (node.properties.length || node.variants) {
    const object: Record<string, Json> = {};
    for (const p of node.properties) object[p.name] = sampleOf(p.schema, depth + 1);
    const first = node.variants?.options[0]?.schema;
    if (first) {
      const variant = sampleOf(first, depth + 1);
      if (variant && typeof variant === 'object' && !Array.isArray(variant)) Object.assign(object, variant);
      else if (!node.properties.length) return variant;
    }
    return object;
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object') return {property: sampleOf(node.additionalProperties, depth + 1)};
  const type = node.types[0];
  if (type === 'string') return BY_FORMAT[node.constraints.format ?? ''] ?? 'string';
  if (type === 'integer') return node.constraints.minimum ?? 0;
  if (type === 'number') return node.constraints.minimum ?? 0;
  if (type === 'boolean') return true;
  if (type === 'object') return {};
  if (type === 'array') return [];
  if (type === 'null' || node.nullable) return null;
  return null;
}

/** How a sequential media type (OpenAPI 3.2 `itemSchema`) sends its items, in a reader's words. */
export function streamWords(mediaType: string): string {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  if (type === 'text/event-stream') return 'Server-Sent Events: one event per item, events separated by a blank line';
  if (type === 'application/jsonl' || type === 'application/x-ndjson') return 'JSON Lines: one JSON value per line';
  if (type === 'application/json-seq') return 'JSON text sequence: each item a JSON value after an RS character (0x1E, shown ␞)';
  if (type === 'multipart/mixed') return 'multipart/mixed: one part per item';
  return `${type}: one item after another`;
}

/**
 * An example sequence of two items of `item` in `mediaType`'s framing: Server-Sent Events fields (`event:`, `data:`,
 * `id:`; an object's `data` as JSON), JSON Lines, json-seq records, multipart parts.
 */
export function streamExample(mediaType: string, item: SchemaNode): string {
  const type = mediaType.split(';')[0].trim().toLowerCase();
  const value = sampleOf(item);
  const json = JSON.stringify(value);
  const items = [value, value];
  if (type === 'text/event-stream') {
    const event = (v: Json): string =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? Object.entries(v)
            .map(([k, x]) => `${k}: ${typeof x === 'string' ? x : JSON.stringify(x)}`)
            .join('\n')
        : `data: ${JSON.stringify(v)}`;
    return `${items.map(event).join('\n\n')}\n\n`;
  }
  if (type === 'application/json-seq') return items.map(() => `␞${json}\n`).join('');
  if (type === 'multipart/mixed') return `${items.map(() => `--item-boundary\nContent-Type: application/json\n\n${json}\n`).join('')}--item-boundary--\n`;
  return items.map(() => `${json}\n`).join('');
}
