// What the logs may hold (issue 8, item 3): no secret, token, password, hash, card data or personal value ever
// reaches a log line. Two layers in the logger itself, so no call site has to remember:
// - errors are serialised from an allow-list: their type, a cleaned message, the stack frames, and the
//   database's codes and names (constraint, table, column). The driver's query parameters, the
//   "Failing row contains (…)"/"Key (email)=(…)" details and any other property an error carries are
//   dropped, and the values PostgreSQL quotes in a message are masked;
// - anything logged under a secret-sounding key (password, token, card number, client secret…) is censored.

/**
 * Query parameters that carry one-time secrets (sign-in links, email confirmations, provider returns, payment
 * pages).
 */
const SECRET_QUERY_KEYS = new Set([
  'token',
  'confirm',
  'code',
  'state',
  'id_token',
  'access_token',
  'client_secret',
  // Stripe's return from a 3-D Secure check or a redirect (decision 20).
  'payment_intent_client_secret',
  'setup_intent_client_secret',
  // An event booking's dietary form link (decision 29): whoever holds it answers for the booking's guests.
  'key',
]);

function decodedKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** Paths whose next segment is a link's key: a takeaway's public tracking page and its API (issue 19). */
const SECRET_PATH_SEGMENT = /(\/takeaway\/track\/|\/tracking\/)[^/?#]+/gi;

/**
 * Sign-in links and provider returns carry one-time secrets in the query, and a tracking link its key in the
 * path: they never reach the logs. Keys are compared decoded, as the query parser reads them ("?%74oken=…"
 * is a token too).
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(SECRET_PATH_SEGMENT, '$1[redacted]');
  if (at === -1) return path;
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals === -1 ? pair : pair.slice(0, equals);
      if (SECRET_QUERY_KEYS.has(decodedKey(key))) return `${key}=[redacted]`;
      // A path to come back to may carry a secret of its own (returnTo=/account?confirm=…, a tracking link).
      const value = equals === -1 ? '' : decodedKey(pair.slice(equals + 1));
      return redactUrl(value) !== value ? `${key}=[redacted]` : pair;
    });
  return `${path}?${pairs.join('&')}`;
}

/** Keys whose values are never logged, at any of the first few levels of a log object. */
export const SECRET_KEYS = [
  'password',
  'currentPassword',
  'current_password',
  'newPassword',
  'passwordHash',
  'password_hash',
  'hash',
  'token',
  'tokenHash',
  'token_hash',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'idToken',
  'id_token',
  'secret',
  'clientSecret',
  'client_secret',
  'apiKey',
  'api_key',
  'privateKey',
  'private_key',
  'authorization',
  'cookie',
  'cardNumber',
  'card_number',
  'cvc',
  'cvv',
  'params',
  'parameters',
  'payload',
] as const;

/** pino `redact` paths: the secret keys at the top level and two levels down, plus the request's headers. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export type SerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  severity?: string;
  constraint?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  cause?: SerializedError;
};

/** Names PostgreSQL gives (never values): safe to log, and what a person needs to find the fault. */
const DATABASE_FIELDS = [
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
] as const;
const MAX_CAUSES = 4;

/**
 * A message with what could be a value taken out: drizzle's "Failed query: …\nparams: …" loses its params,
 * and PostgreSQL's quoted values ('invalid input syntax for type uuid: "…"', 'value "…" is out of range')
 * are masked. Names of relations, columns and constraints, quoted the same way, are kept.
 */
export function cleanMessage(message: string): string {
  const withoutParams = message.replace(/\n\s*params:[\s\S]*$/, '');
  return withoutParams.replace(/(:\s*|\bvalue\s+)"(?:[^"]|"")*"/g, '$1"[redacted]"');
}

function stackFrames(stack: unknown): string[] {
  if (typeof stack !== 'string') return [];
  return stack.split('\n').filter((line) => /^\s+at\s/.test(line));
}

/** pino's `err` serialiser: the allow-listed facts of an error and of its causes. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) {
    // Something thrown that is not an Error (a string, an object): its type only; it could be anything.
    const message = `A non-error value was thrown (${typeof error})`;
    return { type: typeof error, message, stack: message };
  }
  const source = error as Error & Record<string, unknown>;
  // The drivers' errors: pg's DatabaseError, and PGlite's (whose class name is minified).
  const isDatabaseError = typeof source.severity === 'string' && typeof source.code === 'string';
  const type = isDatabaseError
    ? 'DatabaseError'
    : error.constructor?.name && error.constructor.name !== 'Error'
      ? error.constructor.name
      : error.name;
  const message = cleanMessage(String(error.message ?? ''));
  const frames = stackFrames(error.stack);
  const out: SerializedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  if (typeof source.code === 'string' || typeof source.code === 'number') out.code = String(source.code);
  if (typeof source.statusCode === 'number') out.statusCode = source.statusCode;
  for (const field of DATABASE_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' && value !== '') out[field] = value;
  }
  if (source.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(source.cause, depth + 1);
  return out;
}

/**
 * The logger's serialiser for `error` (`err` is always `serializeError`): an error, or any object, by the
 * allow-list above; a string a caller already made safe (the email delivery's one-line description) is kept.
 */
export function logSerializer(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) return serializeError(value);
  return value;
}

/** Where a request's logger keeps its request's id (requestChildLogger). */
const REQUEST_ID = Symbol('request id');

type Bindings = Record<string, unknown>;
interface ChildLogger {
  child(bindings: Bindings, options?: object): ChildLogger;
}

/**
 * Fastify's logger for a request (its `childLoggerFactory`), made cheap. pino runs a child's bindings through
 * the censoring of every secret path above (REDACT_PATHS): about 13 µs a request, logged or not. The request's
 * id is kept on the child instead, and put on each of its lines as the line is written (requestIdMixin), so
 * every line a request logs still names it.
 */
export function requestChildLogger<L extends ChildLogger>(logger: L, bindings: Bindings, options: object): L {
  const { reqId, ...others } = bindings;
  // pino's quick child is made without options; a route's own log level or serialisers still get theirs.
  const child = logger.child(others, Object.keys(options).length > 0 ? options : undefined) as L &
    Record<typeof REQUEST_ID, unknown>;
  child[REQUEST_ID] = reqId;
  return child;
}

/** pino's `mixin`: the request's id on each line its logger (or a child of it) writes. */
export function requestIdMixin(_line: object, _level: number, logger: object): object {
  const reqId = (logger as Record<typeof REQUEST_ID, unknown>)[REQUEST_ID];
  return reqId === undefined ? {} : { reqId };
}
