/**
 * The facts of the spec that hand-written pages enumerate: operations (with scope, filters, sort fields, error codes),
 * webhook events, status values, error codes and scopes. The derived tables of `::spec-table` render them
 * (tools/spec-tables/derived-tables.ts) and the content checks compare pages with them (tools/content/), so both read
 * one model. Read from the openapi/ files through the OpenAPI kernel's cached source reader and `$ref`-following
 * pointer walk (spec-files.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {API_SPECS, HTTP_METHODS, OPENAPI_DIR} from '../../src/data/api-table';
import {escapeToken} from '../openapi/pointer';
import {DirectiveError, isObject, readSpecFile, resolvePointer, type Yaml} from './spec-files';

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
  /** Error codes (of ErrorCode) its description and responses name. */
  errors: string[];
  sandboxOnly: boolean;
  /** Where it is written, for messages. */
  file: string;
}

export interface SpecEventFact {
  type: string;
  route: string;
  description: string;
  file: string;
}

export interface SpecFacts {
  operations: SpecOperationFact[];
  events: SpecEventFact[];
  /** Status schema name (components/schemas/*Status.yaml) → its values. */
  statuses: Map<string, string[]>;
  /** Error code → its HTTP status and meaning (the table of ErrorCode.yaml). */
  errorCodes: Map<string, {status: string; meaning: string}>;
  /** Every scope an operation requires, sorted. */
  scopes: string[];
}

const SCHEMAS_DIR = 'components/schemas';
const WEBHOOKS_ROOT = 'webhooks.yaml';

/** The rows of the Markdown table in a description, as cell texts (backticks kept). */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((l) => /^\s*\|/.test(l) && !/^\s*\|[\s|:-]+\|\s*$/.test(l))
    .slice(1)
    .map((l) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
}

function errorCodes(siteDir: string): SpecFacts['errorCodes'] {
  const schema = readSpecFile(siteDir, `${SCHEMAS_DIR}/ErrorCode.yaml`);
  if (!isObject(schema) || !Array.isArray(schema.enum)) throw new DirectiveError(`${OPENAPI_DIR}/${SCHEMAS_DIR}/ErrorCode.yaml has no enum`);
  const rows = new Map(tableRows(String(schema.description ?? '')).map(([code, status, meaning]) => [code.replace(/`/g, ''), {status, meaning}]));
  return new Map(schema.enum.map((code) => [String(code), rows.get(String(code)) ?? {status: '', meaning: ''}]));
}

function statuses(siteDir: string): SpecFacts['statuses'] {
  const dir = path.join(siteDir, OPENAPI_DIR, SCHEMAS_DIR);
  const out = new Map<string, string[]>();
  for (const f of fs.readdirSync(dir).filter((n) => /Status\.yaml$/.test(n)).sort()) {
    const schema = readSpecFile(siteDir, `${SCHEMAS_DIR}/${f}`);
    if (isObject(schema) && Array.isArray(schema.enum)) out.set(f.replace(/\.yaml$/, ''), schema.enum.map(String));
  }
  return out;
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
      const {value: item, file} = resolvePointer(siteDir, rootFile, itemPointer);
      if (!isObject(item)) continue;
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!isObject(op)) continue;
        const at = (p: string) => resolvePointer(siteDir, rootFile, `${itemPointer}/${method}${p}`).value;
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
          errors: [...codes].filter((c) => named.has(c)),
          sandboxOnly: op['x-sandbox-only'] === true,
          file: `${OPENAPI_DIR}/${file}`,
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
    const op = isObject(item) ? HTTP_METHODS.map((m) => item[m]).find(isObject) : undefined;
    const slug = op?.['x-doc-slug'];
    if (typeof slug !== 'string') throw new DirectiveError(`${OPENAPI_DIR}/${file}: the event ${type} has no x-doc-slug`);
    return {type, route: `/docs${slug}`, description: typeof op?.description === 'string' ? op.description : '', file: `${OPENAPI_DIR}/${file}`};
  });
}

/** The facts of the spec in `siteDir` (the files are parsed once per process: remark-spec-tables.ts). */
export function specFacts(siteDir: string): SpecFacts {
  const codes = errorCodes(siteDir);
  const operations = operationFacts(siteDir, new Set(codes.keys()));
  return {
    operations,
    events: fs.existsSync(path.join(siteDir, OPENAPI_DIR, WEBHOOKS_ROOT)) ? eventFacts(siteDir) : [],
    statuses: statuses(siteDir),
    errorCodes: codes,
    scopes: [...new Set(operations.flatMap((o) => o.scopes))].sort(),
  };
}
