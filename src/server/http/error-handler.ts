import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { camelToSnake } from '../../contracts/case';
import { DomainError, FieldErrors, Problems } from '../../domain/errors';
import { describeDatabaseError, isDatabaseUnavailable } from '../db/availability';
import { domainErrorToWire, errorBody, ErrorResponse, STATUS_BY_CODE, type WireError } from './problems';
import { ownMessage, RequestValidationError } from './zod-compilers';
import { REQUEST_CODINGS } from './request-encoding';
import { noErrorReporter, type ErrorReporter } from '../observability/error-reporting';

// One error handler (architecture decision 7): domain errors and request problems become the error
// document with stable codes; anything else is a 500 that names the request id and nothing internal.

const FASTIFY_CODES: Record<string, { code: keyof typeof STATUS_BY_CODE; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', detail: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    detail: 'The request body is empty but says it is JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    detail: 'Send the request body as application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_FAILED',
    detail: 'The Content-Length does not match the body',
  },
  // Raised by the router before any route runs (see `frameworkErrors` in app.ts); never echo the URL.
  FST_ERR_BAD_URL: { code: 'VALIDATION_FAILED', detail: 'The URL is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', detail: 'A part of the URL is too long' },
  // A request body's Content-Encoding (@fastify/compress decodes it before the body is parsed; issue 19,
  // item 21): a coding we do not read, or a body that does not decode as its header says.
  FST_CP_ERR_INVALID_CONTENT_ENCODING: {
    code: 'UNSUPPORTED_CONTENT_ENCODING',
    detail: `Send the request body uncompressed, or compressed once with ${REQUEST_CODINGS.join(', ')}`,
  },
  FST_CP_ERR_INVALID_CONTENT: {
    code: 'BODY_NOT_DECODABLE',
    detail: 'The request body could not be decoded as its Content-Encoding says: send it uncompressed',
  },
};

/** A lost, starting or full database (decision 26): try again in this many seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
const DATABASE_UNAVAILABLE = 'The shop is briefly unavailable. Please try again in a few seconds.';

/** An error as the wire sees it; `refused` names the framework's reason for a request refused before any route ran. */
export interface WireErrors {
  status: number;
  errors: WireError[];
  refused?: string;
}

export function toWireErrors(error: unknown): WireErrors | null {
  if (error instanceof ErrorResponse) return { status: error.status, errors: error.errors };
  if (error instanceof FieldErrors) {
    return {
      status: 400,
      errors: error.fields.map(({ field, message }) => ({
        status: '400',
        code: 'VALIDATION_FAILED',
        detail: ownMessage(camelToSnake(field), message),
        source: { pointer: `/${camelToSnake(field)}` },
      })),
    };
  }
  if (error instanceof Problems) {
    return {
      status: 400,
      errors: error.problems.map(({ code, detail, meta }) => ({
        status: '400',
        code,
        detail,
        ...(meta ? { meta } : {}),
      })),
    };
  }
  if (error instanceof DomainError) {
    return { status: STATUS_BY_CODE[error.code], errors: [domainErrorToWire(error)] };
  }
  const fastifyError = error as Partial<FastifyError> & { validation?: unknown; cause?: unknown };
  const validation =
    error instanceof RequestValidationError
      ? error
      : fastifyError.cause instanceof RequestValidationError
        ? fastifyError.cause
        : null;
  if (validation) {
    return {
      status: 400,
      errors: validation.issues.map((issue) => ({
        status: '400',
        code: 'VALIDATION_FAILED',
        detail: issue.detail,
        source:
          validation.part === 'body'
            ? { pointer: issue.pointer }
            : { parameter: issue.pointer.replace(/^\//, '') || validation.part },
      })),
    };
  }
  const known = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (known) {
    const status = STATUS_BY_CODE[known.code];
    return {
      status,
      errors: [{ status: String(status), code: known.code, detail: known.detail }],
      refused: fastifyError.code,
    };
  }
  if (fastifyError.statusCode === 429) {
    return {
      status: 429,
      errors: [
        {
          status: '429',
          code: 'RATE_LIMITED',
          detail: 'Too many requests. Please wait a moment and try again.',
        },
      ],
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      errors: [{ status: '503', code: 'DATABASE_UNAVAILABLE', detail: DATABASE_UNAVAILABLE }],
    };
  }
  return null;
}

export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  /** Where an unexpected error (the 500) is reported, with the request id (observability/error-reporting.ts). */
  reporter: ErrorReporter = noErrorReporter,
) {
  const known = toWireErrors(error);
  if (known) {
    const databaseLost = known.errors[0]?.code === 'DATABASE_UNAVAILABLE';
    // The database's own words (never the statement or its values); the outage, not this request, is the fault.
    if (databaseLost) request.log.warn({ cause: describeDatabaseError(error) }, 'database unavailable');
    else if (known.status >= 500) request.log.error({ err: error }, 'request failed');
    // The client's mistake, said once at info with its reason and code: no stack, nothing it sent.
    else if (known.refused)
      request.log.info({ reason: known.refused, code: known.errors[0]!.code }, 'request refused');
    if (known.errors[0]!.code === 'UNSUPPORTED_CONTENT_ENCODING') {
      // RFC 9110 §12.5.3: a 415 for a content coding names the codings that would have been read.
      reply.header('accept-encoding', REQUEST_CODINGS.join(', '));
    }
    const retryAfter = error instanceof DomainError ? error.details?.retryAfter : undefined;
    if (known.status === 429 && typeof retryAfter === 'number')
      reply.header('retry-after', String(retryAfter));
    if (databaseLost) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return reply.status(known.status).type('application/json').send(errorBody(known.errors, request.id));
  }
  request.log.error({ err: error }, 'unexpected error');
  reporter.report(error, { requestId: request.id, method: request.method, route: request.routeOptions.url });
  return reply
    .status(500)
    .type('application/json')
    .send(
      errorBody(
        [
          {
            status: '500',
            code: 'INTERNAL',
            detail: `Something went wrong on our side. If it keeps happening, quote reference ${request.id}.`,
          },
        ],
        request.id,
      ),
    );
}

export function registerErrorHandling(app: FastifyInstance, reporter: ErrorReporter = noErrorReporter): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, reporter));
}

/** Fastify's `frameworkErrors`: a malformed or over-long URL gets the same error document as the rest. */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  reporter: ErrorReporter = noErrorReporter,
) {
  reply.header('x-request-id', request.id);
  return sendError(error, request, reply, reporter);
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .status(404)
    .type('application/json')
    .send(
      errorBody(
        [
          {
            status: '404',
            code: 'ROUTE_NOT_FOUND',
            detail: `There is no ${request.method} ${request.url.split('?')[0]}`,
          },
        ],
        request.id,
      ),
    );
}
