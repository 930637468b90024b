/**
 * What the engine knows of the bundled spec: openapi-backend routes a request to its operation and validates its
 * parameters, headers and body against the operation (see the feature README for why openapi-backend); this module
 * turns its Ajv errors into FieldErrors that name the field, lists what each operation documents (statuses, rate
 * limit, scopes, idempotency), hands out the operation's response examples, and checks each response against the
 * operation's schema for its status and media type (the conformance hook).
 */
import {OpenAPIBackend, type Document, type Operation} from 'openapi-backend';
import Ajv, {type ErrorObject, type ValidateFunction} from 'ajv';
import addFormats from 'ajv-formats';
import {ProblemError, type FieldError, type FieldErrorCode} from './problems';

/** What the engine reads of one operation of the spec. */
export interface OperationInfo {
  operationId: string;
  /** The statuses the operation documents: nothing else is ever sent. */
  statuses: Set<number>;
  /** The `x-rate-limit` it counts against (`default` when it names none). */
  rateLimit: string;
  /**
   * Its security requirements: the scopes each alternative needs (`[['accounts:read']]`). A key may call the operation
   * when it holds every scope of one alternative; an empty list (no requirement) lets every key call it.
   */
  scopes: string[][];
  sandboxOnly: boolean;
  /** Whether it takes a required `Idempotency-Key` header. */
  idempotent: boolean;
  /** The query parameters it declares; any other fails with `400 invalid_request`. */
  queryNames: Set<string>;
  /** The `default` of each query parameter that declares one (a list's `sort` and `limit`), as the query would spell it. */
  queryDefaults: Record<string, string>;
}

/**
 * The scope alternatives of an operation's security requirement (`[['accounts:read']]`), else of the document's
 * (OpenAPI: `security` at the root is the default; an operation's own list, even empty, replaces it).
 */
export function requiredScopes(operationSecurity: unknown, documentSecurity: unknown): string[][] {
  const security = Array.isArray(operationSecurity) ? operationSecurity : Array.isArray(documentSecurity) ? documentSecurity : [];
  return (security as Record<string, string[]>[]).map((requirement) => Object.values(requirement).flat());
}

export interface RequestToValidate {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: unknown;
}

const ajvOptions = {strict: false, allErrors: true};
/** Request errors also carry the failing schema and data (`verbose`), so that a `oneOf` can name its fields. */
const requestAjvOptions = {...ajvOptions, verbose: true};

/** The field an Ajv error is about, as the request spells it (`amount.value`, `Idempotency-Key`, `limit`); `body` for the body as a whole. */
function fieldOf(error: ErrorObject): string {
  const [, where, ...rest] = error.instancePath.split('/');
  const missing = typeof error.params.missingProperty === 'string' ? [error.params.missingProperty] : [];
  const extra = typeof error.params.additionalProperty === 'string' ? [error.params.additionalProperty] : [];
  const field = [...rest, ...missing, ...extra].join('.');
  if (!field) return where === 'requestBody' || !where ? 'body' : where;
  // Headers are matched lower-cased; name the one the docs name.
  return where === 'header' ? field.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase()) : field;
}

const CODE_OF_KEYWORD: Record<string, FieldErrorCode> = {
  required: 'required',
  maxLength: 'too_long',
  minimum: 'out_of_range',
  maximum: 'out_of_range',
  exclusiveMinimum: 'out_of_range',
  exclusiveMaximum: 'out_of_range',
  minItems: 'out_of_range',
  maxItems: 'out_of_range',
  minLength: 'out_of_range',
  enum: 'unsupported_value',
  const: 'unsupported_value',
  additionalProperties: 'unsupported_value',
};

/**
 * An Ajv error as FieldErrors. A `oneOf` of `required` branches (exactly one of `sell_amount` and `buy_amount`) names
 * the fields sent together; when none was sent the branches' own `required` errors name them, so it adds nothing.
 */
function fieldErrorsOf(error: ErrorObject, all: ErrorObject[]): FieldError[] {
  if (error.keyword === 'oneOf') {
    const branches = ((error.parentSchema as {oneOf?: {required?: string[]}[]} | undefined)?.oneOf ?? []).map((b) => b.required ?? []);
    const alternatives = branches.flat();
    const sentTogether = Array.isArray(error.params.passingSchemas)
      ? alternatives.filter((f) => (error.data as Record<string, unknown>)?.[f] !== undefined)
      : [];
    const message = `Send exactly one of ${alternatives.join(' and ')}.`;
    if (sentTogether.length) return sentTogether.slice(1).map((field) => ({field, code: 'unsupported_value', message}));
    if (all.some((e) => e !== error && e.instancePath === error.instancePath && e.keyword === 'required')) return [];
  }
  const field = fieldOf(error);
  const message =
    error.keyword === 'required'
      ? `${field} is required.`
      : error.keyword === 'additionalProperties'
        ? `${field} is not a field of this request.`
        : `${field} ${error.message ?? 'is invalid'}${error.keyword === 'enum' ? `: ${(error.params.allowedValues as unknown[]).join(', ')}` : ''}.`;
  return [{field, code: CODE_OF_KEYWORD[error.keyword] ?? 'invalid_format', message}];
}

/**
 * openapi-backend 5.21.2 routes the eight methods of OpenAPI 3.1 only (its router picks `get` … `trace` from each path
 * item), so an OpenAPI 3.2 `query` operation would be unknown to it. It is handed over as the `trace` operation of its
 * path item (no NovaRamp path has a TRACE), and a QUERY request is routed and validated as that TRACE; a real TRACE
 * request matches nothing. Returns the copy and the operationIds so moved.
 */
function withQueryAsTrace(document: Record<string, unknown>): {definition: Record<string, unknown>; queryOperations: Set<string>} {
  const definition = structuredClone(document);
  const queryOperations = new Set<string>();
  for (const [path, item] of Object.entries((definition.paths ?? {}) as Record<string, Record<string, {operationId?: string}>>)) {
    if (!item.query) continue;
    if (item.trace) throw new Error(`${path} has both a QUERY and a TRACE operation; the sandbox routes QUERY as TRACE (spec.ts)`);
    item.trace = item.query;
    delete item.query;
    if (item.trace.operationId) queryOperations.add(item.trace.operationId);
  }
  return {definition, queryOperations};
}

/** The method openapi-backend knows a request's method by (see withQueryAsTrace). */
const backendMethod = (method: string): string => (method.toLowerCase() === 'query' ? 'trace' : method.toLowerCase());

export class SpecIndex {
  private readonly backend: OpenAPIBackend;
  /** The operations of the spec's `query` methods, routed as `trace` (withQueryAsTrace). */
  private readonly queryOperations: Set<string>;
  private readonly operations = new Map<string, OperationInfo>();
  private readonly responseAjv = new Ajv(ajvOptions);
  private readonly responseValidators = new Map<string, {body: ValidateFunction | null; headers: {name: string; validate: ValidateFunction}[]}>();

  constructor(readonly document: Record<string, unknown>) {
    addFormats(this.responseAjv);
    const {definition, queryOperations} = withQueryAsTrace(document);
    this.queryOperations = queryOperations;
    this.backend = new OpenAPIBackend({
      definition: definition as unknown as Document,
      quick: true,
      strict: false,
      validate: true,
      ajvOpts: requestAjvOptions,
      customizeAjv: (ajv) => {
        addFormats(ajv);
        return ajv;
      },
    });
  }

  async init(): Promise<void> {
    await this.backend.init();
    for (const operation of this.backend.getOperations()) {
      const op = operation as Operation & {'x-rate-limit'?: string; 'x-sandbox-only'?: boolean};
      if (!op.operationId) continue;
      const parameters = (op.parameters ?? []) as {name: string; in: string; required?: boolean; schema?: {default?: unknown}}[];
      this.operations.set(op.operationId, {
        operationId: op.operationId,
        statuses: new Set(Object.keys(op.responses ?? {}).map(Number)),
        rateLimit: op['x-rate-limit'] ?? 'default',
        scopes: requiredScopes(op.security, this.document.security),
        sandboxOnly: op['x-sandbox-only'] === true,
        idempotent: parameters.some((p) => p.in === 'header' && p.name === 'Idempotency-Key' && p.required),
        queryNames: new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name)),
        queryDefaults: Object.fromEntries(
          parameters.filter((p) => p.in === 'query' && p.schema?.default !== undefined).map((p) => [p.name, String(p.schema!.default)]),
        ),
      });
    }
  }

  /** What the spec says of `operationId`, or undefined when it has no such operation. */
  operation(operationId: string): OperationInfo | undefined {
    return this.operations.get(operationId);
  }

  /** The operation of `method path` and its path parameters, or undefined when the spec has none. */
  match(method: string, path: string): {info: OperationInfo; params: Record<string, string>} | undefined {
    const operation = this.backend.router.matchOperation({method: backendMethod(method), path, headers: {}});
    if (!operation?.operationId) return undefined;
    // A TRACE request never reaches a QUERY operation (withQueryAsTrace).
    if (this.queryOperations.has(operation.operationId) !== (method.toLowerCase() === 'query')) return undefined;
    const {params} = this.backend.router.parseRequest({method: backendMethod(method), path, headers: {}}, operation);
    return {info: this.operations.get(operation.operationId)!, params: params as Record<string, string>};
  }

  /** Throws `400 invalid_request` for an undeclared query parameter, `400 validation_failed` with every invalid field. */
  validateRequest(info: OperationInfo, request: RequestToValidate): void {
    const unknown = Object.keys(request.query).find((name) => !info.queryNames.has(name));
    if (unknown)
      throw new ProblemError('invalid_request', `Unknown query parameter ${unknown}: ${info.operationId} takes ${[...info.queryNames].join(', ') || 'none'}.`);
    const result = this.backend.validator.validateRequest(
      {method: backendMethod(request.method), path: request.path, query: request.query, headers: request.headers, body: request.body},
      info.operationId,
    );
    if (result.valid || !result.errors?.length) return;
    const errors = result.errors.flatMap((e) => fieldErrorsOf(e, result.errors!)).filter((e, i, all) => all.findIndex((o) => o.field === e.field) === i);
    throw new ProblemError('validation_failed', errors.map((e) => e.message).join(' '), errors);
  }

  /**
   * What is wrong with a response of `operationId`: a status it does not document, a declared header missing or
   * invalid (`Request-Id`, `RateLimit-*`, `Retry-After`), or a body that is not the status' schema for its media type.
   * Empty when it conforms.
   */
  responseViolations(operationId: string, response: {status: number; headers: Record<string, string>; body?: unknown}): string[] {
    const {status, headers, body} = response;
    const info = this.operations.get(operationId);
    if (!info?.statuses.has(status)) return [`${operationId} does not document status ${status}`];
    const contentType = headers['Content-Type'];
    const key = `${operationId} ${status} ${contentType ?? ''}`;
    if (!this.responseValidators.has(key)) {
      const declared = (this.backend.getOperation(operationId) as Operation).responses?.[String(status)] as
        {content?: Record<string, {schema?: object; itemSchema?: object}>; headers?: Record<string, {schema: object}>} | undefined;
      const media = contentType ? declared?.content?.[contentType] : undefined;
      // A sequential body (OpenAPI 3.2 `itemSchema`: the event stream) is checked item by item: the engine answers it
      // as the list of its items.
      const schema = media?.schema ?? (media?.itemSchema ? {type: 'array', items: media.itemSchema} : undefined);
      if (contentType && !schema) return [`${operationId} ${status} documents no ${contentType} body`];
      const headerSchemas = Object.entries(declared?.headers ?? {}).map(([name, header]) => ({name, validate: this.responseAjv.compile(header.schema)}));
      this.responseValidators.set(key, {body: schema ? this.responseAjv.compile(schema) : null, headers: headerSchemas});
    }
    const validators = this.responseValidators.get(key)!;
    const problems = validators.headers.flatMap(({name, validate}) => {
      const value = headers[name];
      if (value === undefined) return [`${operationId} ${status}: header ${name} is missing`];
      // Header values are text; an integer header is checked as the number it writes.
      return validate(value) || validate(Number(value)) ? [] : [`${operationId} ${status}: header ${name}: ${value} does not match its schema`];
    });
    if (!validators.body) return body === undefined ? problems : [...problems, `${operationId} ${status} documents no body`];
    if (validators.body(body)) return problems;
    return [...problems, ...(validators.body.errors ?? []).map((e) => `${operationId} ${status}: ${e.instancePath || '/'} ${e.message}`)];
  }

  /**
   * The operation's example response body for `status` (its `example`, or its first `examples` entry), read from the
   * document as given, so that it works before init() (a key is seeded from examples whenever it first shows up).
   */
  example(operationId: string, status: number): Record<string, unknown> {
    type Content = {example?: unknown; examples?: Record<string, {value: unknown}>};
    const operations = Object.values(
      this.document.paths as Record<string, Record<string, {operationId?: string; responses?: Record<string, {content?: Record<string, Content>}>}>>,
    ).flatMap((item) => Object.values(item));
    const content = operations.find((o) => o.operationId === operationId)?.responses?.[String(status)]?.content?.['application/json'];
    const example = content?.example ?? Object.values(content?.examples ?? {})[0]?.value;
    if (!example) throw new Error(`the spec has no ${status} example of ${operationId} (openapi/paths/), which the sandbox seeds from`);
    return structuredClone(example) as Record<string, unknown>;
  }
}
