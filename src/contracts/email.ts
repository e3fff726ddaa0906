import * as z from 'zod/mini';
import { EMAIL_FORMAT_MESSAGE, EMAIL_MAX, EMAIL_PATTERN } from './email-format';

// An email address as every form and request takes it. On its own, so a screen that only asks for an email
// (a gift's recipient) does not load the customers' schemas and their phone-number rules.

export { EMAIL_FORMAT_MESSAGE };

export const emailSchema = z
  .string()
  .check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX), z.regex(EMAIL_PATTERN, EMAIL_FORMAT_MESSAGE));
