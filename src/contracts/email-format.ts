// An email address's form, apart from its zod schema (email.ts, which is made of these): a form that checks
// an email without zod (a public page's first load reads no schema, decision 31) takes them from here.

/** The format message is for forms; sign-up's API answer stays the spec's "Invalid email" (§5, §8). */
export const EMAIL_FORMAT_MESSAGE = 'Enter an email address like name@example.co.uk';

/** Something, an @, something, a dot, something: no spaces. Checked after trimming and lower-casing. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The longest address (RFC 5321's path limit, less its angle brackets). */
export const EMAIL_MAX = 254;
