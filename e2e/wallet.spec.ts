import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './helpers';

// One wallet at phone size (issue 23 part 4, decision 30): a new customer opens /account/rewards, adds a
// credit code there (a wrong one first), and finds it in the wallet: the balance, what expires next, the
// credit by where it came from with its date, and one history saying the movement's source and when its
// credit expires. The shop's clock is Wednesday 18 November 2026: a code's credit lasts a year, to the end
// of 18 November 2027. axe on the empty wallet and the one with credit.

async function shot(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  await page.screenshot({ path: `test-results/wallet-shots/${name}.png`, fullPage: true });
}

test('a credit code added on the rewards page is in one history with its source and expiry', async ({
  page,
}) => {
  const email = `wallet.${Date.now()}@example.com`;
  await page.goto('/account');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/First name|Given name/).fill('Wanda');
  await page.getByLabel(/Last name|Family name/).fill('Wallet');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account$/);

  await page.goto('/account/rewards');
  const wallet = page.getByRole('region', { name: 'Store credit' });
  await expect(wallet.getByText('No store credit yet.')).toBeVisible();
  await expect(wallet.locator('.account__figure')).toHaveText('£0.00');
  await shot(page, '01-empty-wallet');
  await expectAccessible(page, 'an empty wallet');

  await wallet.getByLabel('Credit code').fill('not-a-code');
  await wallet.getByRole('button', { name: 'Add credit' }).click();
  await expect(wallet.getByRole('alert')).toHaveText('Invalid code');
  await expect(wallet.locator('.account__figure')).toHaveText('£0.00');

  await wallet.getByLabel('Credit code').fill('credit-5');
  await wallet.getByRole('button', { name: 'Add credit' }).click();
  await expect(page.getByText('£5.00 added to your store credit')).toBeVisible();
  await expect(wallet.locator('.account__figure')).toHaveText('£5.00');
  await expect(wallet.getByText('£5.00 expires on 18 November 2027.')).toBeVisible();

  const lots = wallet.getByRole('list', { name: 'Your credit' }).getByRole('listitem');
  await expect(lots).toHaveCount(1);
  await expect(lots.first()).toContainText('Credit code');
  await expect(lots.first()).toContainText('Credit voucher CREDIT-5');
  await expect(lots.first()).toContainText('Expires on 18 November 2027');
  await expect(lots.first()).toContainText('£5.00');

  const history = wallet.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('Credit voucher CREDIT-5');
  await expect(history.first()).toContainText('Credit code');
  await expect(history.first()).toContainText('expires on 18 November 2027');
  await expect(history.first()).toContainText('+£5.00');
  await shot(page, '02-wallet-with-credit');
  await expectAccessible(page, 'the wallet with a credit code in it');

  // The same code again is refused with the server's reason, and nothing changes.
  await wallet.getByLabel('Credit code').fill('CREDIT-5');
  await wallet.getByRole('button', { name: 'Add credit' }).click();
  await expect(wallet.getByRole('alert')).toHaveText('You have already added this code to your account');
  await expect(history).toHaveCount(1);

  // It is the server's: a reload shows the same wallet.
  await page.reload();
  await expect(wallet.locator('.account__figure')).toHaveText('£5.00');
  await expect(wallet.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(1);
  await expect(wallet.getByText('£5.00 expires on 18 November 2027.')).toBeVisible();
});
