// Which failures mean "the database cannot serve just now" (issue 19 item 24, decision 26): the request did
// nothing wrong and the same request may well work in a few seconds, so the shop answers 503 with
// Retry-After rather than 500, /readyz fails, and a process starting waits for it instead of dying.

/**
 * SQLSTATEs of a database that is gone, starting, stopping, out of room or too slow: connection exceptions
 * (class 08), admin/crash shutdown and "starting up" (57P01–57P03), a statement stopped by its timeout
 * (57014), insufficient resources (class 53: disk full, out of memory, too many connections), an I/O error
 * (58030) and a read-only database (25006: a standby, or default_transaction_read_only).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57014', '58030', '25006']);
const UNAVAILABLE_CLASSES = new Set(['08', '53']);

/** Socket errors on the way to the database server. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres's own words for a connection that died, never came, or stopped answering; a closed database. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Cannot use a pool after calling end on the pool/,
  // The embedded database closed under a request (the process shutting down).
  /^PGlite is closed/,
];

function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = e.cause as typeof e;
  }
}

/** The SQLSTATE (five characters) an error carries, itself or in its causes (drizzle wraps the driver's). */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * True when the error says the database is unreachable or cannot serve now, not that the request was wrong.
 * A socket error inside a failed `fetch` is an outside service's (a processor, a courier), never the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causes(error)) {
    if ((e as unknown) instanceof TypeError && e.message === 'fetch failed') return false;
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && /^[0-9A-Z]{5}$/.test(code)) {
      if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_CLASSES.has(code.slice(0, 2))) return true;
    }
    if (code && UNAVAILABLE_SOCKET_CODES.has(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  }
  return false;
}

/** One line for a log or a start-up message: the SQLSTATE or socket code and the driver's words. */
export function describeDatabaseError(error: unknown): string {
  for (const e of causes(error)) {
    if (
      typeof e.code === 'string' ||
      (typeof e.message === 'string' && !e.message.startsWith('Failed query'))
    ) {
      const code = typeof e.code === 'string' ? `${e.code}: ` : '';
      return `${code}${typeof e.message === 'string' ? e.message.split('\n')[0] : String(e)}`;
    }
  }
  return String(error);
}

/**
 * A promise a library leaves unhandled when the database goes (pg-boss's work loop did: decision 26) must not
 * end a server process: it is logged as a warning. Any other unhandled rejection still ends the process, as
 * Node's default does. Called once by each server or worker process, never in tests.
 */
export function surviveDatabaseLoss(log: { warn(details: object, message: string): void }): void {
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    log.warn({ cause: describeDatabaseError(reason) }, 'database unavailable (a promise left unhandled)');
  });
}
