import { expect, test, type Page } from '@playwright/test';
import { signInAsOwner } from './back-office-owner';
import { expectAccessible, openMenu } from './helpers';
import { newCustomer } from './takeaway-api';

// The back office's catalogue (issue 25 parts 2 and 7), at desktop size: the owner (made by `npm run staff`)
// invites a manager; the manager, signed up with that address in a browser of their own, accepts at the emailed
// link, makes a new dish with its allergens, variant and picture, puts it into next week's menu (published) and
// drafts and publishes a later week; a customer in a third browser finds the dish on /menu for next week. The
// shop's clock is Wednesday 18 November 2026, 10:00: next week (23 – 28 Nov) closes on Friday at 12:00.
// axe on every new screen.

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

/** A small JPEG made in the page (a canvas), as a file would come from a phone's camera. */
async function photo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 960;
    canvas.height = 640;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#d98a2b';
    context.fillRect(0, 0, 960, 640);
    context.fillStyle = '#f4e3c1';
    context.beginPath();
    context.arc(480, 320, 220, 0, Math.PI * 2);
    context.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

test('an owner invites a manager, who makes a dish and puts it into next week’s menu; a customer sees it on /menu', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `Pumpkin cappellacci ${Date.now().toString(36)}`;

  // The owner invites a manager.
  await signInAsOwner(page, '/back-office/staff');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const { customer, email } = await newCustomer(baseURL!, 'Marco', 'Rossi');
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Their email address').fill(email);
  await form.getByLabel('Role').selectOption({ label: 'Manager' });
  await form.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`We’ve emailed ${email}.`)).toBeVisible();
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

  // The manager, signed up with the invited address in a browser of their own, accepts.
  const theirs = await browser.newContext({ storageState: await customer.storageState() });
  const manager = await theirs.newPage();
  await manager.goto(new URL(link).pathname + new URL(link).search);
  await manager.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(manager.getByText('You’re in: Manager.')).toBeVisible();
  await manager.getByRole('link', { name: 'Open the back office' }).click();
  const nav = manager.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Dishes' }).click();
  await expect(manager.getByRole('heading', { name: 'Dishes', level: 1 })).toBeVisible();
  await expect(manager.getByRole('table', { name: 'Dishes, by title' })).toBeVisible();
  await expectAccessible(manager, '/back-office/dishes');

  // A new dish: refused without its allergens, then made with them.
  await manager.getByRole('link', { name: 'New dish' }).click();
  await expect(manager.getByRole('heading', { name: 'New dish', level: 1 })).toBeVisible();
  await manager.getByLabel('Title').fill(title);
  await manager.getByLabel('Description').fill('Pumpkin and amaretti in fresh egg pasta, with sage butter.');
  await manager.getByLabel('Tags').fill('vegetarian');
  await manager.getByLabel('SKU').fill(`E2E-${Date.now()}`);
  await manager.getByLabel('Price (£)').fill('13.50');
  await manager.getByLabel('Stock').fill('40');
  await expectAccessible(manager, '/back-office/dishes/new');
  await manager.getByRole('button', { name: 'Make the dish' }).click();
  await expect(manager.getByRole('alert').filter({ hasText: 'Contains none of the 14' })).toBeVisible();
  const allergens = manager.getByRole('group', { name: 'Allergens (the 14 the law names)' });
  for (const name of ['Gluten', 'Eggs', 'Milk']) await allergens.getByRole('checkbox', { name }).check();
  await manager.getByRole('button', { name: 'Make the dish' }).click();
  await expect(manager).toHaveURL(/\/back-office\/dishes\/\d+$/);
  await expect(manager.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Its picture, with a preview before it goes up.
  await manager.getByLabel('A photo of the dish (JPEG, PNG or WebP, up to 8 MB)').setInputFiles({
    name: 'cappellacci.jpg',
    mimeType: 'image/jpeg',
    buffer: await photo(manager),
  });
  await expect(manager.getByRole('img', { name: 'The photo you chose' })).toBeVisible();
  await expectAccessible(manager, '/back-office/dishes/{id}');
  await manager.getByRole('button', { name: 'Upload the photo' }).click();
  await expect(manager.getByRole('img', { name: `The menu’s picture of ${title}` })).toBeVisible();
  await expect(manager.getByRole('img', { name: `The menu’s picture of ${title}` })).toHaveAttribute(
    'src',
    /\/media\/\d+\.webp$/,
  );

  // Into next week's menu (published already), and a later week drafted and published.
  await nav.getByRole('link', { name: 'Weekly menus' }).click();
  await expect(manager.getByRole('heading', { name: 'Weekly menus', level: 1 })).toBeVisible();
  const nextWeek = manager.getByRole('article', { name: '23 – 28 Nov' });
  await expect(nextWeek.getByText('Published', { exact: true })).toBeVisible();
  await expect(nextWeek.getByText(/Can change until Friday,? 20 November/)).toBeVisible();
  const thisWeek = manager.getByRole('article', { name: '16 – 21 Nov' });
  await expect(thisWeek.getByText(/Closed at/)).toBeVisible();
  await expectAccessible(manager, '/back-office/menus');
  await nextWeek.getByLabel('Put a dish into 23 – 28 Nov').selectOption({ label: title });
  await nextWeek.getByRole('button', { name: 'Put in' }).click();
  await expect(nextWeek.getByRole('list', { name: 'Dishes for 23 – 28 Nov' })).toContainText(title);

  const laterWeek = manager.getByRole('article', { name: '4 – 9 Jan' });
  await expect(laterWeek.getByText('Not published')).toBeVisible();
  await laterWeek.getByLabel('Put a dish into 4 – 9 Jan').selectOption({ label: title });
  await laterWeek.getByRole('button', { name: 'Put in' }).click();
  await expect(laterWeek.getByRole('list', { name: 'Dishes for 4 – 9 Jan' })).toContainText(title);
  await laterWeek.getByRole('button', { name: 'Publish 4 – 9 Jan' }).click();
  await expect(laterWeek.getByText('Published', { exact: true })).toBeVisible();

  // The same screens on a phone (390 px wide).
  await manager.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(manager, '/back-office/menus at 390px');
  await nav.getByRole('link', { name: 'Dishes' }).click();
  await expect(manager.getByRole('table', { name: 'Dishes, by title' })).toBeVisible();
  await expectAccessible(manager, '/back-office/dishes at 390px');

  // A customer, in a third browser, finds it on next week's menu.
  const { customer: shopper } = await newCustomer(baseURL!, 'Ada', 'Lovelace');
  const shoppers = await browser.newContext({ storageState: await shopper.storageState() });
  const customerPage = await shoppers.newPage();
  await openMenu(customerPage);
  await expect(customerPage.getByRole('tab', { selected: true })).toContainText('Next week');
  await expect(customerPage.getByRole('heading', { name: title, level: 3 })).toBeVisible();

  // The owner marks a takeaway dish sold out at the first restaurant, then available again.
  await page.goto('/back-office/takeaway');
  await expect(page.getByRole('heading', { name: 'Takeaway menus', level: 1 })).toBeVisible();
  const soldOut = page.getByRole('button', { name: /^Sold out: / }).first();
  const itemName = ((await soldOut.getAttribute('aria-label')) ?? '').replace('Sold out: ', '');
  await soldOut.click();
  await expect(page.getByRole('button', { name: `Available again: ${itemName}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: itemName }).first()).toContainText('Sold out until');
  await expectAccessible(page, '/back-office/takeaway');
  await page.getByRole('button', { name: `Available again: ${itemName}` }).click();
  await expect(page.getByRole('button', { name: `Sold out: ${itemName}` })).toBeVisible();

  await shoppers.close();
  await theirs.close();
  await shopper.dispose();
  await customer.dispose();
});
