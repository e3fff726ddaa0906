import type { FastifyInstance } from 'fastify';

// A request body may come compressed with one content coding (RFC 9110 §8.4), which @fastify/compress
// decodes before the body is parsed (its size limit counts the decoded bytes). Anything else is the client's
// mistake and answers 415 or 400 (error-handler.ts), never a 500 (issue 19, item 21).

/** The codings a request body may come in (zstd is left out: Node 20 cannot read it). */
export const REQUEST_CODINGS = ['gzip', 'deflate', 'br'] as const;

/** @fastify/compress's `requestEncodings`: ours, and `identity` (no coding at all). */
export const REQUEST_ENCODINGS = [...REQUEST_CODINGS, 'identity' as const];

/** Content codings are case-insensitive (RFC 9110 §8.4.1): `GZIP` is gzip. Stacked codings stay refused. */
export function normaliseContentEncoding(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const given = request.headers['content-encoding'];
    if (typeof given === 'string') request.headers['content-encoding'] = given.trim().toLowerCase();
  });
}
