/**
 * A bundled OpenAPI document (every `$ref` local, as tools/openapi/load.ts leaves it) and what every tool reads
 * from it: the value at a pointer, a node with its `$ref`s followed, its operations and webhooks with their merged
 * parameters, and where a pointer is in the spec's source files. The one `$ref` reader of the project: one cycle
 * policy (a `$ref` met again inside its own expansion stays a `$ref`).
 */
import {HTTP_METHODS} from '../../src/data/api-table';
import {isObject, type Json, type JsonObject} from './json';
import {childPointer, getAt, parsePointer} from './pointer';
import {SourceLocator, type SourceLocation} from './locate';

/** The methods a path item names as fields: OpenAPI 3.0/3.1's eight, and 3.2's `query`. */
export const PATH_ITEM_METHODS = [...HTTP_METHODS, 'query'] as const;
/**
 * An operation's HTTP method, lower case: one of PATH_ITEM_METHODS, or (OpenAPI 3.2) a key of the path item's
 * `additionalOperations` (`PURGE`, `LINK`), lower-cased like the others; pages show it upper case.
 */
export type HttpMethod = (typeof PATH_ITEM_METHODS)[number] | (string & {});
export type OperationSection = 'paths' | 'webhooks';

/** One operation of a path item, as the path item keys it. */
export interface PathItemOperation {
  method: HttpMethod;
  /** Its keys inside the path item: `['get']`, or (OpenAPI 3.2) `['additionalOperations', 'PURGE']`. */
  keys: string[];
  /** The operation as written (possibly a `$ref`). */
  raw: Json | undefined;
}

const isPathItemMethod = (key: string): boolean => (PATH_ITEM_METHODS as readonly string[]).includes(key);

/**
 * The operations a path item holds, in the order of PATH_ITEM_METHODS, then its `additionalOperations` (OpenAPI 3.2)
 * whose method is not one of those: the one walk of a path item's methods, for every tool that reads operations.
 */
export function pathItemOperations(pathItem: JsonObject): PathItemOperation[] {
  const additional = isObject(pathItem.additionalOperations) ? pathItem.additionalOperations : {};
  return [
    ...PATH_ITEM_METHODS.filter((m) => pathItem[m] !== undefined).map((m) => ({method: m, keys: [m], raw: pathItem[m]})),
    ...Object.entries(additional)
      .filter(([m]) => !isPathItemMethod(m.toLowerCase()))
      .map(([m, raw]) => ({method: m.toLowerCase(), keys: ['additionalOperations', m], raw})),
  ];
}

/** The operation of `method` (lower case) in a path item, wherever 3.2 keys it, or undefined. */
export function operationOfMethod(pathItem: JsonObject, method: string): PathItemOperation | undefined {
  return pathItemOperations(pathItem).find((o) => o.method === method);
}

/** The rank of a method in the usual order of a path item's methods (an `additionalOperations` one comes last). */
export function methodRank(method: string): number {
  const i = (PATH_ITEM_METHODS as readonly string[]).indexOf(method);
  return i < 0 ? PATH_ITEM_METHODS.length : i;
}

export interface ApiParameter {
  /** The parameter object, its `$ref` followed. */
  parameter: JsonObject;
  /** Where the parameter is listed (in the path item's or the operation's `parameters`). */
  pointer: string;
  /** Where the parameter object itself is (its `$ref`'s target, or the same as `pointer`). */
  target: string;
}

export interface ApiOperation {
  section: OperationSection;
  /** The URL template (`paths`) or the event name (`webhooks`). */
  key: string;
  method: HttpMethod;
  /** `#/paths/~1accounts/post`. */
  pointer: string;
  operationId?: string;
  operation: JsonObject;
  pathItem: JsonObject;
  /** The path item's parameters with the operation's own laid over them (same `name` and `in`), path item's first. */
  parameters: ApiParameter[];
}

/** A `$ref` followed to the end of its chain. */
export interface Resolved {
  node: Json;
  /** Where the node is when a `$ref` was followed (the last target), else where it was asked for, if known. */
  pointer?: string;
  /** The `$ref`s followed, in order. */
  refs: string[];
}

export class RefError extends Error {}

const MAX_REF_CHAIN = 50;

/** A JSON document whose `$ref`s are local (`#/…`): a bundled OpenAPI document, or an AsyncAPI one. */
export class JsonDocument {
  constructor(readonly doc: JsonObject) {}

  get(pointer: string): Json | undefined {
    return getAt(this.doc, pointer);
  }

  /**
   * `node` with its `$ref` chain followed; the keywords beside a `$ref` are laid over its target (OpenAPI 3.1).
   * Only local references exist in a bundled document; any other is an error naming it.
   */
  resolve(node: Json | undefined, at?: string): Resolved {
    const refs: string[] = [];
    let current: Json | undefined = node;
    let pointer = at;
    let siblings: JsonObject | undefined;
    while (isObject(current) && typeof current.$ref === 'string') {
      const ref = current.$ref;
      if (!ref.startsWith('#')) throw new RefError(`${at ?? ''}: $ref ${ref} is not local to the bundled document`);
      if (refs.includes(ref) || refs.length >= MAX_REF_CHAIN) throw new RefError(`${at ?? ''}: $ref cycle ${[...refs, ref].join(' -> ')}`);
      const {$ref: _, ...rest} = current;
      if (Object.keys(rest).length) siblings = {...rest, ...siblings};
      refs.push(ref);
      const target = this.get(ref);
      if (target === undefined) throw new RefError(`${at ?? ''}: $ref ${ref} points to nothing`);
      current = target;
      pointer = ref;
    }
    if (current === undefined) return {node: null, pointer, refs};
    return {node: siblings && isObject(current) ? {...current, ...siblings} : current, pointer, refs};
  }

  /**
   * `node` with every `$ref` replaced by its target, deeply. A `$ref` met again inside its own expansion stays as it
   * is, so the result is finite. Meant for small nodes (a parameter, a server, a schema an agent asks for): an API
   * whose schemas reference each other widely expands exponentially; the reference model (tools/reference) does not.
   */
  deref(node: Json | undefined, inside: readonly string[] = []): Json {
    if (node === undefined) return null;
    if (Array.isArray(node)) return node.map((n) => this.deref(n, inside));
    if (!isObject(node)) return node;
    const {$ref, ...rest} = node;
    const siblings = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, this.deref(v, inside)]));
    if (typeof $ref !== 'string') return siblings;
    if (inside.includes($ref) || !$ref.startsWith('#')) return {$ref, ...siblings};
    const target = this.get($ref);
    if (target === undefined) throw new RefError(`$ref ${$ref} points to nothing`);
    const resolved = this.deref(target, [...inside, $ref]);
    return Object.keys(siblings).length && isObject(resolved) ? {...resolved, ...siblings} : resolved;
  }

  /** The node at `pointer` with its `$ref` chain followed, and the pointer of where it really is. */
  at(pointer: string): {node: Json | undefined; pointer: string} {
    const {node, pointer: where} = this.resolve(this.get(pointer), pointer);
    return {node: node === null && this.get(pointer) === undefined ? undefined : node, pointer: where ?? pointer};
  }
}

export class ApiDocument extends JsonDocument {
  private locator?: SourceLocator;

  /**
   * `doc`: the bundled document. `source`: its root file relative to `siteDir`, when the document was read from
   * files (locate() walks the source layout from there).
   */
  constructor(
    doc: JsonObject,
    readonly source?: {siteDir: string; file: string},
    /** What loading left unresolved (`file:line:col: message`), when it was told to report rather than fail. */
    readonly loadProblems: string[] = [],
  ) {
    super(doc);
  }

  /** Every operation of `paths` and every webhook, in document order. */
  operations(): ApiOperation[] {
    const found: ApiOperation[] = [];
    for (const section of ['paths', 'webhooks'] as const) {
      const items = this.doc[section];
      if (!isObject(items)) continue;
      for (const [key, raw] of Object.entries(items)) {
        const itemPointer = childPointer(`#/${section}`, key);
        const pathItem = this.resolve(raw, itemPointer).node;
        if (!isObject(pathItem)) continue;
        for (const {method, keys, raw: rawOperation} of pathItemOperations(pathItem)) {
          const pointer = childPointer(itemPointer, ...keys);
          const operation = this.resolve(rawOperation, pointer).node;
          if (!isObject(operation)) continue;
          const parameters = this.mergedParameters(pathItem, itemPointer, operation, pointer);
          const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
          found.push({section, key, method, pointer, operationId, operation, pathItem, parameters});
        }
      }
    }
    return found;
  }

  private mergedParameters(pathItem: JsonObject, itemPointer: string, operation: JsonObject, pointer: string): ApiParameter[] {
    const listed = (holder: JsonObject, at: string) =>
      (Array.isArray(holder.parameters) ? holder.parameters : []).map((p, i) => {
        const where = childPointer(at, 'parameters', i);
        const {node: parameter, pointer: target} = this.resolve(p, where);
        if (!isObject(parameter)) throw new RefError(`${where}: a parameter must be an object`);
        return {parameter, pointer: where, target: target ?? where};
      });
    const merged = new Map<string, ApiParameter>();
    for (const p of [...listed(pathItem, itemPointer), ...listed(operation, pointer)]) {
      merged.set(`${String(p.parameter.in)}:${String(p.parameter.name)}`, p);
    }
    return [...merged.values()];
  }

  /** Where a pointer of this document is in its source files (walking `$ref`s and `allOf` parts of the layout). */
  locate(pointer: string): SourceLocation | undefined {
    if (!this.source) return undefined;
    this.locator ??= new SourceLocator(this.source.siteDir);
    return this.locator.locate(this.source.file, parsePointer(pointer));
  }

  /** `file:line` of a pointer, or the pointer itself when the document has no source files. */
  where(pointer: string): string {
    const at = this.locate(pointer);
    return at ? `${at.file}:${at.line}` : pointer;
  }
}

const documents = new WeakMap<object, ApiDocument>();

/** The kernel's reading of an already bundled document (a build's `openapi/<api>.json`), made once per object. */
export function documentOf(doc: object): ApiDocument {
  let found = documents.get(doc);
  if (!found) {
    found = new ApiDocument(doc as JsonObject);
    documents.set(doc, found);
  }
  return found;
}
