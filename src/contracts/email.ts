import * as z from 'zod/mini';

// An email address as every form and request takes it. On its own, so a screen that only asks for an email
// (a gift's recipient) does not load the customers' schemas and their phone-number rules.

/** The format message is for forms; sign-up's API answer stays the spec's "Invalid email" (§5, §8). */
export const EMAIL_FORMAT_MESSAGE = 'Enter an email address like name@example.co.uk';

export const emailSchema = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_FORMAT_MESSAGE),
  );
