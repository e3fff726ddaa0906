import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers';

// The accounts journey on a phone: sign up and confirm from the mailbox, edit the profile, two addresses
// (one made default), sign out, a wrong password, a password reset from the mailbox, sign in again;
// Google through the local provider; returnTo bringing the customer back.

const email = `ada.${Date.now()}@example.com`;
const password = 'analytical engine 1843';
const newPassword = 'difference engine 1822';

interface MailboxMessage {
  to: string;
  subject: string;
  template: string;
  links: string[];
}

async function latestMail(page: Page, to: string, template: string): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: MailboxMessage[] };
      found = messages.find((m) => m.template === template);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('sign up, confirm, profile, addresses, sign out, wrong password, reset, sign in', async ({ page }) => {
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
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  // The confirmation email, opened in the development mailbox.
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expectAccessible(page, 'the mailbox');
  await page
    .getByRole('link', { name: /Confirm your email/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /Confirm your email/ })).toBeVisible();
  const confirm = await latestMail(page, email, 'confirm_sign_up');
  await page.goto(confirm.links[0]!);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Ciao, Ada!' })).toBeVisible();
  await expectAccessible(page, 'the account dashboard');

  // Profile: names, phone, date of birth, preferences.
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await page.getByLabel('Last name').fill('King');
  await page.getByLabel('Mobile or phone').fill('07911 123456');
  await page.getByLabel('Date of birth').fill('1990-12-10');
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
  await expect(dialog.getByText('Enter a valid UK postcode, like SW1A 1AA')).toBeVisible();
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

  // Sign out from the account icon.
  await page.getByRole('button', { name: /Your account/ }).click();
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
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('Check your inbox.')).toBeVisible();
  await expectAccessible(page, '/forgot-password');
  const reset = await latestMail(page, email, 'password_reset');
  await page.goto(reset.links[0]!);
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

  // A signed-in customer visiting /login goes to /.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/menu$/);
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
