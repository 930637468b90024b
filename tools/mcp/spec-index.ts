/**
 * The operations, webhook events and schemas of the bundled specs of a build, found by the names an agent has
 * (an operationId, `METHOD /path` with a template, a real path or a full URL, an event type, a schema name), and
 * returned with every `$ref` resolved.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {ApiSpecId} from '../../src/data/api-table';
import {SITE_URL} from '../../src/data/brand';
import {MODEL_URL, operationFileName} from '../../src/data/static-reference';
import {documentOf, PATH_ITEM_METHODS, type ApiParameter} from '../openapi/document';
import {childPointer} from '../openapi/pointer';
import type {OperationModel} from '../reference/model';
import type {UnknownObject} from '../openapi/json';
import {findOperation} from '../spec/spec-lookup';
import {BuildArtefactError, type DocsBuild} from './build-artefacts';
import type {DocPages} from './pages';
import {notFound} from './suggest';

export interface OperationEntry {
  api: ApiSpecId;
  spec: UnknownObject;
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
  operation: UnknownObject;
  pathItem: UnknownObject;
  /** The path item's parameters with the operation's own laid over them (the kernel's merge). */
  parameters: ApiParameter[];
}

/** An operation a reference names, with what the reference itself carried (a real path's values, a query string). */
export interface FoundOperation {
  entry: OperationEntry;
  pathParams: Record<string, string>;
  query: Record<string, string>;
}

const SCHEMA_PREFIX = /^#?\/?components\/schemas\//;

export class SpecIndex {
  readonly operations: OperationEntry[] = [];
  /** Base paths of the servers (`/v1`), which a full URL or a server-relative path carries. */
  private readonly basePaths = new Set<string>();

  constructor(
    private readonly build: DocsBuild,
    private readonly pages: DocPages,
  ) {
    for (const {id, spec} of build.apis) {
      for (const server of (spec.servers ?? []) as UnknownObject[]) {
        const base = new URL(String(server.url).replace(/\{[^}]+\}/g, '0')).pathname.replace(/\/$/, '');
        if (base) this.basePaths.add(base);
      }
      for (const op of documentOf(spec).operations()) {
        const where = op.section === 'paths' ? {kind: 'operation' as const, path: op.key} : {kind: 'webhook' as const, event: op.key};
        this.operations.push({
          api: id,
          spec,
          ...where,
          method: op.method,
          operationId: op.operationId,
          pointer: op.pointer,
          operation: op.operation,
          pathItem: op.pathItem,
          parameters: op.parameters,
        });
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
    const request = new RegExp(`^(${PATH_ITEM_METHODS.join('|')})\\s+(\\S+)$`, 'i').exec(text);
    if (request) return this.findRequest(request[1].toLowerCase(), request[2]);
    const entry =
      this.operations.find((o) => o.operationId === text) ??
      this.operations.find((o) => o.operationId?.toLowerCase() === text.toLowerCase()) ??
      this.operations.find((o) => o.event === text);
    if (entry) return {entry, pathParams: {}, query: {}};
    throw notFound(
      'operation',
      text,
      [...this.operations.map((o) => o.operationId ?? ''), ...this.events.map((o) => o.event ?? '')],
      'Name it by operationId (`createFiatWithdrawal`), `METHOD /path` or webhook event type.',
    );
  }

  /** A webhook event by type (or its operationId). */
  findEvent(event: string): OperationEntry {
    const text = event.trim();
    const entry = this.events.find((o) => o.event === text) ?? this.events.find((o) => o.operationId === text);
    if (entry) return entry;
    throw notFound(
      'webhook event',
      text,
      this.events.map((o) => o.event ?? ''),
      `The events are: ${this.events.map((o) => o.event).join(', ')}.`,
    );
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
    throw notFound(
      'operation',
      `${method.toUpperCase()} ${rawPath}`,
      this.operations.filter((o) => o.kind === 'operation').map((o) => this.label(o)),
    );
  }

  /**
   * The operation as get_operation returns it: its reference model, the one its page and its Markdown copy were
   * rendered from (published with the build at MODEL_URL), with the URLs of its page and copy. Without the servers
   * marked internal (the local mock the page's request panel offers): like the spec downloads, it is what an
   * integrator calls.
   */
  describe(entry: OperationEntry): UnknownObject {
    const file = path.join(this.build.dir, MODEL_URL, operationFileName(entry.api, entry.operationId ?? ''));
    if (!fs.existsSync(file)) throw new BuildArtefactError(`${file} is missing: run \`npm run build\` (gen:api writes the reference models).`);
    const model = JSON.parse(fs.readFileSync(file, 'utf8')) as OperationModel;
    const slug = model.extensions['x-doc-slug'];
    const page = typeof slug === 'string' ? this.pages.byRoute.get(`/docs${slug}`) : undefined;
    return {
      ...model,
      servers: model.servers.filter((s) => !s.internal),
      url: typeof slug === 'string' ? `${SITE_URL}/docs${slug}` : undefined,
      markdownUrl: page && this.pages.markdownUrl(page),
    } as unknown as UnknownObject;
  }

  /** A component schema by name (OpenAPI first, then the WebSocket API's AsyncAPI document), resolved. */
  schema(name: string): UnknownObject {
    const wanted = name.trim().replace(SCHEMA_PREFIX, '');
    const sources = [
      {source: 'openapi', file: 'openapi/novaramp.json', doc: this.build.combined},
      ...(this.build.asyncapi ? [{source: 'asyncapi', file: 'openapi/websocket.asyncapi.json', doc: this.build.asyncapi}] : []),
    ];
    const named = sources.map((s) => ({...s, schemas: ((s.doc.components as UnknownObject | undefined)?.schemas ?? {}) as UnknownObject}));
    for (const match of [(n: string) => n === wanted, (n: string) => n.toLowerCase() === wanted.toLowerCase()]) {
      for (const {source, file, doc, schemas} of named) {
        const found = Object.keys(schemas).find(match);
        if (found)
          return {
            name: found,
            source,
            file,
            pointer: childPointer('#/components/schemas', found),
            schema: documentOf(doc).deref(schemas[found] as never) as UnknownObject,
          };
      }
    }
    throw notFound(
      'schema',
      wanted,
      named.flatMap((s) => Object.keys(s.schemas)),
      'Schema names are PascalCase, as in the spec (`Account`, `CreateFiatWithdrawalRequest`).',
    );
  }
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
