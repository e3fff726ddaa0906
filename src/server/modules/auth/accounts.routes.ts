import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSetupBody,
  changePasswordBody,
  customerDocument as customerDocumentSchema,
  emailBody,
  emailConfirmationBody,
  emailSchema,
  pendingEmailDocument,
  resetPasswordBody,
  signUpBody,
} from '../../../contracts/customers';
import { DomainError } from '../../../domain/errors';
import { ErrorResponse } from '../../http/problems';
import { clientAddress } from '../../http/client-address';
import { clearReferralCookie, referralTokenOf } from '../../http/referral-cookie';
import { RequestValidationError } from '../../http/zod-compilers';
import { requireCustomer } from '../../http/session';
import type { CustomersService } from '../customers';
import type { BasketService } from '../baskets';
import { deviceTokenOf } from './known-devices';
import { sessionStarter } from './session-starter';
import type { AccountsService } from './accounts.service';

// The HTTP edge of accounts (spec §7 Customers): sign-up and confirming the email, password change and
// reset, and account set-up.
// The customer's own details are the customers area's.

const tags = ['customers'];

/**
 * Spec §5/§8: a sign-up with an invalid email answers 400 INVALID_EMAIL ("Invalid email"), which the web app
 * shows on the email field; the body's other problems keep their VALIDATION_FAILED errors.
 */
function signUpValidationError(error: Error, body: unknown): Error {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  if (
    !(error instanceof RequestValidationError) ||
    typeof email !== 'string' ||
    emailSchema.safeParse(email).success
  ) {
    return error;
  }
  return new ErrorResponse(
    400,
    error.issues.map((issue) =>
      issue.pointer === '/email'
        ? { status: '400', code: 'INVALID_EMAIL', detail: 'Invalid email', source: { pointer: '/email' } }
        : {
            status: '400',
            code: 'VALIDATION_FAILED',
            detail: issue.detail,
            source: { pointer: issue.pointer },
          },
    ),
  );
}

const checkInbox = (email: string) => ({
  data: {
    id: 'pending',
    type: 'email_requests' as const,
    attributes: { email, next: 'check_email' as const },
  },
});

export interface AccountRoutesOptions {
  accounts: AccountsService;
  customers: CustomersService;
  /** A sign-in brings the visitor's baskets into the customer's. */
  baskets: BasketService;
  secureCookies: boolean;
}

export async function accountRoutes(app: FastifyInstance, deps: AccountRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, customers } = deps;

  r.post(
    '/customers',
    {
      schema: {
        tags,
        summary:
          'Sign up: creates the account and signs this browser in; an email asks to confirm the address',
        description:
          'An email that has an account answers 409 EMAIL_TAKEN (decision 18); an invalid one 400 INVALID_EMAIL.',
        body: signUpBody,
        response: { 201: customerDocumentSchema },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw signUpValidationError(request.validationError, request.body);
      const start = await sessionStarter(app, deps, request, reply);
      // A referral link opened in this browser (decision 30): its welcome is taken, and the cookie goes.
      const referralToken = referralTokenOf(request, deps.secureCookies);
      const customer = await accounts.signUp(request.body, clientAddress(request), start, referralToken);
      if (referralToken) clearReferralCookie(reply, deps.secureCookies);
      return reply.status(201).send(await customers.document(customer, request.body.targetUrl ?? null));
    },
  );

  r.post(
    '/customers/email_confirmation',
    {
      schema: {
        tags,
        summary: 'Confirm the signed-in customer’s email with the token from the emailed link',
        body: emailConfirmationBody,
        response: { 200: customerDocumentSchema },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      return await customers.document(await accounts.confirmEmail(customerId, request.body.token));
    },
  );

  r.post(
    '/customers/email_confirmation/resend',
    {
      schema: {
        tags,
        summary: 'Email the confirmation link again (signed in; nothing is sent once confirmed)',
        response: { 202: pendingEmailDocument },
      },
    },
    async (request, reply) => {
      const customerId = requireCustomer(request);
      const email = await accounts.resendConfirmation(customerId, clientAddress(request));
      return reply.status(202).send(checkInbox(email));
    },
  );

  r.put(
    '/customers/password',
    {
      schema: {
        tags,
        summary: 'Change the password (needs the current one); ends the customer’s other sessions',
        body: changePasswordBody,
        response: { 200: customerDocumentSchema },
      },
    },
    async (request) => {
      const customerId = requireCustomer(request);
      return await customers.document(
        await accounts.changePassword(
          customerId,
          request.session!.id,
          request.body.currentPassword,
          request.body.password,
          {
            address: clientAddress(request),
            deviceToken: deviceTokenOf(request, deps.secureCookies),
          },
        ),
      );
    },
  );

  r.post(
    '/customers/password_reset',
    {
      schema: {
        tags,
        summary: 'Email a single-use reset link; the same answer whether or not the email has an account',
        body: emailBody,
        response: { 202: pendingEmailDocument },
      },
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body.email, clientAddress(request));
      return reply.status(202).send(checkInbox(request.body.email));
    },
  );

  r.post(
    '/customers/password_reset/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password from the emailed link; signs this browser in and every other one out',
        body: resetPasswordBody,
        response: { 201: customerDocumentSchema },
      },
    },
    async (request, reply) => {
      const start = await sessionStarter(app, deps, request, reply);
      const customer = await accounts.resetPassword(
        request.body.token,
        request.body.password,
        clientAddress(request),
        start,
      );
      return reply.status(201).send(await customers.document(customer, null));
    },
  );

  r.post(
    '/customers/account_setup',
    {
      schema: {
        tags,
        summary: 'Email a link to set a password to a customer created without one; the same answer always',
        description:
          'A signed-in customer may only name themselves: another customer answers 404 (decision 18).',
        body: accountSetupBody,
      },
    },
    async (request, reply) => {
      const signedInAs = request.session?.kind === 'customer' ? request.session.customerId : null;
      if (signedInAs && signedInAs !== request.body.customerId) {
        throw new DomainError('CUSTOMER_NOT_FOUND', 'We couldn’t find that customer');
      }
      await accounts.accountSetup(request.body.customerId, clientAddress(request));
      return reply.status(202).send();
    },
  );
}
