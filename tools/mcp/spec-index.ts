/**
 * The operations, webhook events and schemas of the bundled specs of a build, found by the names an agent has
 * (an operationId, `METHOD /path` with a template, a real path or a full URL, an event type, a schema name), and
 * returned with every `$ref` resolved.
 */
import {HTTP_METHODS, type ApiSpecId} from '../../src/data/api-table';
import {SITE_URL} from '../../src/data/brand';
import {findOperation, resolveRef, type Json} from '../spec-lookup';
import type {DocsBuild} from './build-artefacts';
import type {DocPages} from './pages';
import {notFound} from './suggest';

export interface OperationEntry {
  api: ApiSpecId;
  spec: Json;
  kind: 'operation' | 'webhook';
  /** Lower case, as in the spec. */
  method: string;
  /** The path template (operations). */
  path?: string;
  /** The event type (webhooks). */
  event?: string;
  operationId?: string;
  /** JSON pointer of the operation in `spec`. */
  pointer: string;
  operation: Json;
  pathItem: Json;
}

/** An operation a reference names, with what the reference itself carried (a real path's values, a query string). */
export interface FoundOperation {
  entry: OperationEntry;
  pathParams: Record<string, string>;
  query: Record<string, string>;
}

const escapePointer = (p: string) => p.replace(/~/g, '~0').replace(/\//g, '~1');
const SCHEMA_PREFIX = /^#?\/?components\/schemas\//;

/**
 * `node` with every local `$ref` replaced by what it points to (keywords next to a `$ref` kept, as OpenAPI 3.1
 * allows). A schema that contains itself keeps its inner `$ref`, so the result stays finite.
 */
export function dereference(doc: Json, node: unknown, inside: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => dereference(doc, n, inside));
  if (!node || typeof node !== 'object') return node;
  const {$ref, ...rest} = node as Json;
  const siblings = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, dereference(doc, v, inside)]));
  if (typeof $ref !== 'string' || !$ref.startsWith('#/')) return $ref === undefined ? siblings : {$ref, ...siblings};
  if (inside.includes($ref)) return {$ref, ...siblings};
  const target = dereference(doc, resolveRef(doc, $ref).node, [...inside, $ref]);
  return Object.keys(siblings).length ? {...(target as Json), ...siblings} : target;
}

export class SpecIndex {
  readonly operations: OperationEntry[] = [];
  /** Base paths of the servers (`/v1`), which a full URL or a server-relative path carries. */
  private readonly basePaths = new Set<string>();

  constructor(
    private readonly build: DocsBuild,
    private readonly pages: DocPages,
  ) {
    for (const {id, spec} of build.apis) {
      for (const server of (spec.servers ?? []) as Json[]) {
        const base = new URL(String(server.url).replace(/\{[^}]+\}/g, '0')).pathname.replace(/\/$/, '');
        if (base) this.basePaths.add(base);
      }
      for (const [path, pathItem] of Object.entries((spec.paths ?? {}) as Record<string, Json>)) {
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method] as Json | undefined;
          if (!operation) continue;
          const pointer = `#/paths/${escapePointer(path)}/${method}`;
          this.operations.push({api: id, spec, kind: 'operation', method, path, operationId: operation.operationId as string, pointer, operation, pathItem});
        }
      }
      for (const [event, pathItem] of Object.entries((spec.webhooks ?? {}) as Record<string, Json>)) {
        for (const method of HTTP_METHODS) {
          const operation = pathItem[method] as Json | undefined;
          if (!operation) continue;
          const pointer = `#/webhooks/${escapePointer(event)}/${method}`;
          this.operations.push({api: id, spec, kind: 'webhook', method, event, operationId: operation.operationId as string, pointer, operation, pathItem});
        }
      }
    }
  }

  get events(): OperationEntry[] {
    return this.operations.filter((o) => o.kind === 'webhook');
  }

  private label(o: OperationEntry): string {
    return o.kind === 'webhook' ? (o.event as string) : `${o.method.toUpperCase()} ${o.path}`;
  }

  /** An operation by operationId, `METHOD /path` (template, real path or URL, with or without a query string) or event type. */
  find(ref: string): FoundOperation {
    const text = ref.trim();
    const request = new RegExp(`^(${HTTP_METHODS.join('|')})\\s+(\\S+)$`, 'i').exec(text);
    if (request) return this.findRequest(request[1].toLowerCase(), request[2]);
    const entry =
      this.operations.find((o) => o.operationId === text) ??
      this.operations.find((o) => o.operationId?.toLowerCase() === text.toLowerCase()) ??
      this.operations.find((o) => o.event === text);
    if (entry) return {entry, pathParams: {}, query: {}};
    throw notFound('operation', text, [...this.operations.map((o) => o.operationId ?? ''), ...this.events.map((o) => o.event ?? '')], 'Name it by operationId (`createFiatWithdrawal`), `METHOD /path` or webhook event type.');
  }

  /** A webhook event by type (or its operationId). */
  findEvent(event: string): OperationEntry {
    const text = event.trim();
    const entry = this.events.find((o) => o.event === text) ?? this.events.find((o) => o.operationId === text);
    if (entry) return entry;
    throw notFound('webhook event', text, this.events.map((o) => o.event ?? ''), `The events are: ${this.events.map((o) => o.event).join(', ')}.`);
  }

  private findRequest(method: string, target: string): FoundOperation {
    const url = new URL(target, 'http://request.invalid');
    const rawPath = /^https?:\/\//i.test(target) ? url.pathname : target.replace(/[?#].*$/, '');
    const query = Object.fromEntries(url.searchParams);
    const candidates = [rawPath, ...[...this.basePaths].filter((b) => rawPath.startsWith(`${b}/`)).map((b) => rawPath.slice(b.length))];
    for (const path of candidates) {
      for (const {spec} of this.build.apis) {
        const found = findOperation(spec, method, path);
        const entry = found && this.operations.find((o) => o.spec === spec && o.pointer === found.pointer);
        if (entry) return {entry, pathParams: pathValues(entry.path as string, path), query};
      }
    }
    throw notFound('operation', `${method.toUpperCase()} ${rawPath}`, this.operations.filter((o) => o.kind === 'operation').map((o) => this.label(o)));
  }

  /** The operation as get_operation returns it: everything the spec says about it, resolved. */
  describe(entry: OperationEntry): Json {
    const {spec, operation, pathItem} = entry;
    const slug = operation['x-doc-slug'] as string | undefined;
    const page = slug ? this.pages.byRoute.get(`/docs${slug}`) : undefined;
    const schemes = ((spec.components as Json | undefined)?.securitySchemes ?? {}) as Json;
    const requirements = (operation.security ?? spec.security ?? []) as Record<string, string[]>[];
    const extensions = Object.fromEntries(Object.entries(operation).filter(([k]) => k.startsWith('x-')));
    return {
      api: entry.api,
      kind: entry.kind,
      operationId: entry.operationId,
      method: entry.method.toUpperCase(),
      ...(entry.path ? {path: entry.path} : {event: entry.event}),
      summary: operation.summary,
      description: operation.description,
      ...(operation.deprecated ? {deprecated: true} : {}),
      tags: operation.tags,
      url: slug ? `${SITE_URL}/docs${slug}` : undefined,
      markdownUrl: page && this.pages.markdownUrl(page),
      // A webhook is delivered to the integrator's endpoint, not sent to the API's servers.
      ...(entry.kind === 'operation' ? {servers: dereference(spec, operation.servers ?? pathItem.servers ?? spec.servers ?? [])} : {}),
      // Each requirement is one way to authenticate (every scheme of it at once); an empty list means none.
      security: requirements.map((requirement) =>
        Object.entries(requirement).map(([scheme, scopes]) => ({scheme, scopes, definition: dereference(spec, schemes[scheme])})),
      ),
      parameters: dereference(spec, mergedParameters(entry).map((p) => p.parameter)),
      requestBody: dereference(spec, operation.requestBody),
      responses: dereference(spec, operation.responses),
      ...(Object.keys(extensions).length ? {extensions} : {}),
    };
  }

  /** A component schema by name (OpenAPI first, then the WebSocket API's AsyncAPI document), resolved. */
  schema(name: string): Json {
    const wanted = name.trim().replace(SCHEMA_PREFIX, '');
    const sources = [
      {source: 'openapi', file: 'openapi/novaramp.json', doc: this.build.combined},
      ...(this.build.asyncapi ? [{source: 'asyncapi', file: 'openapi/websocket.asyncapi.json', doc: this.build.asyncapi}] : []),
    ];
    const named = sources.map((s) => ({...s, schemas: ((s.doc.components as Json | undefined)?.schemas ?? {}) as Json}));
    for (const match of [(n: string) => n === wanted, (n: string) => n.toLowerCase() === wanted.toLowerCase()]) {
      for (const {source, file, doc, schemas} of named) {
        const found = Object.keys(schemas).find(match);
        if (found) return {name: found, source, file, pointer: `#/components/schemas/${escapePointer(found)}`, schema: dereference(doc, schemas[found])};
      }
    }
    throw notFound('schema', wanted, named.flatMap((s) => Object.keys(s.schemas)), 'Schema names are PascalCase, as in the spec (`Account`, `CreateFiatWithdrawalRequest`).');
  }
}

/** The operation's parameters with the path item's, the operation's winning (same name and `in`), each with its pointer. */
export function mergedParameters(entry: OperationEntry): {parameter: Json; resolved: Json; pointer: string}[] {
  const pathItemPointer = entry.pointer.replace(/\/[^/]+$/, '');
  const all = [
    ...((entry.pathItem.parameters ?? []) as Json[]).map((_, i) => `${pathItemPointer}/parameters/${i}`),
    ...((entry.operation.parameters ?? []) as Json[]).map((_, i) => `${entry.pointer}/parameters/${i}`),
  ].map((p) => {
    const {node, pointer} = resolveRef(entry.spec, p);
    return {parameter: getAt(entry.spec, p) as Json, resolved: node, pointer};
  });
  const byKey = new Map(all.map((p) => [`${p.resolved.in}:${String(p.resolved.name).toLowerCase()}`, p]));
  return [...byKey.values()];
}

function getAt(doc: Json, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/** The values a real path gives the template's parameters (none for a segment that is itself `{name}`). */
function pathValues(template: string, path: string): Record<string, string> {
  const parts = template.split('/');
  const segments = path.replace(/\/$/, '').split('/');
  const values: Record<string, string> = {};
  parts.forEach((part, i) => {
    const name = /^\{([^}]+)\}$/.exec(part)?.[1];
    const segment = segments[i];
    if (name && segment && !/^\{[^}]+\}$/.test(segment) && !/^:/.test(segment)) values[name] = decodeURIComponent(segment);
  });
  return values;
}
