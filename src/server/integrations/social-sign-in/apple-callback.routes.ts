import type { FastifyInstance } from 'fastify';
import { acceptForms, formFields } from './form-body';
import { withParams } from './shop-redirect';
import { namePart } from './social-profile';

// Sign in with Apple on the web, live: when name and email are asked for, Apple answers with a form POST
// (response_mode=form_post) to our redirect URI, carrying the code and, on the first sign-in only, the
// person's name. A single-page app cannot receive a POST, so this route turns it into a redirect to the web
// app's sign-in page with the same query the local Apple page gives (code, state, first_name, last_name).
// The code is worthless without our client secret and good once.

export const APPLE_CALLBACK_PATH = '/auth/apple/callback';
/** The web app's page that finishes a Google or Apple sign-in. */
export const SOCIAL_LOGIN_PATH = '/social-login';

export async function appleCallbackRoutes(app: FastifyInstance, { returnPath = SOCIAL_LOGIN_PATH } = {}) {
  acceptForms(app);
  app.post(APPLE_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const form = formFields(request.body);
    const params: Record<string, string> = {};
    const code = form.code && form.code.length <= 1_024 ? form.code : null;
    if (code) {
      params.code = code;
    } else {
      params.error = form.error && /^[a-z_]{1,40}$/.test(form.error) ? form.error : 'invalid_request';
    }
    if (form.state && form.state.length <= 1_024) params.state = form.state;
    if (code && form.user) {
      // {"name":{"firstName":"…","lastName":"…"},"email":"…"}, sent the first time only.
      let user: { name?: { firstName?: unknown; lastName?: unknown } } = {};
      try {
        user = JSON.parse(form.user) as typeof user;
      } catch {
        // A name we cannot read is a name we do not have.
      }
      const firstName = namePart(user?.name?.firstName);
      const lastName = namePart(user?.name?.lastName);
      if (firstName) params.first_name = firstName;
      if (lastName) params.last_name = lastName;
    }
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(withParams(returnPath, params, 'query'), 303);
  });
}
