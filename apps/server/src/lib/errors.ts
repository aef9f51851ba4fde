const statusByCode = {
  bad_request: 400,
  /** RFC 6750 §3.1: a malformed Authorization header. */
  invalid_request: 400,
  validation_failed: 400,
  invalid_token: 400,
  unauthorized: 401,
  forbidden: 403,
  tier_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  contact_on_file: 409,
  invoice_paid: 409,
  invoice_void: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  amount_mismatch: 422,
  refund_too_large: 422,
  audience_empty: 422,
  too_many_requests: 429,
  service_unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

/** The one error type services throw; the error handler turns it into `{ error, message }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = statusByCode[code];
  }
}

/** Errors of the OAuth-style endpoints answer as RFC 6749 §5.2: `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}
