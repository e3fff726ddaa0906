import type { SignUpBody } from '../../../contracts/customers';
import { customerModel, type Customer } from '../../../contracts/customer-model';
import { api } from '../../shared/api/client';
import { readOne } from '../../shared/api/documents';
import { readCustomer } from '../../shared/customer.queries';

// The sign-in and account calls (spec §7 Sessions, Customers). Each sign-in answers the customer and, when
// one was asked for, where to go next.

export type SignedIn = ReturnType<typeof readCustomer>;

export const authApi = {
  signIn: async (email: string, password: string, targetUrl: string | null): Promise<SignedIn> =>
    readCustomer(
      await api('POST', '/sessions', { body: { email, password, ...(targetUrl ? { targetUrl } : {}) } }),
    ),
  /** Decision 18: the account is made and this browser signed in at once. */
  signUp: async (body: SignUpBody): Promise<SignedIn> =>
    readCustomer(await api('POST', '/customers', { body })),
  confirmEmail: async (token: string): Promise<Customer> =>
    readOne(await api('POST', '/customers/email_confirmation', { body: { token } }), customerModel),
  resendConfirmation: async (): Promise<void> => {
    await api('POST', '/customers/email_confirmation/resend');
  },
  signInWithToken: async (token: string): Promise<SignedIn> =>
    readCustomer(await api('POST', '/sessions/token', { body: { token } })),
  requestSignInLink: async (email: string, targetUrl: string | null): Promise<void> => {
    await api('POST', '/sessions/link', { body: { email, ...(targetUrl ? { targetUrl } : {}) } });
  },
  requestPasswordReset: async (email: string): Promise<void> => {
    await api('POST', '/customers/password_reset', { body: { email } });
  },
  resetPassword: async (token: string, password: string): Promise<SignedIn> =>
    readCustomer(await api('POST', '/customers/password_reset/confirm', { body: { token, password } })),
  google: async (idToken: string, nonce: string, targetUrl: string | null): Promise<SignedIn> =>
    readCustomer(
      await api('POST', '/sessions/google', {
        body: { accessToken: idToken, nonce, ...(targetUrl ? { targetUrl } : {}) },
      }),
    ),
  facebook: async (token: string, targetUrl: string | null): Promise<SignedIn> =>
    readCustomer(
      await api('POST', '/sessions/facebook', { body: { token, ...(targetUrl ? { targetUrl } : {}) } }),
    ),
  apple: async (
    code: string,
    name: { firstName?: string | undefined; lastName?: string | undefined },
    targetUrl: string | null,
  ): Promise<SignedIn> =>
    readCustomer(
      await api('POST', '/sessions/apple', {
        body: {
          code,
          ...(name.firstName ? { firstName: name.firstName } : {}),
          ...(name.lastName ? { lastName: name.lastName } : {}),
          ...(targetUrl ? { targetUrl } : {}),
        },
      }),
    ),
};
