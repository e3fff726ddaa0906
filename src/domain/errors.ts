// Domain errors are values with a stable code (architecture decision 7). Services throw DomainError for
// expected failures; one HTTP error handler maps the code to a status and the spec's message.
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'INVALID_JSON'
  | 'PAYLOAD_TOO_LARGE'
  | 'URI_TOO_LONG'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'BRANCH_HEADER_MISSING'
  | 'NOT_FOUND'
  | 'ROUTE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'BASKET_NOT_FOUND'
  | 'BASKET_ITEM_NOT_FOUND'
  | 'BASKET_INVALID'
  | 'PRODUCT_VARIANT_NOT_FOUND'
  | 'OUT_OF_STOCK'
  | 'WEEK_UNAVAILABLE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'RATE_LIMITED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'CONFLICT'
  | 'INTERNAL';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
