import * as z from 'zod/mini';
import { passwordProblem, PASSWORD_MESSAGES, MAX_PASSWORD_LENGTH } from '../domain/password';
import { normaliseUkPhone } from '../domain/phone';
import { resource } from './envelope';
export * from './customer-model';
import { isoDateSchema } from './common';
import { emailSchema } from './email';

// Customers and sessions (spec §3 Customer, §7 Customers, Sessions). The same schemas validate the web
// app's forms and the API's requests.

export { EMAIL_FORMAT_MESSAGE, emailSchema } from './email';

export const newPasswordSchema = z.string().check(
  z.maxLength(MAX_PASSWORD_LENGTH),
  z.superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.issues.push({ code: 'custom', message: PASSWORD_MESSAGES[problem], input: value });
  }),
);

/** A password being checked (sign-in, current password): any non-empty string, never validated further. */
export const passwordSchema = z
  .string()
  .check(z.minLength(1, 'Enter your password'), z.maxLength(MAX_PASSWORD_LENGTH));

export const nameSchema = z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(100));

export const ukPhoneSchema = z.string().check(
  z.maxLength(40),
  z.superRefine((value, ctx) => {
    const result = normaliseUkPhone(value);
    if (!result.ok) ctx.issues.push({ code: 'custom', message: result.reason, input: value });
  }),
);

/** A path inside the shop to return to after sign-in ("/checkout/delivery/address"); never another site. */
export const targetUrlSchema = z
  .string()
  .check(z.maxLength(500), z.regex(/^\/(?![/\\])[^\s]*$/, 'must be a path inside the shop'));

// Requests

export const signUpBody = z.strictObject({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  acceptsEmails: z.optional(z.boolean()),
  acceptsSms: z.optional(z.boolean()),
  acceptsMail: z.optional(z.boolean()),
  targetUrl: z.optional(targetUrlSchema),
});
export type SignUpBody = z.infer<typeof signUpBody>;

/** The token from the "confirm your email" link (decision 18), sent by a browser signed in to the account. */
export const emailConfirmationBody = z.strictObject({
  token: z.string().check(z.minLength(10), z.maxLength(200)),
});

/** What a reset or sign-in link request answers whether or not the email has an account: look in your inbox. */
export const pendingEmailDocument = z.object({
  data: resource('email_requests', z.object({ email: z.string(), next: z.literal('check_email') })),
});

export const updateMeBody = z.strictObject({
  firstName: z.optional(nameSchema),
  lastName: z.optional(nameSchema),
  acceptsEmails: z.optional(z.boolean()),
  acceptsSms: z.optional(z.boolean()),
  acceptsMail: z.optional(z.boolean()),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

export const dateOfBirthBody = z.strictObject({ dateOfBirth: z.nullable(isoDateSchema) });
export const changePasswordBody = z.strictObject({
  currentPassword: passwordSchema,
  password: newPasswordSchema,
});
export const phoneBody = z.strictObject({ phone: z.nullable(ukPhoneSchema) });
export const paperlessBody = z.strictObject({ paperless: z.boolean() });
export const emailBody = z.strictObject({ email: emailSchema, targetUrl: z.optional(targetUrlSchema) });
export const resetPasswordBody = z.strictObject({
  token: z.string().check(z.minLength(10), z.maxLength(200)),
  password: newPasswordSchema,
});
export const accountSetupBody = z.strictObject({
  customerId: z.string().check(z.minLength(1), z.maxLength(100)),
});
export const fingerprintBody = z.strictObject({
  fingerprint: z.string().check(z.minLength(8), z.maxLength(200)),
});

export const signInBody = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  targetUrl: z.optional(targetUrlSchema),
});
export type SignInBody = z.infer<typeof signInBody>;
export const tokenSignInBody = z.strictObject({
  token: z.string().check(z.minLength(10), z.maxLength(200)),
});
export const guestSessionBody = z.strictObject({
  email: emailSchema,
  /** How the kitchen and the others at the table know them. */
  firstName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
});
const guestSessionResource = resource(
  'guest_sessions',
  z.object({ email: z.string(), firstName: z.nullable(z.string()) }),
);
export const guestSessionDocument = z.object({ data: guestSessionResource });
/** GET /sessions/guest_token: this browser's guest session, or null (a visitor, or a signed-in customer). */
export const currentGuestDocument = z.object({ data: z.nullable(guestSessionResource) });

export const googleSignInBody = z.strictObject({
  /** The Google ID token (the "credential"). */
  accessToken: z.string().check(z.minLength(10), z.maxLength(5000)),
  /** The nonce the browser sent to Google: the token must carry it (no replayed tokens). */
  nonce: z.optional(z.string().check(z.minLength(8), z.maxLength(200))),
  targetUrl: z.optional(targetUrlSchema),
});
export const facebookSignInBody = z.strictObject({
  token: z.string().check(z.minLength(10), z.maxLength(5000)),
  targetUrl: z.optional(targetUrlSchema),
});
export const appleSignInBody = z.strictObject({
  code: z.string().check(z.minLength(10), z.maxLength(5000)),
  firstName: z.optional(z.string().check(z.maxLength(100))),
  lastName: z.optional(z.string().check(z.maxLength(100))),
  targetUrl: z.optional(targetUrlSchema),
});
