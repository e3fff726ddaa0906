import { expect, type Page } from '@playwright/test';
import { OWNER } from './back-office-staff';

/**
 * Opens a back-office address signed out, and signs in there as the e2e shop's first owner (made by
 * `npm run staff` before the shop starts): the sign-in page sends the owner back to `path`.
 */
export async function signInAsOwner(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/social-login\?returnTo=/);
  await page.getByRole('link', { name: 'Continue with email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: /^Log in$/ }).click();
}
