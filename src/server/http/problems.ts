import { DomainError, type ErrorCode } from '../../domain/errors';
import { camelToSnake } from '../../contracts/case';

// Stable error codes become HTTP in one place (architecture decision 7, style §6).

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BRANCH_HEADER_MISSING: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  UNSUPPORTED_CONTENT_ENCODING: 415,
  BODY_NOT_DECODABLE: 400,
  BASKET_NOT_FOUND: 404,
  BASKET_ITEM_NOT_FOUND: 404,
  BASKET_INVALID: 400,
  PRODUCT_VARIANT_NOT_FOUND: 404,
  OUT_OF_STOCK: 409,
  WEEK_UNAVAILABLE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  RATE_LIMITED: 429,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  INVALID_EMAIL: 400,
  EMAIL_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_CONFIRMED: 403,
  CURRENT_PASSWORD_INCORRECT: 400,
  TOKEN_INVALID: 400,
  SOCIAL_SIGN_IN_FAILED: 401,
  ADDRESS_NOT_FOUND: 404,
  CUSTOMER_NOT_FOUND: 404,
  VOUCHER_INVALID: 400,
  VOUCHER_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  ORDER_INVALID: 400,
  ALREADY_PAID: 409,
  PAYMENT_NOT_FOUND: 404,
  PAYMENT_METHOD_NOT_FOUND: 404,
  PAYMENT_METHOD_IN_USE: 409,
  PAYMENT_DECLINED: 402,
  PAYMENT_PROCESSOR_ERROR: 502,
  // A saved card the processor no longer has (issue 19): choose another or add it again.
  PAYMENT_METHOD_UNAVAILABLE: 409,
  DELIVERY_DATE_UNAVAILABLE: 400,
  POSTCODE_INVALID: 400,
  POSTCODE_NOT_FOUND: 404,
  OUTSIDE_DELIVERY_AREA: 400,
  SUBSCRIPTION_NOT_FOUND: 404,
  BASKET_EMPTY: 400,
  WEEK_BELOW_MINIMUM: 400,
  BASKET_BELOW_MINIMUM: 400,
  ADDRESS_LOOKUP_UNAVAILABLE: 503,
  RESTAURANT_NOT_FOUND: 404,
  // A takeaway order's refusals are 400s: spec §8 shows a 400's message, and "Failed while trying to create
  // order" for anything else.
  RESTAURANT_CLOSED: 400,
  SLOT_UNAVAILABLE: 400,
  SLOT_TOO_FAR_AHEAD: 400,
  PRODUCT_UNAVAILABLE: 400,
  ALLERGENS_NOT_CONFIRMED: 400,
  ALLERGENS_NOT_ACKNOWLEDGED: 409,
  // Dine-in (decision 28): placing refusals are 400s like a takeaway's (spec §8: a 400's body is shown).
  TABLE_NOT_FOUND: 400,
  EAT_IN_CLOSED: 400,
  TAB_NOT_FOUND: 404,
  TAB_CLOSED: 409,
  TAB_LIMIT_INVALID: 400,
  // A round past the held limit, or a tip the hold cannot cover: raise the limit first (meta.needs).
  TAB_LIMIT_REACHED: 409,
  TIP_INVALID: 400,
  SPLIT_INVALID: 400,
  PART_NOT_FOUND: 404,
  // A part someone else is paying, or already paid.
  PART_UNAVAILABLE: 409,
  // Events (decision 29): booking refusals are 400s like an order's (spec §8: a 400's body is shown).
  EVENT_NOT_FOUND: 404,
  EVENT_SLOT_NOT_FOUND: 404,
  EVENT_GUESTS_INVALID: 400,
  EVENT_SLOT_CLOSED: 400,
  EVENT_SLOT_FULL: 400,
  EVENT_UPGRADE_INVALID: 400,
  BOOKING_NOT_FOUND: 404,
  // A change after the last moment the refund scale allows, or one the booking's state refuses.
  BOOKING_CHANGE_CLOSED: 409,
  // A change confirmed against a quote it would no longer keep (the refund terms moved on): quote it again.
  QUOTE_CHANGED: 409,
  // Every seat has answered, or the event has started.
  GUEST_FORM_CLOSED: 409,
  // After the order (decision 30): rating or feedback on what did not reach the customer yet, or twice.
  NOT_RECEIVED: 409,
  RATING_NOT_FOUND: 404,
  ALREADY_RATED: 409,
  // A rating past the while it may be changed.
  RATING_CLOSED: 409,
  FEEDBACK_ALREADY_GIVEN: 409,
  REFERRAL_NOT_FOUND: 404,
  // A referral link that does not apply (one's own, an existing customer, the same household): said why.
  REFERRAL_NOT_ELIGIBLE: 400,
  TICKET_NOT_FOUND: 404,
  TICKET_CLOSED: 409,
  EXPERIMENT_NOT_FOUND: 404,
  DISH_NOT_FOUND: 404,
  DISH_ALLERGENS_UNDECLARED: 400,
  PRICE_BELOW_ZERO: 400,
  SKU_TAKEN: 409,
  MENU_WEEK_CLOSED: 409,
  MENU_WEEK_EMPTY: 400,
  PICTURE_NOT_AN_IMAGE: 400,
  // The database is gone, starting or cannot write: the same request may work in a few seconds (decision 26).
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface WireError {
  status: string;
  code: ErrorCode;
  detail: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

/** The error document, already in wire (snake_case) form. */
export function errorBody(errors: WireError[], requestId: string) {
  return { errors, meta: { request_id: requestId } };
}

export function domainErrorToWire(error: DomainError): WireError {
  return {
    status: String(STATUS_BY_CODE[error.code]),
    code: error.code,
    detail: error.message,
    ...(error.details ? { meta: snakeRecord(error.details) } : {}),
  };
}

function snakeRecord(record: Readonly<Record<string, unknown>>) {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [camelToSnake(key), value]));
}

/** An answer made of several errors at once (a basket with three problems): sent as they are. */
export class ErrorResponse extends Error {
  override name = 'ErrorResponse';
  constructor(
    readonly status: number,
    readonly errors: WireError[],
  ) {
    super(errors.map((error) => error.detail).join('; '));
  }
}

export const notFound = (code: ErrorCode, message: string) => new DomainError(code, message);
