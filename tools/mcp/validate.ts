/**
 * Checks a request, or a webhook event's payload, against the operation it goes to: every path, query and header
 * parameter and the body, with Ajv (JSON Schema 2020-12, as OpenAPI 3.1) through tools/spec/spec-lookup.ts. Each problem
 * comes with where it is (`in`) and its JSON pointer there; a missing required property or a property the schema
 * does not allow is pointed at by its own name.
 */
import type {ErrorObject} from 'ajv/dist/2020';
import {escapeToken} from '../openapi/pointer';
import type {UnknownObject} from '../openapi/json';
import {resolveRef, specSchemaErrors} from '../spec/spec-lookup';
import type {FoundOperation, OperationEntry} from './spec-index';

export type RequestPart = 'path' | 'query' | 'header' | 'cookie' | 'body';

export interface RequestProblem {
  in: RequestPart;
  /** JSON pointer into that part: `/amount/value` in the body, `/limit` for the query parameter `limit`. */
  pointer: string;
  message: string;
  /** The JSON Schema keyword that failed (`required`, `pattern`, `enum`, ...). */
  keyword: string;
}

export interface ValidationResult {
  valid: boolean;
  /** `POST /accounts/{account_id}/bank-accounts`, or `webhook account.created`. */
  operation: string;
  operationId?: string;
  errors: RequestProblem[];
  /** What is not an error but probably a mistake (a query parameter the operation does not document). */
  warnings: string[];
}

export interface RequestInput {
  pathParams?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  body?: unknown;
  contentType?: string;
}

function problems(part: RequestPart, prefix: string, errors: ErrorObject[]): RequestProblem[] {
  return errors.map((e) => {
    const params = e.params as {missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string; allowedValues?: unknown[]};
    const child = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
    const allowed = e.keyword === 'enum' && params.allowedValues ? `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}` : '';
    const named = child === undefined ? '' : e.keyword === 'required' ? '' : ` (${child})`;
    return {
      in: part,
      pointer: `${prefix}${e.instancePath}${child === undefined ? '' : `/${escapeToken(child)}`}`,
      message: `${e.message ?? e.keyword}${allowed}${named}`,
      keyword: e.keyword,
    };
  });
}

export class RequestValidator {
  private readonly checkers = new Map<UnknownObject, {body: ReturnType<typeof specSchemaErrors>; params: ReturnType<typeof specSchemaErrors>}>();

  private checkersFor(spec: UnknownObject) {
    let found = this.checkers.get(spec);
    if (!found) {
      // Parameters arrive as text (`?limit=10`): read them as the types their schemas declare.
      found = {body: specSchemaErrors(spec), params: specSchemaErrors(spec, {coerceTypes: true})};
      this.checkers.set(spec, found);
    }
    return found;
  }

  /** `requireHeaders: false` checks the headers given but does not ask for missing ones (a payload checked on its own). */
  validate({entry, pathParams: fromPath, query: fromQuery}: FoundOperation, input: RequestInput, {requireHeaders = true} = {}): ValidationResult {
    const {spec} = entry;
    const check = this.checkersFor(spec);
    const errors: RequestProblem[] = [];
    const warnings: string[] = [];
    const given: Record<'path' | 'query' | 'header' | 'cookie', Record<string, unknown>> = {
      path: {...fromPath, ...input.pathParams},
      query: {...fromQuery, ...input.query},
      header: Object.fromEntries(Object.entries(input.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])),
      cookie: {},
    };
    const documented = new Set<string>();
    for (const {parameter: resolved, target: pointer} of entry.parameters) {
      const part = resolved.in as 'path' | 'query' | 'header' | 'cookie';
      const name = String(resolved.name);
      const key = part === 'header' ? name.toLowerCase() : name;
      documented.add(`${part}:${key}`);
      const value = given[part]?.[key];
      if (value === undefined) {
        if (resolved.required && (part !== 'header' || requireHeaders)) {
          errors.push({in: part, pointer: `/${escapeToken(name)}`, message: `required ${part} parameter "${name}" is missing`, keyword: 'required'});
        }
        continue;
      }
      if (resolved.schema) errors.push(...problems(part, `/${escapeToken(name)}`, check.params(`${pointer}/schema`, value)));
    }
    for (const part of ['path', 'query'] as const) {
      for (const name of Object.keys(given[part])) {
        if (!documented.has(`${part}:${name}`)) warnings.push(`${part} parameter "${name}" is not a parameter of this operation`);
      }
    }

    let body = input.body;
    const requestBody = entry.operation.requestBody ? resolveRef(spec, `${entry.pointer}/requestBody`) : undefined;
    if (!requestBody) {
      if (body !== undefined) errors.push({in: 'body', pointer: '', message: 'this operation takes no request body', keyword: 'requestBody'});
    } else {
      const types = Object.keys((requestBody.node.content ?? {}) as UnknownObject);
      const type = input.contentType ?? types.find((t) => t === 'application/json') ?? types[0];
      if (typeof body === 'string' && /^\s*[[{]/.test(body) && /json/.test(type)) {
        try {
          body = JSON.parse(body);
          warnings.push('the body was given as a JSON string; its parsed value was checked');
        } catch {
          // Not JSON after all: checked as the string it is.
        }
      }
      if (!types.includes(type)) {
        errors.push({
          in: 'body',
          pointer: '',
          message: `content type ${type} is not accepted; the operation accepts ${types.join(', ')}`,
          keyword: 'contentType',
        });
      } else if (body === undefined) {
        if (requestBody.node.required) errors.push({in: 'body', pointer: '', message: 'the request body is required', keyword: 'required'});
      } else {
        errors.push(...problems('body', '', check.body(`${requestBody.pointer}/content/${escapeToken(type)}/schema`, body)));
      }
    }
    const unique = [...new Map(errors.map((e) => [`${e.in} ${e.pointer} ${e.message}`, e])).values()];
    return {
      valid: unique.length === 0,
      operation: entry.kind === 'webhook' ? `webhook ${entry.event}` : `${entry.method.toUpperCase()} ${entry.path}`,
      operationId: entry.operationId,
      errors: unique,
      warnings,
    };
  }

  /** A webhook event's payload (and its delivery headers, when given); the payload's `type` must be the event's. */
  validateWebhook(entry: OperationEntry, payload: unknown, headers?: Record<string, unknown>): ValidationResult {
    const result = this.validate({entry, pathParams: {}, query: {}}, {body: payload, headers}, {requireHeaders: headers !== undefined});
    const type = (payload as UnknownObject | null)?.type;
    if (typeof type === 'string' && type !== entry.event && !result.errors.some((e) => e.in === 'body' && e.pointer === '/type')) {
      result.errors.push({in: 'body', pointer: '/type', message: `is "${type}", but this is the "${entry.event}" event`, keyword: 'const'});
      result.valid = false;
    }
    return result;
  }
}
