// Domain errors are values with a stable code (architecture decision 7). Services throw DomainError for
// expected failures; one HTTP error handler maps the code to a status and the spec's message. The list is
// data so that the contracts (src/contracts/errors.ts) and the web app know the same codes.
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'BRANCH_HEADER_MISSING',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'UNSUPPORTED_CONTENT_ENCODING',
  'BODY_NOT_DECODABLE',
  'BASKET_NOT_FOUND',
  'BASKET_ITEM_NOT_FOUND',
  'BASKET_INVALID',
  'PRODUCT_VARIANT_NOT_FOUND',
  'OUT_OF_STOCK',
  'WEEK_UNAVAILABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'INVALID_EMAIL',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_CONFIRMED',
  'CURRENT_PASSWORD_INCORRECT',
  'TOKEN_INVALID',
  'SOCIAL_SIGN_IN_FAILED',
  'ADDRESS_NOT_FOUND',
  'CUSTOMER_NOT_FOUND',
  'VOUCHER_INVALID',
  'VOUCHER_NOT_FOUND',
  'ORDER_NOT_FOUND',
  'ORDER_INVALID',
  'ALREADY_PAID',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_METHOD_NOT_FOUND',
  'PAYMENT_METHOD_IN_USE',
  'PAYMENT_DECLINED',
  'PAYMENT_PROCESSOR_ERROR',
  'PAYMENT_METHOD_UNAVAILABLE',
  'DELIVERY_DATE_UNAVAILABLE',
  'POSTCODE_INVALID',
  'POSTCODE_NOT_FOUND',
  'OUTSIDE_DELIVERY_AREA',
  'SUBSCRIPTION_NOT_FOUND',
  'BASKET_EMPTY',
  'WEEK_BELOW_MINIMUM',
  'BASKET_BELOW_MINIMUM',
  'ADDRESS_LOOKUP_UNAVAILABLE',
  'RESTAURANT_NOT_FOUND',
  'RESTAURANT_CLOSED',
  'SLOT_UNAVAILABLE',
  'SLOT_TOO_FAR_AHEAD',
  'PRODUCT_UNAVAILABLE',
  'ALLERGENS_NOT_CONFIRMED',
  'ALLERGENS_NOT_ACKNOWLEDGED',
  'TABLE_NOT_FOUND',
  'EAT_IN_CLOSED',
  'TAB_NOT_FOUND',
  'TAB_CLOSED',
  'TAB_LIMIT_INVALID',
  'TAB_LIMIT_REACHED',
  'TIP_INVALID',
  'SPLIT_INVALID',
  'PART_NOT_FOUND',
  'PART_UNAVAILABLE',
  'EVENT_NOT_FOUND',
  'EVENT_SLOT_NOT_FOUND',
  'EVENT_GUESTS_INVALID',
  'EVENT_SLOT_CLOSED',
  'EVENT_SLOT_FULL',
  'EVENT_UPGRADE_INVALID',
  'BOOKING_NOT_FOUND',
  'BOOKING_CHANGE_CLOSED',
  'QUOTE_CHANGED',
  'GUEST_FORM_CLOSED',
  'NOT_RECEIVED',
  'RATING_NOT_FOUND',
  'ALREADY_RATED',
  'RATING_CLOSED',
  'FEEDBACK_ALREADY_GIVEN',
  'REFERRAL_NOT_FOUND',
  'REFERRAL_NOT_ELIGIBLE',
  'TICKET_NOT_FOUND',
  'TICKET_CLOSED',
  'EXPERIMENT_NOT_FOUND',
  // The back office's catalogue (issue 25 part 2).
  'DISH_NOT_FOUND',
  'DISH_ALLERGENS_UNDECLARED',
  'PRICE_BELOW_ZERO',
  'SKU_TAKEN',
  'MENU_WEEK_CLOSED',
  'MENU_WEEK_EMPTY',
  'PICTURE_NOT_AN_IMAGE',
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;

/** Every code the shop's errors can carry (the contracts' error document lists the same). */
export type ErrorCode = (typeof ERROR_CODES)[number];

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

/**
 * Several fields wrong at once (an address with a bad postcode and a bad phone): one error per field on the
 * wire, each pointing at its field. `field` is the field's name as the domain knows it (camelCase).
 */
export class FieldErrors extends DomainError {
  constructor(readonly fields: readonly { field: string; message: string }[]) {
    super('VALIDATION_FAILED', fields.map((field) => field.message).join('; '));
    this.name = 'FieldErrors';
  }
}

/** One of several things in the way at once, as the wire shows it (`meta` is sent as it is). */
export interface Problem {
  code: ErrorCode;
  detail: string;
  meta?: Readonly<Record<string, unknown>>;
}

/**
 * Several things in the way of a request at once (a takeaway basket with no slot and a closed dish): one
 * error each on the wire, all with status 400. A service throws it; the HTTP edge writes it.
 */
export class Problems extends DomainError {
  constructor(readonly problems: readonly Problem[]) {
    super(problems[0]?.code ?? 'VALIDATION_FAILED', problems.map((problem) => problem.detail).join('; '));
    this.name = 'Problems';
  }
}
