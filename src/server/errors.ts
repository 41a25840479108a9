/**
 * The one error type of the domain. `code` decides the HTTP/tRPC status, `userMessage` is what the person sees
 * (a spec message or an i18n key the client translates), `message` is for the logs only.
 */
export type AppErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'BAD_GATEWAY'
  /** No room left to store what was sent (a full disk); only HTTP routes answer it (507), tRPC as an internal error. */
  | 'INSUFFICIENT_STORAGE';

export const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  INSUFFICIENT_STORAGE: 507,
};

/** tRPC has no code for a full disk: a procedure's AppError with it goes out as an internal error (its message kept). */
export type TrpcErrorCode = Exclude<AppErrorCode, 'INSUFFICIENT_STORAGE'> | 'INTERNAL_SERVER_ERROR';

export function trpcCodeOf(code: AppErrorCode): TrpcErrorCode {
  return code === 'INSUFFICIENT_STORAGE' ? 'INTERNAL_SERVER_ERROR' : code;
}

export class AppError extends Error {
  override name = 'AppError';
  readonly code: AppErrorCode;
  readonly userMessage: string;
  /** Key in the client's `errors` namespace; the client shows its translation, falling back to userMessage. */
  readonly messageKey: string | undefined;
  readonly messageParams: Record<string, string | number> | undefined;

  constructor(options: {
    code: AppErrorCode;
    userMessage: string;
    messageKey?: string;
    messageParams?: Record<string, string | number>;
    message?: string;
    cause?: unknown;
  }) {
    super(options.message ?? options.userMessage, { cause: options.cause });
    this.code = options.code;
    this.userMessage = options.userMessage;
    this.messageKey = options.messageKey;
    this.messageParams = options.messageParams;
  }
}

/** A request that needs a signed-in user came without a session (every procedure and route says it the same way). */
export const signedOut = () => new AppError({ code: 'UNAUTHORIZED', userMessage: 'You must be signed in.', messageKey: 'signedOut' });
