import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers';

// The accounts journey on a phone: sign up (signed in at once) and confirm from the mailbox, edit the profile, two addresses
// (one made default), sign out, a wrong password, a password reset from the mailbox, sign in again;
// Google, Facebook and Apple through the local provider pages; returnTo bringing the customer back; a
// signed-in customer kept off the auth screens.

const email = `ada.${Date.now()}@example.com`;
const password = 'analytical engine 1843';
const newPassword = 'difference engine 1822';

/** Opens the newest email with `subject` in the development mailbox page, as a person would. */
async function openMail(page: Page, to: string, subject: RegExp) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const link = page.getByRole('link', { name: subject }).first();
  // Emails go out in the background: reload until it has arrived.
  await expect
    .poll(async () => {
      if (await link.isVisible()) return true;
      await page.reload();
      return false;
    })
    .toBe(true);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

/** Follows the email's link into the shop from the mailbox page (the "Links" list shows each address). */
async function followMailLink(page: Page, href: RegExp) {
  await page.getByRole('region', { name: 'Links' }).getByRole('link', { name: href }).first().click();
}

/** The POST /customers/fingerprint that follows a sign-in. */
const fingerprintRegistered = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/v2/customers/fingerprint') && r.request().method() === 'POST',
  );

/** A signed-in customer visiting an auth screen is sent to / (the takeaway address search). */
async function expectKeptOffAuthScreens(page: Page) {
  for (const path of ['/login', '/social-login', '/auth-facebook-cb', '/forgot-password/reset']) {
    await page.goto(path);
    await expect(page, `${path} when signed in`).toHaveURL(/\/pasta-now-search-address$/);
  }
}

test('sign up, confirm, profile, addresses, sign out, wrong password, reset, sign in', async ({ page }) => {
  // The longest journey, with an accessibility check on each screen on the way.
  test.slow();
  await page.goto('/signup');
  await expectAccessible(page, '/signup');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  // A common password is refused beside the field.
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('That password is too common')).toBeVisible();
  await page.getByLabel('Password').fill(password);
  const signUpFingerprint = fingerprintRegistered(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Signed in at once (decision 18), on to the account, which asks gently for the email to be confirmed;
  // the browser's fingerprint is registered in the background.
  await expect(page).toHaveURL(/\/account$/);
  expect((await signUpFingerprint).status()).toBe(204);
  await expect(page.getByRole('heading', { name: 'Ciao, Ada!' })).toBeVisible();
  const confirmNotice = page.getByText('Please confirm your email.');
  await expect(confirmNotice).toBeVisible();
  await expectAccessible(page, 'the account dashboard asking to confirm the email');

  // The confirmation email, opened in the development mailbox; its link confirms in this signed-in browser.
  await openMail(page, email, /Please confirm your email/);
  await page.goBack();
  await expectAccessible(page, 'the mailbox');
  await page.goForward();
  await followMailLink(page, /\?confirm=/);
  await expect(page.getByText('Thank you: your email address is confirmed')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  await expect(confirmNotice).toHaveCount(0);
  await expectAccessible(page, 'the account dashboard');

  // Profile: names, phone, date of birth, preferences.
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await page.getByLabel('Last name').fill('King');
  await page.getByLabel('Mobile or phone').fill('07911 123456');
  const born = page.getByRole('group', { name: /Date of birth/ });
  await born.getByLabel('Day').fill('10');
  await born.getByLabel('Month').fill('12');
  await born.getByLabel('Year').fill('1990');
  await page.getByRole('checkbox', { name: 'Email' }).check();
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details are saved')).toBeVisible();
  await expect(page.getByLabel('Mobile or phone')).toHaveValue('+447911123456');
  await expectAccessible(page, 'the profile');

  // Paperless is saved on its own.
  const paperless = page.waitForResponse((r) => r.url().endsWith('/api/v2/customers/paperless') && r.ok());
  await page.getByRole('switch', { name: /No paper recipe cards/ }).check();
  await paperless;
  await expect(page.locator('#paperless-status')).toHaveText('Saved');

  // Two addresses; the second made default.
  await page.getByRole('button', { name: 'Add address' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel('Address line 1').fill('1 Pasta Lane');
  await dialog.getByLabel('Town or city').fill('London');
  await dialog.getByLabel('Postcode').fill('not a postcode');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('Enter a full UK postcode, like SW1A 2AA')).toBeVisible();
  await expectAccessible(page, 'the add-address dialog with a field error');
  await dialog.getByLabel('Postcode').fill('sw1a1aa');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add address' }).click();
  dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel('Address line 1').fill('22 Ravioli Road');
  await dialog.getByLabel('Town or city').fill('Bristol');
  await dialog.getByLabel('Postcode').fill('BS1 4DJ');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toBeHidden();
  const cards = page.locator('.address-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('1 Pasta Lane');
  await expect(cards.first()).toContainText('SW1A 1AA');
  await expect(cards.first()).toContainText('Default');
  await page.getByRole('button', { name: 'Make default 22 Ravioli Road' }).click();
  await expect(page.getByText('Default address changed')).toBeVisible();
  await expect(cards.first()).toContainText('22 Ravioli Road');
  await expect(cards.first()).toContainText('Default');
  await expectAccessible(page, 'the addresses');

  // Editing an address: a bad postcode is refused beside the field.
  await page.getByRole('button', { name: 'Edit 1 Pasta Lane' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit address' });
  await expect(dialog.getByLabel('Address line 1')).toHaveValue('1 Pasta Lane');
  await dialog.getByLabel('Postcode').fill('SW1A');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog.getByText('Enter a full UK postcode, like SW1A 2AA')).toBeVisible();
  await expectAccessible(page, 'the edit-address dialog with a field error');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Sign out from the account icon.
  await page.getByRole('button', { name: /Your account/ }).click();
  await expect(page.locator('#account-menu')).toBeVisible();
  await expectAccessible(page, 'the account menu, open');
  await page.locator('#account-menu').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'You’re signed out' })).toBeVisible();
  await expectAccessible(page, 'the signed-out page');

  // A wrong password.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('.form-error')).toHaveText("Email and Password don't match");
  await expectAccessible(page, '/login with an error');

  // Forgot password → the email → reset → signed in.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The log-in form's own Email field is there until the next screen's chunk arrives.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('Check your inbox.')).toBeVisible();
  await expectAccessible(page, '/forgot-password');
  await openMail(page, email, /Reset your Sfoglia password/);
  await followMailLink(page, /\/forgot-password\/reset\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('New password again').fill(newPassword);
  await expectAccessible(page, 'the reset page');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page).toHaveURL(/\/account\/my-details$/);

  // Sign out and in with the new password.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'You’re signed out' })).toBeVisible();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Ciao, Ada!' })).toBeVisible();

  // A signed-in customer visiting the auth screens goes to /…
  await expectKeptOffAuthScreens(page);
  // …but a reset link still opens the reset page (the way to a new password without the current one).
  const asked = await page.request.post('/api/v2/customers/password_reset', {
    data: { email },
    headers: { 'x-branch': 'web' },
  });
  expect(asked.ok()).toBe(true);
  await openMail(page, email, /Reset your Sfoglia password/);
  await followMailLink(page, /\/forgot-password\/reset\?token=/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password\/reset\?token=/);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
});

test('sign in with the local Google page, and returnTo brings the customer back', async ({ page }) => {
  // A route that needs sign-in sends a visitor to /social-login with returnTo.
  await page.goto('/account/my-details');
  await expect(page).toHaveURL(/\/social-login\?returnTo=%2Faccount%2Fmy-details$/);
  await expectAccessible(page, '/social-login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await expectAccessible(page, 'the local Google page');
  await page.getByRole('textbox', { name: 'Email' }).fill(`grace.${Date.now()}@example.com`);
  await page.getByLabel(/First name|Given name/).fill('Grace');
  await page.getByLabel(/Last name|Family name/).fill('Hopper');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/my-details$/);
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  // Signed in with Google: no password to change here.
  await expect(page.getByText(/You sign in with Google, Facebook, Apple/)).toBeVisible();
});

test('sign in with the local Facebook page, through /auth-facebook-cb', async ({ page }) => {
  // The Facebook return without an answer offers another try.
  await page.goto('/auth-facebook-cb');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expectAccessible(page, '/auth-facebook-cb without an answer');

  // Facebook answers at /auth-facebook-cb with a token in the fragment.
  await page.goto('/social-login');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Facebook' })).toBeVisible();
  await expectAccessible(page, 'the local Facebook page');
  await page.getByRole('textbox', { name: 'Email' }).fill(`katherine.${Date.now()}@example.com`);
  await page.getByLabel('First name').fill('Katherine');
  await page.getByLabel('Last name').fill('Johnson');
  // The shop's sign-in call is held back, so the callback page is checked while it works.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v2/sessions/facebook', async (route) => {
    await held;
    await route.continue();
  });
  const facebookFingerprint = fingerprintRegistered(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth-facebook-cb$/);
  await expect(page.getByRole('heading', { name: 'Signing you in…' })).toBeVisible();
  await expectAccessible(page, '/auth-facebook-cb while signing in');
  release();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Ciao, Katherine!' })).toBeVisible();
  expect((await facebookFingerprint).status()).toBe(204);
  await page.unrouteAll();
});

test('sign in with the local Apple page, and returnTo brings the customer back', async ({ page }) => {
  // Apple answers at /social-login with a code in the query.
  await page.goto('/account/my-details');
  await expect(page).toHaveURL(/\/social-login\?returnTo=%2Faccount%2Fmy-details$/);
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Apple' })).toBeVisible();
  await expectAccessible(page, 'the local Apple page');
  await page.getByRole('textbox', { name: 'Email' }).fill(`mary.${Date.now()}@example.com`);
  await page.getByLabel('First name').fill('Mary');
  await page.getByLabel('Last name').fill('Jackson');
  const appleFingerprint = fingerprintRegistered(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/my-details$/);
  await expect(page.getByLabel('First name')).toHaveValue('Mary');
  expect((await appleFingerprint).status()).toBe(204);
  await expectKeptOffAuthScreens(page);
});
