import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emailSchema } from '../../../contracts/customers';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { acceptForms, formFields } from '../social-sign-in/form-body';
import { checkCardForm, type CardBrand, type CardForm } from './card-rules';
import type { SetupIntent } from './port';
import { PaymentsSandbox, SANDBOX_PATHS } from './sandbox';
import {
  CARD_FIELD_NAMES,
  cardFormPage,
  cardResultPage,
  challengePage,
  paypalPage,
  sandboxErrorPage,
  type CardFormMessage,
  type CardFormMode,
} from './sandbox-pages';

// The pages our app serves in place of the processor's (PAYMENTS=sandbox only, registered by app.ts):
//   GET/POST /sandbox/stripe/card-form?client_secret=seti_…   the card form, framed by our own pages
//                                     (&mode=pay: no button of its own; the page's "Pay" sends it)
//   GET/POST /sandbox/stripe/3ds/{pi}?client_secret=…         the 3-D Secure challenge
//   GET/POST /sandbox/paypal/approve/{pi|seti}?client_secret=… the PayPal approval
// The client secret in the query is what lets the browser act on an intent (as with Stripe's own pages); it
// is redacted from request logs. Card numbers and security codes arrive in the POST body only, are checked
// in memory and are never stored, logged or echoed back (the number is refilled after a field error).

export interface PaymentsSandboxRoutesOptions {
  db: Db;
  publicUrl: string;
  /** The shop's clock: a typed card's expiry date is checked against it. */
  clock: Clock;
  /**
   * The clock the sandbox's books run on: a hold authorised on a page is stamped by it and aged at capture by
   * the processors' (PaymentProcessorsOptions.clock), so both must be the same one. System time when not
   * given, as the processors' is.
   */
  sandboxClock?: Clock;
}

const NO_SECRET = 'The link is missing its secret or has been changed.';

function queryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
}

function clientSecretOf(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown> | undefined)?.client_secret;
  return typeof value === 'string' && value.length <= 200 ? value : null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A page that is a whole window (3-D Secure, PayPal): never framed. */
function sendPage(reply: FastifyReply, status: number, html: string, formTargets: string[]) {
  const targets = [...new Set(formTargets.filter(Boolean))].join(' ');
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${targets ? ` ${targets}` : ''}; ` +
        "frame-ancestors 'none'; base-uri 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The card form lives in an iframe on our own pages: framing by our origin only, one nonce'd script. */
function sendFramedPage(reply: FastifyReply, status: number, html: string, nonce: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self'; ` +
        "frame-ancestors 'self'; base-uri 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

/** `?mode=pay`: the framing page's own "Pay" button sends the form (see CardFormMode). */
function cardFormModeOf(request: FastifyRequest): CardFormMode {
  return (request.query as Record<string, unknown> | undefined)?.mode === 'pay' ? 'pay' : 'save';
}

function crossSite(request: FastifyRequest): boolean {
  return request.headers['sec-fetch-site'] === 'cross-site';
}

export async function paymentsSandboxRoutes(app: FastifyInstance, options: PaymentsSandboxRoutesOptions) {
  acceptForms(app);
  const sandbox = new PaymentsSandbox(options.db, options.publicUrl, options.sandboxClock);
  const shopOrigin = originOf(options.publicUrl) ?? '';

  // These URLs carry a client secret: no page of ours passes them on as a referrer. (Runs after the app's own
  // onSend hook, which sets a looser policy for every response.)
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('referrer-policy', 'no-referrer');
    return payload;
  });

  // The app sends x-frame-options: DENY everywhere; this page alone may be framed, by our own origin.
  const allowSameOriginFraming = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.header('x-frame-options', 'SAMEORIGIN');
    return payload;
  };

  // ---- the card form ----

  const cardFailure = (
    reply: FastifyReply,
    status: number,
    setupIntentId: string | null,
    message: string,
  ) => {
    const nonce = randomBytes(16).toString('base64');
    const result: CardFormMessage = {
      source: 'sfoglia-sandbox-card',
      status: 'failed',
      setupIntentId,
      message,
    };
    return sendFramedPage(reply, status, cardResultPage({ message: result, nonce }), nonce);
  };

  const cardSuccess = (reply: FastifyReply, setupIntent: SetupIntent) => {
    const nonce = randomBytes(16).toString('base64');
    const message: CardFormMessage = {
      source: 'sfoglia-sandbox-card',
      status: 'succeeded',
      setupIntentId: setupIntent.id,
      message: 'Card saved',
    };
    const saved = setupIntent.paymentMethod;
    const card = saved?.last4 ? { brand: (saved.brand ?? 'unknown') as CardBrand, last4: saved.last4 } : null;
    return sendFramedPage(reply, 200, cardResultPage({ message, nonce, card }), nonce);
  };

  /**
   * A card form whose setup intent is no longer waiting for a card: saved already (the form was reloaded or
   * sent twice), which is told again as a success; or cancelled.
   */
  const settled = async (reply: FastifyReply, intentId: string) => {
    const setupIntent = await sandbox.retrieveSetupIntent('stripe', intentId);
    if (setupIntent.status === 'succeeded') return cardSuccess(reply, setupIntent);
    return cardFailure(reply, 409, intentId, 'This card form can no longer be used. Close it and try again.');
  };

  app.get(
    SANDBOX_PATHS.cardForm,
    { schema: { hide: true }, onSend: allowSameOriginFraming },
    async (request, reply) => {
      const clientSecret = clientSecretOf(request);
      const intent = clientSecret ? await sandbox.cardSetupFor(clientSecret) : null;
      if (!intent) return cardFailure(reply, 404, null, NO_SECRET);
      if (intent.status !== 'requires_payment_method') return settled(reply, intent.id);
      const nonce = randomBytes(16).toString('base64');
      const html = cardFormPage({
        action: `${SANDBOX_PATHS.cardForm}${queryOf(request)}`,
        values: { number: '', expiry: '', cvc: '', postcode: '' },
        errors: {},
        nonce,
        mode: cardFormModeOf(request),
      });
      return sendFramedPage(reply, 200, html, nonce);
    },
  );

  app.post(
    SANDBOX_PATHS.cardForm,
    { schema: { hide: true }, onSend: allowSameOriginFraming },
    async (request, reply) => {
      if (crossSite(request)) return cardFailure(reply, 403, null, 'The form was sent from another site.');
      const clientSecret = clientSecretOf(request);
      if (!clientSecret) return cardFailure(reply, 404, null, NO_SECRET);
      const fields = formFields(request.body, 64);
      const form: CardForm = {
        number: fields[CARD_FIELD_NAMES.number] ?? '',
        expiry: fields[CARD_FIELD_NAMES.expiry] ?? '',
        cvc: fields[CARD_FIELD_NAMES.cvc] ?? '',
        postcode: fields[CARD_FIELD_NAMES.postcode] ?? '',
      };
      const checked = checkCardForm(form, options.clock.now());
      if (!checked.ok) {
        // The intent must still be usable before the form is shown again.
        const intent = await sandbox.cardSetupFor(clientSecret);
        if (!intent) return cardFailure(reply, 404, null, NO_SECRET);
        if (intent.status !== 'requires_payment_method') return settled(reply, intent.id);
        const nonce = randomBytes(16).toString('base64');
        const html = cardFormPage({
          action: `${SANDBOX_PATHS.cardForm}${queryOf(request)}`,
          values: form,
          errors: checked.errors,
          nonce,
          mode: cardFormModeOf(request),
        });
        return sendFramedPage(reply, 400, html, nonce);
      }
      const result = await sandbox.confirmCardSetup(clientSecret, checked.card);
      if (result.status === 'failed') {
        return cardFailure(reply, result.setupIntentId ? 409 : 404, result.setupIntentId, result.message);
      }
      return cardSuccess(reply, result.setupIntent);
    },
  );

  // ---- 3-D Secure ----

  const challengePath = `${SANDBOX_PATHS.threeDSecure}/:id`;

  app.get(challengePath, { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const clientSecret = clientSecretOf(request);
    const view = clientSecret ? await sandbox.challengeFor(id, clientSecret) : null;
    if (!view)
      return sendPage(reply, 404, sandboxErrorPage('This payment check can’t be found', NO_SECRET), []);
    const html = challengePage({
      action: `${SANDBOX_PATHS.threeDSecure}/${encodeURIComponent(id)}${queryOf(request)}`,
      amount: view.amount,
      brand: view.brand,
      last4: view.last4,
      pending: view.status === 'requires_action',
    });
    return sendPage(reply, 200, html, [shopOrigin, originOf(view.returnUrl) ?? '']);
  });

  app.post(challengePath, { schema: { hide: true } }, async (request, reply) => {
    if (crossSite(request)) {
      return sendPage(
        reply,
        403,
        sandboxErrorPage('Request refused', 'The form was sent from another site.'),
        [],
      );
    }
    const { id } = request.params as { id: string };
    const clientSecret = clientSecretOf(request);
    const action = formFields(request.body).action;
    const outcome =
      action === 'fail' ? 'fail' : action === 'complete' || action === 'continue' ? 'complete' : null;
    if (!outcome) {
      return sendPage(
        reply,
        400,
        sandboxErrorPage('Choose an answer', 'Complete or fail the authentication.'),
        [],
      );
    }
    const next = clientSecret ? await sandbox.finishChallenge(id, clientSecret, outcome) : null;
    if (!next)
      return sendPage(reply, 404, sandboxErrorPage('This payment check can’t be found', NO_SECRET), []);
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });

  // ---- PayPal approval ----

  const approvePath = `${SANDBOX_PATHS.paypalApprove}/:id`;

  app.get(approvePath, { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const clientSecret = clientSecretOf(request);
    const view = clientSecret ? await sandbox.approvalFor(id, clientSecret) : null;
    if (!view)
      return sendPage(reply, 404, sandboxErrorPage('This PayPal request can’t be found', NO_SECRET), []);
    const html = paypalPage({
      action: `${SANDBOX_PATHS.paypalApprove}/${encodeURIComponent(id)}${queryOf(request)}`,
      kind: view.kind,
      amount: view.amount,
      email: view.email ?? '',
      error: null,
      pending: view.status === 'requires_action',
    });
    return sendPage(reply, 200, html, [shopOrigin, originOf(view.returnUrl) ?? '']);
  });

  app.post(approvePath, { schema: { hide: true } }, async (request, reply) => {
    if (crossSite(request)) {
      return sendPage(
        reply,
        403,
        sandboxErrorPage('Request refused', 'The form was sent from another site.'),
        [],
      );
    }
    const { id } = request.params as { id: string };
    const clientSecret = clientSecretOf(request);
    const fields = formFields(request.body);
    const view = clientSecret ? await sandbox.approvalFor(id, clientSecret) : null;
    if (!view || !clientSecret) {
      return sendPage(reply, 404, sandboxErrorPage('This PayPal request can’t be found', NO_SECRET), []);
    }
    let decision: { approve: true; email: string } | { approve: false };
    if (fields.action === 'approve' && view.status === 'requires_action') {
      const email = (fields.email ?? '').trim();
      const error =
        email === ''
          ? 'Enter your email address'
          : /\p{Cc}/u.test(email) || !emailSchema.safeParse(email).success
            ? 'Enter an email address in the correct format, like name@example.com'
            : null;
      if (error) {
        const html = paypalPage({
          action: `${SANDBOX_PATHS.paypalApprove}/${encodeURIComponent(id)}${queryOf(request)}`,
          kind: view.kind,
          amount: view.amount,
          email,
          error,
          pending: true,
        });
        return sendPage(reply, 400, html, [shopOrigin, originOf(view.returnUrl) ?? '']);
      }
      decision = { approve: true, email };
    } else if (fields.action === 'cancel' || fields.action === 'continue' || fields.action === 'approve') {
      // Cancel; or a request already answered, which only returns to the shop.
      decision = { approve: false };
    } else {
      return sendPage(reply, 400, sandboxErrorPage('Choose an answer', 'Approve or cancel the request.'), []);
    }
    const next = await sandbox.decidePaypal(id, clientSecret, decision);
    if (!next)
      return sendPage(reply, 404, sandboxErrorPage('This PayPal request can’t be found', NO_SECRET), []);
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });
}
