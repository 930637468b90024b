/**
 * Reads the OpenAPI root documents and the path item files they `$ref` (openapi/paths/, openapi/events/), through the
 * OpenAPI kernel's source reader (tools/openapi/locate.ts: it follows the `$ref`s of the layout), and checks
 * what the portal relies on and Redocly cannot express, because it spans the eight APIs or the sidebar table:
 * route pins unique across all APIs and inside a sidebar category, operationIds unique across all APIs, and
 * the Idempotency-Key header on every POST. What Redocly's rules already check (a missing `x-doc-slug` or
 * operationId, an undeclared tag) is left to `redocly.yaml`. Every problem names the file and line.
 */
import path from 'node:path';
import {isMap, isScalar} from 'yaml';
import {pathItemOperations} from '../openapi/document';
import type {JsonObject} from '../openapi/json';
import {SourceLocator, type SourceFile} from '../openapi/locate';
import {allCategories, API_SPECS, specPath, type ApiSpecId} from '../../src/data/api-table';

export interface Operation {
  spec: ApiSpecId;
  file: string;
  line: number;
  /** HTTP method, or `event` for an entry of the OAS 3.1 `webhooks` section. */
  method: string;
  /** URL path, or the event type for webhook events. */
  path: string;
  operationId: string;
  summary: string;
  /** Pinned docs route relative to /docs, e.g. `/api/crypto/wallet/whitdraw-crypto`. */
  slug: string | undefined;
  tags: string[];
  parameterRefs: string[];
}

export class SpecError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'SpecError';
  }
}

/** A root file, parsed by the kernel's source reader (tools/openapi/locate.ts), with its parse errors as problems. */
function parseSpec(locator: SourceLocator, spec: ApiSpecId, file = specPath(spec), from?: string): SourceFile {
  const source = locator.load(file);
  if (!source) {
    throw new SpecError([
      from
        ? `${from}: $ref ${file} — the file does not exist`
        : `${file}: missing — the API table (src/data/api-table.ts) lists "${spec}" but the file does not exist`,
    ]);
  }
  if (source.doc.errors.length > 0) {
    throw new SpecError(source.doc.errors.map((e) => `${file}:${e.linePos?.[0].line ?? 1}:${e.linePos?.[0].col ?? 1}: ${e.message.split('\n')[0]}`));
  }
  return source;
}

function operationsOf(locator: SourceLocator, spec: ApiSpecId, root: SourceFile): Operation[] {
  const ops: Operation[] = [];
  const collect = (section: 'paths' | 'webhooks') => {
    const node = root.doc.get(section, true);
    if (!isMap(node)) return;
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      // The path item: inline, or the file its `$ref` names (openapi-starter layout), which must parse.
      const ref = isMap(pair.value) && pair.value.items.length === 1 ? pair.value.get('$ref') : undefined;
      if (typeof ref === 'string') parseSpec(locator, spec, locator.refTarget(root, ref) ?? root.file, `${root.file}:${locator.lineOf(root, pair.key)}`);
      const {source, node: item} = locator.follow(root, pair.value);
      if (!isMap(item)) continue;
      // The kernel's walk of a path item's methods (OpenAPI 3.2's `query` and `additionalOperations` included).
      for (const {method, keys} of pathItemOperations(item.toJSON() as JsonObject)) {
        const holder = keys.length > 1 ? item.getIn(keys.slice(0, -1), true) : item;
        const opPair = isMap(holder) ? holder.items.find((p) => isScalar(p.key) && p.key.value === keys.at(-1)) : undefined;
        if (!opPair || !isMap(opPair.value)) continue;
        const op = opPair.value.toJSON() as Record<string, unknown>;
        const operationId = String(op.operationId ?? '');
        ops.push({
          spec,
          file: source.file,
          line: locator.lineOf(source, opPair.key),
          method: section === 'webhooks' ? 'event' : method,
          path: key,
          operationId,
          summary: String(op.summary ?? ''),
          slug: typeof op['x-doc-slug'] === 'string' ? op['x-doc-slug'] : undefined,
          tags: Array.isArray(op.tags) ? op.tags.map(String) : [],
          parameterRefs: Array.isArray(op.parameters)
            ? op.parameters.map((p) => String((p as {$ref?: string; name?: string}).$ref ?? (p as {name?: string}).name))
            : [],
        });
      }
    }
  };
  collect('paths');
  collect('webhooks');
  return ops;
}

/** All operations of all specs, after checking the invariants below. Throws SpecError listing every problem. */
export function loadOperations(siteDir = process.cwd()): Operation[] {
  const problems: string[] = [];
  const ops: Operation[] = [];
  const locator = new SourceLocator(siteDir);
  for (const spec of API_SPECS) {
    try {
      const root = parseSpec(locator, spec);
      for (const op of operationsOf(locator, spec, root)) {
        if (op.method === 'post' && !op.parameterRefs.some((p) => /\/IdempotencyKey(\.yaml)?$/.test(p))) {
          problems.push(
            `${op.file}:${op.line}: POST ${op.path} is a POST without the shared Idempotency-Key header parameter (openapi/components/parameters/IdempotencyKey.yaml)`,
          );
        }
        ops.push(op);
      }
    } catch (e) {
      if (e instanceof SpecError) problems.push(...e.problems);
      else throw e;
    }
  }
  problems.push(...checkPins(ops));
  if (problems.length > 0) throw new SpecError(problems);
  return ops;
}

/**
 * No two operations of any API share a pinned route or an operationId, and each pin lands in a sidebar category.
 * An operation without a pin or an operationId is Redocly's to report (`rule/operation-doc-slug`,
 * `operation-operationId`).
 */
export function checkPins(ops: Operation[]): string[] {
  const problems: string[] = [];
  const dirs = new Set(allCategories().map((c) => c.dir));
  const bySlug = new Map<string, Operation>();
  const byId = new Map<string, Operation>();
  for (const op of ops) {
    const where = `${op.file}:${op.line}`;
    const name = `${op.method.toUpperCase()} ${op.path}`;
    if (!op.slug) continue;
    const first = bySlug.get(op.slug);
    if (first) {
      problems.push(`${where}: ${name} pins ${op.slug}, already pinned by ${first.operationId} at ${first.file}:${first.line}`);
    } else {
      bySlug.set(op.slug, op);
    }
    if (!dirs.has(path.posix.dirname(op.slug))) {
      problems.push(`${where}: ${op.slug} is not inside any API sidebar category of src/data/api-table.ts`);
    }
    const other = op.operationId ? byId.get(op.operationId) : undefined;
    if (other) {
      problems.push(`${where}: operationId ${op.operationId} is also used at ${other.file}:${other.line}`);
    } else if (op.operationId) {
      byId.set(op.operationId, op);
    }
  }
  return problems;
}
