import type { FastifyInstance } from 'fastify';

// HTML forms (and Apple's form_post) send application/x-www-form-urlencoded, which Fastify does not parse by
// default. Registered inside a plugin, the parser only applies to that plugin's routes.

export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** The string fields of a parsed form (or query), each at most `max` characters; anything else is left out. */
export function formFields(value: unknown, max = 4_096): Record<string, string> {
  if (value === null || typeof value !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry === 'string' && entry.length <= max) fields[key] = entry;
  }
  return fields;
}
