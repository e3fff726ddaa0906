import { expect, test } from '@playwright/test';
import { OWNER } from './back-office-staff';
import { signInAsOwner } from './back-office-owner';
import { expectAccessible } from './helpers';
import { newCustomer } from './takeaway-api';

// The back office's staff (issue 25 part 1), at desktop size: the first owner (made by `npm run staff`, as the
// operations guide says) signs in, invites a member of the support team by email; they open the emailed link
// in their own browser, accept and find the screens their role allows; the owner gives them a second role,
// and the audit log shows both changes. A customer without a role is told the back office is not theirs.
// axe on every screen.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

test('an owner invites a member of support, who joins from the emailed link; the audit log shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAsOwner(page, '/back-office/staff');
  await expect(page).toHaveURL(/\/back-office\/staff$/);
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  await expect(page.getByText(`${OWNER.email} (you)`)).toBeVisible();
  await expectAccessible(page, '/back-office/staff');

  const { customer, email } = await newCustomer(baseURL!, 'Sam', 'Bell');
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Their email address').fill(email);
  await form.getByLabel('Role').selectOption({ label: 'Support' });
  await expect(form.getByText('Orders and customers: refunds, credit and plans')).toBeVisible();
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`We’ve emailed ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Withdraw the invitation to ${email}` })).toBeVisible();

  // The invitation by email, in the development mailbox.
  let link = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: { template: string; links: string[] }[] };
      link =
        messages
          .find((m) => m.template === 'staff_invitation')
          ?.links.find((l) => l.includes('/back-office/invitation')) ?? '';
      return link;
    })
    .toContain('invitation=');

  // The invited person, signed in with that address in a browser of their own.
  const theirs = await browser.newContext({ storageState: await customer.storageState() });
  const them = await theirs.newPage();
  await them.goto(new URL(link).pathname + new URL(link).search);
  await expect(them.getByRole('heading', { name: 'Join Sfoglia’s back office', level: 1 })).toBeVisible();
  await expectAccessible(them, '/back-office/invitation');
  await them.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(them.getByText('You’re in: Support.')).toBeVisible();
  await them.getByRole('link', { name: 'Open the back office' }).click();
  const nav = them.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expectAccessible(them, '/back-office as support');
  // A screen their role does not include says so (and the server refuses its calls).
  await them.goto('/back-office/staff');
  await expect(them.getByText('Your role doesn’t include this screen.')).toBeVisible();

  // The owner sees them on the staff and makes them a manager too.
  await page.reload();
  await page.getByRole('button', { name: `Change roles of ${email}` }).click();
  const roles = page.getByRole('group', { name: `Roles of ${email}` });
  await expect(roles.getByRole('checkbox', { name: /^Support/ })).toBeChecked();
  await roles.getByRole('checkbox', { name: /^Manager/ }).check();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText(`${email}’s roles are saved`)).toBeVisible();
  await expect(page.getByText(/Manager · Support|Support · Manager/)).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'staff.change_roles' }).filter({ hasText: OWNER.email })).toHaveCount(
    1,
  );
  await expect(rows.filter({ hasText: 'staff.join' }).filter({ hasText: email })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'staff.invite' }).filter({ hasText: email })).toHaveCount(1);
  await expectAccessible(page, '/back-office/audit');

  // Their new role shows as soon as they look again.
  await them.goto('/back-office');
  await expect(
    them.getByRole('navigation', { name: 'Back office' }).getByText('Manager, Support'),
  ).toBeVisible();
  await theirs.close();
  await customer.dispose();
});

test('a customer without a role is told the back office is for the shop’s staff', async ({
  browser,
  baseURL,
}) => {
  const { customer } = await newCustomer(baseURL!, 'Ada', 'Lovelace');
  const context = await browser.newContext({ storageState: await customer.storageState() });
  const page = await context.newPage();
  await page.goto('/back-office/orders');
  await expect(
    page.getByRole('heading', { name: 'The back office is for the people who run Sfoglia', level: 1 }),
  ).toBeVisible();
  await expectAccessible(page, '/back-office for a customer');
  await context.close();
  await customer.dispose();
});
