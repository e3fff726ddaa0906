import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Config } from '../../config';
import { createTestApp, type TestApp } from '../../test/harness';
import { createSocialSignIn, localProviderOf, SocialSignInError } from './index';
import { databaseLocalProviderStore } from './local-provider-store';

// Two server processes are two local providers on one database (docs/decisions/0019): what one issues, the
// other accepts, and a single-use Apple code is spent for both.

const PUBLIC_URL = 'http://localhost:3000';
const CONFIG: Config['socialSignIn'] = {
  mode: 'local',
  google: { clientId: 'sfoglia-local-google' },
  facebook: { appId: 'sfoglia-local-facebook', appSecret: null },
  apple: { clientId: 'sfoglia-local-apple', teamId: null, keyId: null, privateKey: null },
};
const PERSON = { email: 'Grace@Example.com', firstName: 'Grace', lastName: 'Hopper' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const processes = () =>
  [1, 2].map(() => {
    const signIn = createSocialSignIn(CONFIG, PUBLIC_URL, {
      store: databaseLocalProviderStore(t.database.db),
    });
    return { signIn, provider: localProviderOf(signIn) };
  });

test('a token, code or ID token issued by one process is accepted by another; an Apple code only once', async () => {
  const [one, two] = processes();

  const idToken = await one!.provider.issueGoogleIdToken(PERSON, { clientId: CONFIG.google.clientId });
  expect((await two!.signIn.verifyGoogle(idToken)).email).toBe('grace@example.com');

  const token = await one!.provider.issueFacebookToken(PERSON);
  expect((await two!.signIn.verifyFacebook(token)).email).toBe('grace@example.com');

  const code = await two!.provider.issueAppleCode(PERSON, { redirectUri: `${PUBLIC_URL}/social-login` });
  expect((await one!.signIn.exchangeApple(code, {})).email).toBe('grace@example.com');
  await expect(two!.signIn.exchangeApple(code, {})).rejects.toBeInstanceOf(SocialSignInError);
});
