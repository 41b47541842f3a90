// Every failure a client may see is an AppError: a code that fixes the HTTP status and a message key
// that both languages translate. Anything else that escapes a handler is a 500 whose details stay in the log.

const statusByCode = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  range_not_satisfiable: 416,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  unavailable: 503,
  internal: 500,
} as const;

export type AppErrorCode = keyof typeof statusByCode;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly messageKey: string;
  readonly field: string | undefined;
  readonly params: Record<string, string | number> | undefined;
  /** What the client needs to put things right (the changed prices, the lines short of stock), sent as `details`. */
  readonly details: unknown;

  constructor(
    code: AppErrorCode,
    messageKey: string,
    options: { field?: string; params?: Record<string, string | number>; details?: unknown } = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
    this.code = code;
    this.messageKey = messageKey;
    this.field = options.field;
    this.params = options.params;
    this.details = options.details;
  }

  get statusCode(): number {
    return statusByCode[this.code];
  }

  /**
   * Fastify sets the status on an error a validator hands it (`error.statusCode ||= 400`); without a setter
   * that assignment throws. The status follows from the code alone, so the value is ignored.
   */
  set statusCode(_status: number) {}
}

// Checked by shape, not instanceof: the route modules are bundled separately from the server,
// so an AppError thrown by a service may come from another copy of this class.
export function isAppError(error: unknown): error is AppError {
  return error instanceof Error && error.name === 'AppError' && typeof (error as AppError).messageKey === 'string';
}
