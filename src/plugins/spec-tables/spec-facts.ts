/**
 * The facts of the spec that hand-written pages enumerate: operations (with scope, filters, sort fields, error codes),
 * webhook events, status values, error codes and scopes. The derived tables of `::spec-table` render them
 * (src/plugins/spec-tables/derived-tables.ts) and the content checks compare pages with them (tools/content/), so both read
 * one model. Read from the openapi/ files through the OpenAPI kernel's cached source reader and `$ref`-following
 * pointer walk (spec-files.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {API_SPECS, OPENAPI_DIR} from '../../data/api-table';
import {pathItemOperations} from '../../../tools/openapi/document';
import {escapeToken} from '../../../tools/openapi/pointer';
import {isObject, type UnknownObject} from '../../../tools/openapi/json';
import {DirectiveError, readSpecFile, resolvePointer} from './spec-files';

/** Query parameters every list operation takes: not filters. */
export const PAGING_PARAMETERS = ['limit', 'cursor', 'sort'];

export interface SpecOperationFact {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** The docs route, `/docs` + x-doc-slug. */
  route: string;
  tag: string;
  /** The scopes of its security requirement. */
  scopes: string[];
  /** Query parameters other than limit, cursor and sort. */
  filters: string[];
  /** The values of its `sort` parameter; empty when it has none (then it is not a list operation). */
  sort: string[];
  /** The `default` of its `sort` parameter: the order of a request without `sort`; null when it states none. */
  sortDefault: string | null;
  /** Error codes (of ErrorCode) its description and responses name. */
  errors: string[];
  sandboxOnly: boolean;
  /** The id of the rate limit it counts against: its `x-rate-limit`, or `default`. */
  rateLimit: string;
  /** Where it is written, for messages. */
  file: string;
  /** The line of the operation in `file`. */
  line: number;
}

export interface SpecEventFact {
  type: string;
  route: string;
  description: string;
  file: string;
  line: number;
}

/** A rate limit of `info.x-rate-limits` (openapi/components/x-rate-limits.yaml). */
export interface SpecRateLimitFact {
  id: string;
  name: string;
  /** Requests per key per window. */
  requests: number;
  windowSeconds: number;
  /** What it counts, in a sentence. */
  description: string;
  /** The operations that name it with `x-rate-limit` (none for `default`: it counts every other one). */
  operationIds: string[];
}

export interface SpecFacts {
  operations: SpecOperationFact[];
  events: SpecEventFact[];
  /** Status schema name (components/schemas/*Status.yaml) → its values. */
  statuses: Map<string, string[]>;
  /** `<schema>.<value>` of each status value → where it is written (`file:line`). */
  statusWhere: Map<string, string>;
  /** Error code → its HTTP status and meaning (the table of ErrorCode.yaml), and where it is written (`file:line`). */
  errorCodes: Map<string, {status: string; meaning: string; where: string}>;
  /** Every scope an operation requires, sorted. */
  scopes: string[];
  /** The rate limits, in the order of the list (empty when no API declares `x-rate-limits`). */
  rateLimits: SpecRateLimitFact[];
}

const SCHEMAS_DIR = 'components/schemas';
const WEBHOOKS_ROOT = 'webhooks.yaml';
/** The limit of every operation without `x-rate-limit`. */
export const DEFAULT_RATE_LIMIT = 'default';

/** The rows of the Markdown table in a description, as cell texts (backticks kept). */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((l) => /^\s*\|/.test(l) && !/^\s*\|[\s|:-]+\|\s*$/.test(l))
    .slice(1)
    .map((l) =>
      l
        .trim()
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((c) => c.trim()),
    );
}

function errorCodes(siteDir: string): SpecFacts['errorCodes'] {
  const schema = readSpecFile(siteDir, `${SCHEMAS_DIR}/ErrorCode.yaml`);
  if (!isObject(schema) || !Array.isArray(schema.enum)) throw new DirectiveError(`${OPENAPI_DIR}/${SCHEMAS_DIR}/ErrorCode.yaml has no enum`);
  const rows = new Map(tableRows(String(schema.description ?? '')).map(([code, status, meaning]) => [code.replace(/`/g, ''), {status, meaning}]));
  return new Map(
    schema.enum.map((code, i) => [
      String(code),
      {...(rows.get(String(code)) ?? {status: '', meaning: ''}), where: enumWhere(siteDir, `${SCHEMAS_DIR}/ErrorCode.yaml`, i)},
    ]),
  );
}

/** `file:line` of the i-th value of a schema file's enum. */
function enumWhere(siteDir: string, file: string, i: number): string {
  const {file: at, line} = resolvePointer(siteDir, file, `/enum/${i}`);
  return `${OPENAPI_DIR}/${at}:${line}`;
}

function statuses(siteDir: string): Pick<SpecFacts, 'statuses' | 'statusWhere'> {
  const dir = path.join(siteDir, OPENAPI_DIR, SCHEMAS_DIR);
  const out = new Map<string, string[]>();
  const where = new Map<string, string>();
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => /Status\.yaml$/.test(n))
    .sort()) {
    const schema = readSpecFile(siteDir, `${SCHEMAS_DIR}/${f}`);
    if (!isObject(schema) || !Array.isArray(schema.enum)) continue;
    const name = f.replace(/\.yaml$/, '');
    out.set(name, schema.enum.map(String));
    schema.enum.forEach((v, i) => where.set(`${name}.${String(v)}`, enumWhere(siteDir, `${SCHEMAS_DIR}/${f}`, i)));
  }
  return {statuses: out, statusWhere: where};
}

/** Codes any operation declaring the status can return, whatever it does (ErrorCode.yaml's table). */
const GENERIC_CODES: Record<string, string> = {
  invalid_request: '400',
  validation_failed: '400',
  unauthenticated: '401',
  insufficient_scope: '403',
  resource_not_found: '404',
  rate_limited: '429',
  internal_error: '500',
  service_unavailable: '503',
};

function operationFacts(siteDir: string, codes: Set<string>): SpecOperationFact[] {
  const ops: SpecOperationFact[] = [];
  for (const spec of API_SPECS) {
    const rootFile = `${spec}.yaml`;
    const root = readSpecFile(siteDir, rootFile);
    const rootScopes = isObject(root) && Array.isArray(root.security) ? root.security : [];
    for (const url of Object.keys(isObject(root) && isObject(root.paths) ? root.paths : {})) {
      const itemPointer = `/paths/${escapeToken(url)}`;
      const {value: item} = resolvePointer(siteDir, rootFile, itemPointer);
      if (!isObject(item)) continue;
      for (const {method, keys, raw: op} of pathItemOperations(item)) {
        if (!isObject(op)) continue;
        const opPointer = `${itemPointer}/${keys.map(escapeToken).join('/')}`;
        const at = (p: string) => resolvePointer(siteDir, rootFile, `${opPointer}${p}`).value;
        const {file: opFile, line} = resolvePointer(siteDir, rootFile, opPointer);
        const parameters = (Array.isArray(op.parameters) ? op.parameters : []).map((_, i) => at(`/parameters/${i}`)).filter(isObject);
        const query = parameters.filter((p) => p.in === 'query').map((p) => String(p.name));
        const sortParam = parameters.find((p) => p.in === 'query' && p.name === 'sort');
        const sortSchema = isObject(sortParam?.schema) ? sortParam.schema : {};
        const security = Array.isArray(op.security) ? op.security : rootScopes;
        const scopes = security.flatMap((req) => (isObject(req) ? Object.values(req).flat().map(String) : []));
        // The codes its own description names, and the generic code of each status it declares (the shared
        // responses' texts list every code of a status, which would credit every operation with all of them).
        const declared = new Set(isObject(op.responses) ? Object.keys(op.responses) : []);
        const named = new Set<string>();
        for (const m of String(op.description ?? '').matchAll(/\b[a-z]+(?:_[a-z]+)+\b/g)) if (codes.has(m[0])) named.add(m[0]);
        for (const [code, status] of Object.entries(GENERIC_CODES)) if (declared.has(status) && codes.has(code)) named.add(code);
        ops.push({
          operationId: String(op.operationId ?? ''),
          method: method.toUpperCase(),
          path: url,
          summary: String(op.summary ?? ''),
          route: `/docs${String(op['x-doc-slug'] ?? '')}`,
          tag: Array.isArray(op.tags) ? String(op.tags[0]) : '',
          scopes,
          filters: query.filter((q) => !PAGING_PARAMETERS.includes(q)),
          sort: Array.isArray(sortSchema.enum) ? sortSchema.enum.map(String) : [],
          sortDefault: typeof sortSchema.default === 'string' ? sortSchema.default : null,
          errors: [...codes].filter((c) => named.has(c)),
          sandboxOnly: op['x-sandbox-only'] === true,
          rateLimit: typeof op['x-rate-limit'] === 'string' ? op['x-rate-limit'] : DEFAULT_RATE_LIMIT,
          file: `${OPENAPI_DIR}/${opFile}`,
          line,
        });
      }
    }
  }
  return ops;
}

export function eventFacts(siteDir: string): SpecEventFact[] {
  const root = readSpecFile(siteDir, WEBHOOKS_ROOT);
  const webhooks = isObject(root) && isObject(root.webhooks) ? root.webhooks : {};
  return Object.keys(webhooks).map((type) => {
    const {value: item, file} = resolvePointer(siteDir, WEBHOOKS_ROOT, `/webhooks/${escapeToken(type)}`);
    const found = isObject(item) ? pathItemOperations(item).find((o) => isObject(o.raw)) : undefined;
    const op = found?.raw as UnknownObject | undefined;
    const line = found ? resolvePointer(siteDir, WEBHOOKS_ROOT, `/webhooks/${escapeToken(type)}/${found.keys.map(escapeToken).join('/')}`).line : 1;
    const slug = op?.['x-doc-slug'];
    if (typeof slug !== 'string') throw new DirectiveError(`${OPENAPI_DIR}/${file}: the event ${type} has no x-doc-slug`);
    return {type, route: `/docs${slug}`, description: typeof op?.description === 'string' ? op.description : '', file: `${OPENAPI_DIR}/${file}`, line};
  });
}

/**
 * The rate limits the APIs share (`info.x-rate-limits`, a `$ref` to one list: redocly.yaml's rate-limit rules), each
 * with the operations that name it. Every API that declares them must declare the same list, and every
 * `x-rate-limit` must name one of them.
 */
function rateLimitFacts(siteDir: string, operations: SpecOperationFact[]): SpecRateLimitFact[] {
  let list: {value: unknown[]; where: string} | undefined;
  for (const spec of API_SPECS) {
    const root = readSpecFile(siteDir, `${spec}.yaml`);
    if (!isObject(root) || !isObject(root.info) || !('x-rate-limits' in root.info)) continue;
    const {value, file} = resolvePointer(siteDir, `${spec}.yaml`, '/info/x-rate-limits');
    const where = `${OPENAPI_DIR}/${file}`;
    if (!Array.isArray(value)) throw new DirectiveError(`${where}: x-rate-limits is not a list of limits`);
    if (list && JSON.stringify(list.value) !== JSON.stringify(value))
      throw new DirectiveError(`${where}: the x-rate-limits of ${spec}.yaml differ from those of ${list.where}: refer to one list`);
    list ??= {value, where};
  }
  if (!list) return [];
  const {where} = list;
  const limits = list.value.map((l, i) => {
    const ok = isObject(l) && typeof l.id === 'string' && typeof l.name === 'string' && Number.isInteger(l.requests) && Number.isInteger(l.window_seconds);
    if (!ok) throw new DirectiveError(`${where}: limit ${i + 1} needs an id, a name, requests and window_seconds`);
    return {
      id: String(l.id),
      name: String(l.name),
      requests: Number(l.requests),
      windowSeconds: Number(l.window_seconds),
      description: String(l.description ?? ''),
    };
  });
  const ids = limits.map((l) => l.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) throw new DirectiveError(`${where}: the limit ids ${twice.join(', ')} appear more than once`);
  if (!ids.includes(DEFAULT_RATE_LIMIT))
    throw new DirectiveError(`${where}: no limit has the id ${DEFAULT_RATE_LIMIT} (the limit of every operation without x-rate-limit)`);
  for (const op of operations) {
    if (!ids.includes(op.rateLimit))
      throw new DirectiveError(`${op.file}: ${op.operationId} has x-rate-limit: ${op.rateLimit}, which is not a limit of ${where} (${ids.join(', ')})`);
  }
  return limits.map((l) => ({...l, operationIds: l.id === DEFAULT_RATE_LIMIT ? [] : operations.filter((o) => o.rateLimit === l.id).map((o) => o.operationId)}));
}

/** The facts of the spec in `siteDir` (the files are parsed once per process: remark-spec-tables.ts). */
export function specFacts(siteDir: string): SpecFacts {
  const codes = errorCodes(siteDir);
  const operations = operationFacts(siteDir, new Set(codes.keys()));
  return {
    operations,
    events: fs.existsSync(path.join(siteDir, OPENAPI_DIR, WEBHOOKS_ROOT)) ? eventFacts(siteDir) : [],
    ...statuses(siteDir),
    errorCodes: codes,
    scopes: [...new Set(operations.flatMap((o) => o.scopes))].sort(),
    rateLimits: rateLimitFacts(siteDir, operations),
  };
}
