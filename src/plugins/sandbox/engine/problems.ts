/**
 * The sandbox's errors: RFC 9457 problems shaped as openapi/components/schemas/Problem.yaml, with the `code` and
 * status of openapi/components/schemas/ErrorCode.yaml. Domain code throws a ProblemError; the request pipeline
 * (index.ts) writes it, after checking that the operation documents the status.
 */

/** The FieldError.yaml codes of a `validation_failed` problem. */
export type FieldErrorCode = 'required' | 'invalid_format' | 'out_of_range' | 'unsupported_value' | 'too_long';

export interface FieldError {
  field: string;
  code: FieldErrorCode;
  message: string;
}

/** Each ErrorCode.yaml code the sandbox sends, with its status and title (the title never changes between occurrences). */
export const ERROR_CODES = {
  invalid_request: [400, 'Invalid request'],
  validation_failed: [400, 'Validation failed'],
  unauthenticated: [401, 'Unauthenticated'],
  forbidden: [403, 'Forbidden'],
  insufficient_scope: [403, 'Insufficient scope'],
  kyc_required: [403, 'KYC required'],
  account_suspended: [403, 'Account suspended'],
  resource_not_found: [404, 'Resource not found'],
  idempotency_key_reused: [409, 'Idempotency key reused'],
  idempotency_key_in_use: [409, 'Idempotency key in use'],
  resource_conflict: [409, 'Resource conflict'],
  duplicate_resource: [409, 'Duplicate resource'],
  quote_expired: [409, 'Quote expired'],
  quote_already_executed: [409, 'Quote already executed'],
  balance_not_zero: [409, 'Balance not zero'],
  insufficient_funds: [422, 'Insufficient funds'],
  amount_below_minimum: [422, 'Amount below minimum'],
  amount_above_limit: [422, 'Amount above limit'],
  invalid_address: [422, 'Invalid address'],
  unsupported_asset: [422, 'Unsupported asset'],
  rate_limited: [429, 'Rate limited'],
  internal_error: [500, 'Internal error'],
  service_unavailable: [503, 'Service unavailable'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** A problem the domain raises; the pipeline adds `type`, `title`, `instance` and `request_id`. */
export class ProblemError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(`${code}: ${detail}`);
  }

  get status(): number {
    return ERROR_CODES[this.code][0];
  }

  /** `400 validation_failed` naming one field. */
  static validation(field: string, code: FieldErrorCode, message: string): ProblemError {
    return new ProblemError('validation_failed', message, [{field, code, message}]);
  }

  static notFound(what: string, id: string): ProblemError {
    return new ProblemError('resource_not_found', `No ${what} ${id} exists for this API key.`);
  }
}

/** The problem+json body of `problem` for the request `instance` (its path under /v1). */
export function problemBody(problem: ProblemError, instance: string, requestId: string): Record<string, unknown> {
  const [status, title] = ERROR_CODES[problem.code];
  return {
    type: `https://docs.novaramp.example/docs/api/error-handling#${problem.code}`,
    title,
    status,
    code: problem.code,
    detail: problem.detail.slice(0, 1000),
    instance: `/v1${instance}`.slice(0, 2048),
    request_id: requestId,
    ...(problem.errors ? {errors: problem.errors.slice(0, 100)} : {}),
  };
}
