import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DomainError } from '../../../domain/errors';
import {
  appleSignInBody,
  customerDocument as customerDocumentSchema,
  emailBody,
  facebookSignInBody,
  googleSignInBody,
  currentGuestDocument,
  guestSessionBody,
  guestSessionDocument,
  pendingEmailDocument,
  signInBody,
  tokenSignInBody,
} from '../../../contracts/customers';
import { SocialSignInError, type SocialProfile, type SocialSignIn } from '../../integrations/social-sign-in';
import { ownerOf } from '../../http/basket-owner';
import { clientAddress } from '../../http/client-address';
import { clearReferralCookie, referralTokenOf } from '../../http/referral-cookie';
import type { CustomersService } from '../customers';
import type { BasketService } from '../baskets';
import { deviceTokenOf } from './known-devices';
import { sessionStarter } from './session-starter';
import type { AccountsService } from './accounts.service';
import type { EmailRequests } from './email-requests';

// Sessions (spec §7 Sessions): sign in by password, emailed link or token, Google, Facebook or Apple; a
// guest session for dine-in; sign out. Every sign-in gets a new session id, brings the visitor's baskets
// into the customer's and remembers the browser (a new device token: decision 9).

const tags = ['sessions'];

export interface SessionRoutesOptions {
  accounts: AccountsService;
  emailRequests: EmailRequests;
  customers: CustomersService;
  /** A sign-in brings the visitor's baskets into the customer's; signing out empties them. */
  baskets: BasketService;
  socialSignIn: SocialSignIn;
  secureCookies: boolean;
}

export async function sessionRoutes(app: FastifyInstance, deps: SessionRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, emailRequests, customers } = deps;
  // Reset and link emails go out in the background (./email-requests.ts, and the email-requests job);
  // closing waits for a pass in flight.
  app.addHook('onClose', () => emailRequests.close());

  r.post(
    '/sessions',
    {
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description: 'A wrong email or password both answer 401 "Email and Password don\'t match".',
        body: signInBody,
        response: { 201: customerDocumentSchema },
      },
    },
    async (request, reply) => {
      const start = await sessionStarter(app, deps, request, reply);
      const customer = await accounts.signIn(
        request.body.email,
        request.body.password,
        clientAddress(request),
        start,
        deviceTokenOf(request, deps.secureCookies),
      );
      return reply.status(201).send(await customers.document(customer, request.body.targetUrl ?? null));
    },
  );

  r.delete(
    '/sessions',
    { schema: { tags, summary: 'Sign out: the session ends and the recipe-kit baskets are emptied' } },
    async (request, reply) => {
      // "Your basket here has been emptied" (spec §4): the baskets this browser sees, its own and the
      // customer's, go before the browser becomes a new visitor, so no later sign-in brings them back.
      if (request.session?.kind === 'customer') {
        await deps.baskets.removeByType(ownerOf(request), 'RecipeKitBasket');
      }
      await app.endSession(request, reply);
      return reply.status(204).send();
    },
  );

  r.post(
    '/sessions/token',
    {
      schema: {
        tags,
        summary: 'Sign in with a single-use token from an emailed link (also confirms a sign-up)',
        body: tokenSignInBody,
        response: { 201: customerDocumentSchema },
      },
    },
    async (request, reply) => {
      const start = await sessionStarter(app, deps, request, reply);
      const { customer, targetUrl } = await accounts.signInWithToken(request.body.token, start);
      return reply.status(201).send(await customers.document(customer, targetUrl));
    },
  );

  r.post(
    '/sessions/link',
    {
      schema: {
        tags,
        summary: 'Email a one-click sign-in link; the same answer whether or not the email has an account',
        body: emailBody,
        response: { 202: pendingEmailDocument },
      },
    },
    async (request, reply) => {
      await accounts.requestSignInLink(
        request.body.email,
        request.body.targetUrl ?? null,
        clientAddress(request),
      );
      return reply.status(202).send({
        data: {
          id: 'pending',
          type: 'email_requests' as const,
          attributes: { email: request.body.email, next: 'check_email' as const },
        },
      });
    },
  );

  r.post(
    '/sessions/guest_token',
    {
      schema: {
        tags,
        summary: 'A guest session tied to an email (dine-in orders without an account)',
        body: guestSessionBody,
        response: { 201: guestSessionDocument },
      },
    },
    async (request, reply) => {
      if (request.session?.kind === 'customer') {
        throw new DomainError('CONFLICT', 'You are signed in already');
      }
      const guest = await deps.accounts.guest(request.body, clientAddress(request));
      await app.startSession(request, reply, {
        kind: 'guest',
        guestEmail: guest.email,
        customerId: guest.id,
      });
      return reply.status(201).send(guestDocument(request.session!.id, guest));
    },
  );

  r.get(
    '/sessions/guest_token',
    {
      schema: {
        tags,
        summary: 'The guest session of this browser, or null when it has none',
        response: { 200: currentGuestDocument },
      },
    },
    async (request) => {
      const session = request.session;
      const guest =
        session?.kind === 'guest' && session.customerId
          ? await deps.customers.guestOf(session.customerId)
          : null;
      return guest ? guestDocument(session!.id, guest) : { data: null };
    },
  );

  const social = async (
    request: FastifyRequest,
    reply: FastifyReply,
    verify: () => Promise<SocialProfile>,
    targetUrl: string | undefined,
  ) => {
    let profile: SocialProfile;
    try {
      profile = await verify();
    } catch (error) {
      if (error instanceof SocialSignInError) {
        request.log.warn({ reason: (error as Error).message }, 'social sign-in refused');
        throw new DomainError('SOCIAL_SIGN_IN_FAILED', 'Something went wrong');
      }
      throw error;
    }
    const start = await sessionStarter(app, deps, request, reply);
    // A first sign-in with a provider is a sign-up: it takes the referral link's welcome (decision 30).
    const referralToken = referralTokenOf(request, deps.secureCookies);
    const { customer, signedUp } = await accounts.signInWithProvider(profile, start, referralToken);
    if (referralToken) clearReferralCookie(reply, deps.secureCookies);
    const document = await customers.document(customer, targetUrl ?? null);
    // The provider's first sign-in made the account: the web app counts it as a sign-up (analytics).
    return reply
      .status(201)
      .send(signedUp ? { ...document, meta: { ...document.meta, signedUp } } : document);
  };

  r.post(
    '/sessions/google',
    {
      schema: {
        tags,
        summary: 'Sign in with a Google ID token',
        body: googleSignInBody,
        response: { 201: customerDocumentSchema },
      },
    },
    (request, reply) =>
      social(
        request,
        reply,
        () =>
          deps.socialSignIn.verifyGoogle(
            request.body.accessToken,
            request.body.nonce ? { nonce: request.body.nonce } : undefined,
          ),
        request.body.targetUrl,
      ),
  );

  r.post(
    '/sessions/facebook',
    {
      schema: {
        tags,
        summary: 'Sign in with a Facebook access token',
        body: facebookSignInBody,
        response: { 201: customerDocumentSchema },
      },
    },
    (request, reply) =>
      social(
        request,
        reply,
        () => deps.socialSignIn.verifyFacebook(request.body.token),
        request.body.targetUrl,
      ),
  );

  r.post(
    '/sessions/apple',
    {
      schema: {
        tags,
        summary: 'Sign in with an Apple authorisation code (Apple sends the name only the first time)',
        body: appleSignInBody,
        response: { 201: customerDocumentSchema },
      },
    },
    (request, reply) =>
      social(
        request,
        reply,
        () =>
          deps.socialSignIn.exchangeApple(request.body.code, {
            ...(request.body.firstName ? { firstName: request.body.firstName } : {}),
            ...(request.body.lastName ? { lastName: request.body.lastName } : {}),
          }),
        request.body.targetUrl,
      ),
  );
}

function guestDocument(id: string, guest: { email: string; firstName: string }) {
  return {
    data: {
      id,
      type: 'guest_sessions' as const,
      attributes: { email: guest.email, firstName: guest.firstName || null },
    },
  };
}
