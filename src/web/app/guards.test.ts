import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { customerQueries } from '../shared/customer.queries';
import { carriesProviderAnswer, guestOnly, isOneTapLink, signInFromToken } from './guards';

// The auth screens' guard (spec §2 Auth screens, §6): a signed-in customer goes to /, except where a
// provider's answer or a reset link is being used.

let queryClient: QueryClient;

beforeEach(() => {
  queryClient = new QueryClient();
  queryClient.setQueryData(customerQueries.me().queryKey, null);
});
afterEach(() => vi.unstubAllGlobals());

function signIn() {
  queryClient.setQueryData(customerQueries.me().queryKey, { id: 'c1', email: 'ada@example.com' } as never);
}

/** Runs a loader as the router does on a page load: the request has no fragment; the address bar has it. */
async function visit(loader: (args: never) => Promise<unknown>, path: string): Promise<string | null> {
  const url = new URL(path, 'http://shop.test');
  vi.stubGlobal('window', { location: { pathname: url.pathname, search: url.search, hash: url.hash } });
  url.hash = '';
  const result = (await loader({ request: new Request(url), params: {} } as never)) as Response | null;
  return result ? result.headers.get('Location') : null;
}

describe('carriesProviderAnswer', () => {
  const at = (path: string) => new URL(path, 'http://shop.test');
  test.each([
    ['/social-login', '#id_token=eyJ&state=s1'],
    ['/auth-facebook-cb', '#access_token=EAAL1&state=s1'],
    ['/social-login?code=c1&state=s1', ''],
    ['/auth-facebook-cb?error=access_denied&state=s1', ''],
    ['/social-login?token=t1', ''],
  ])('%s%s: yes', (path, fragment) => expect(carriesProviderAnswer(at(path), fragment)).toBe(true));
  test.each([
    ['/social-login', ''],
    ['/social-login?returnTo=%2Faccount', ''],
    ['/social-login', '#error=access_denied'],
  ])('%s%s: no', (path, fragment) => expect(carriesProviderAnswer(at(path), fragment)).toBe(false));
});

describe('guestOnly', () => {
  test('a visitor sees every auth screen', async () => {
    expect(await visit(guestOnly(queryClient), '/login')).toBeNull();
    expect(await visit(guestOnly(queryClient, 'provider-answer'), '/social-login')).toBeNull();
    expect(await visit(guestOnly(queryClient, 'reset-link'), '/forgot-password/reset?token=t1')).toBeNull();
  });

  test('a signed-in customer goes to /', async () => {
    signIn();
    expect(await visit(guestOnly(queryClient), '/login')).toBe('/');
    expect(await visit(guestOnly(queryClient, 'provider-answer'), '/social-login?returnTo=%2Fmenu')).toBe(
      '/',
    );
    expect(await visit(guestOnly(queryClient, 'provider-answer'), '/auth-facebook-cb')).toBe('/');
    expect(await visit(guestOnly(queryClient, 'reset-link'), '/forgot-password/reset')).toBe('/');
  });

  test("…unless a provider's answer is being brought back", async () => {
    signIn();
    const guard = guestOnly(queryClient, 'provider-answer');
    expect(await visit(guard, '/social-login#id_token=eyJ&state=s1')).toBeNull();
    expect(await visit(guard, '/social-login?code=c1&state=s1&first_name=Ada')).toBeNull();
    expect(await visit(guard, '/auth-facebook-cb#access_token=EAAL1&state=s1')).toBeNull();
    // A fragment left in the address bar by another page does not count.
    vi.stubGlobal('window', { location: { pathname: '/menu', search: '', hash: '#id_token=eyJ' } });
    const result = (await guard({
      request: new Request('http://shop.test/social-login'),
      params: {},
    } as never)) as Response | null;
    expect(result?.headers.get('Location')).toBe('/');
  });

  test('…or, on the reset page, a reset link', async () => {
    signIn();
    expect(await visit(guestOnly(queryClient, 'reset-link'), '/forgot-password/reset?token=t1')).toBeNull();
    // A reset token is not an answer from a provider.
    expect(await visit(guestOnly(queryClient), '/login?code=c1')).toBe('/');
  });
});

describe('the one-tap links of the plan’s reminder email (issue 12)', () => {
  const at = (path: string) => new URL(path, 'http://shop.test');

  test('a week’s skip link with its token is one; anything else is not', () => {
    expect(isOneTapLink(at('/schedule/w1/edit?action=skip&token=t1'))).toBe(true);
    expect(isOneTapLink(at('/schedule/w1/edit?token=t1'))).toBe(false);
    expect(isOneTapLink(at('/schedule/w1/edit?action=skip'))).toBe(false);
    expect(isOneTapLink(at('/schedule/w1/choose-recipes?action=skip&token=t1'))).toBe(false);
    expect(isOneTapLink(at('/account?action=skip&token=t1'))).toBe(false);
  });

  test('its token is the week’s, not a sign-in: the page opens as it is, signed out', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new Error('offline')));
    expect(await visit(signInFromToken(queryClient), '/schedule/w1/edit?action=skip&token=t1')).toBeNull();
    // A token anywhere else is a sign-in token: it is used, and the page goes on without it.
    const other = await visit(signInFromToken(queryClient), '/account?token=t2').catch((r: unknown) => r);
    expect(other).toBeInstanceOf(Response);
    expect((other as Response).headers.get('Location')).toBe('/account');
  });
});
