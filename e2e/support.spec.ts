import { expect, test, type Page } from '@playwright/test';
import { placePaidBooking } from './events-api';
import { expectAccessible, waitForHydration } from './helpers';
import { SUPPORT_STAFF } from './support-staff';

// Support (issue 23 part 5), at phone size: a signed-in customer asks about one of their orders (a paid event
// booking, made through the API) at /support and sees the reference; a member of the support team (another
// browser, signed in by email) answers it in /support/inbox; the customer finds the answer in their email (the
// development mailbox) and, by its link, in /account/support, and replies. The beta group's switch, and what a
// visitor sees of the form and the switch. axe on every screen.

const FAR_AHEAD = '2026-12-02T00:00:00.000Z';

interface MailboxMessage {
  template: string;
  subject: string;
  text: string;
  links: string[];
}

/** The latest email of a template to an address, once it is in the development mailbox. */
async function emailed(
  page: Page,
  to: string,
  template: string,
  containing: string,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: MailboxMessage[] };
      found = messages.find((message) => message.template === template && message.text.includes(containing));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

test('a customer asks about their booking, the support team answers, the answer reaches their email and account', async ({
  browser,
  baseURL,
}) => {
  const booking = await placePaidBooking(baseURL!, { after: FAR_AHEAD, adults: 2, firstName: 'Grace' });
  const customer = await browser.newContext({ storageState: await booking.customer.storageState() });
  const page = await customer.newPage();

  await page.goto('/support');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'How can we help?', level: 1 })).toBeVisible();
  // Signed in: no email to give, and their orders to choose from.
  await expect(page.getByText(`We’ll answer ${booking.email} and in your account.`)).toBeVisible();
  await expect(page.getByLabel('Your email')).toHaveCount(0);
  const orderLabel = `#${booking.number} · Event booking · ${booking.slot.attributes.date_label}`;
  const order = page.getByRole('combobox', { name: 'Which order is it about?' });
  await expect(order).toBeEnabled();
  await expect(order.locator('optgroup[label="Coming up"] option', { hasText: orderLabel })).toHaveCount(1);

  // Nothing chosen or written: each field says what it needs, and nothing is sent.
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByText('Choose what your question is about')).toBeVisible();
  await expect(page.getByText('Please tell us what you need help with.')).toBeVisible();
  await expectAccessible(page, '/support with its errors, signed in');

  await page.getByRole('combobox', { name: 'What is it about?' }).selectOption({ label: 'An event booking' });
  await order.selectOption({ label: orderLabel });
  const message = 'My friend is coeliac. Can the class make her a gluten-free dough on the day?';
  await page.getByRole('textbox', { name: 'How can we help?' }).fill(message);
  await expect(page.getByText(`${message.length} of 4,000 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Send question' }).click();

  await expect(page).toHaveURL(/\/support-success\?reference=SF-/);
  await expect(
    page.getByRole('heading', { name: 'Thank you, we’ve got your question', level: 1 }),
  ).toBeVisible();
  const reference = new URL(page.url()).searchParams.get('reference')!;
  expect(reference).toMatch(/^SF-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  await expect(page.getByText(`Your reference is ${reference}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'See your questions' })).toBeVisible();
  await expectAccessible(page, '/support-success');
  // Their copy, with the reference and the way to their questions. (Their email is not confirmed yet, so
  // it does not quote what they wrote: anyone can sign up with anyone's address.)
  const copy = await emailed(page, booking.email, 'support_ticket_received', reference);
  expect(copy.text).toContain(`Order: ${orderLabel}`);
  expect(copy.text).not.toContain(message);
  expect(copy.links.some((href) => href.includes('/account/support?ticket='))).toBe(true);

  // The support team, in a browser of their own: signed in by email, back to the inbox.
  const team = await browser.newContext();
  const staff = await team.newPage();
  await staff.goto('/support/inbox');
  await expect(staff).toHaveURL(/\/social-login\?returnTo=/);
  await staff.getByRole('link', { name: 'Continue with email' }).click();
  await staff.getByRole('textbox', { name: 'Email' }).fill(SUPPORT_STAFF.email);
  await staff.getByLabel('Password').fill(SUPPORT_STAFF.password);
  await staff.getByRole('button', { name: /^Log in$/ }).click();
  await expect(staff).toHaveURL(/\/support\/inbox/);
  await expect(staff.getByRole('heading', { name: 'Support inbox', level: 1 })).toBeVisible();
  await staff.getByRole('button', { name: new RegExp(reference) }).click();
  const detail = staff.getByRole('article', { name: new RegExp(`${reference}: An event booking`) });
  await expect(detail.getByRole('heading', { name: `Order ${orderLabel}` })).toBeVisible();
  await expect(detail.getByText(/^Booked for .* · £\d+\.\d\d$/)).toBeVisible();
  await expect(detail.getByText(message)).toBeVisible();
  await expect(detail.getByText('To answer')).toBeVisible();
  await expectAccessible(staff, 'the support inbox with a question open');

  const answer =
    'Yes: tell the host when you arrive and she will make a gluten-free dough on a board of its own.';
  await detail.getByRole('textbox', { name: `Answer ${reference}` }).fill(answer);
  await detail.getByRole('button', { name: 'Send answer' }).click();
  await expect(staff.getByText(`Answer sent to ${booking.email}`)).toBeVisible();
  await expect(detail.getByText('Answered', { exact: true })).toBeVisible();
  await expect(detail.getByText(answer)).toBeVisible();
  await team.close();

  // The answer by email, with a link to the question in the account.
  const email = await emailed(page, booking.email, 'support_answer', reference);
  expect(email.subject).toBe(`Our answer to your question (${reference})`);
  expect(email.text).toContain(answer);
  const link = new URL(email.links.find((href) => href.includes('/account/support?ticket='))!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Your questions' })).toBeVisible();
  const conversation = page.getByRole('list', { name: `Conversation about ${reference}` });
  await expect(conversation.getByText(answer)).toBeVisible();
  await expect(conversation.getByText(/from Sfoglia/)).toBeVisible();
  await expect(page.getByText(`${reference} · Answered`)).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Help', exact: true }),
  ).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, '/account/support with an answer');

  // A reply opens the question again.
  await page
    .getByRole('textbox', { name: `Reply about ${reference}` })
    .fill('Wonderful, thank you. She will bring her own apron.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText(`${reference} · Waiting for our answer`)).toBeVisible();
  await expect(conversation.getByText('She will bring her own apron.')).toBeVisible();

  // The beta group: where they stand, joined, and still joined after a reload.
  await page.goto('/beta-opt-in');
  const beta = page.getByRole('switch', { name: 'Try new things first (the beta group)' });
  await expect(beta).not.toBeChecked();
  await expect(page.getByText('You’re not in the beta group.')).toBeVisible();
  await expectAccessible(page, '/beta-opt-in, signed in');
  await beta.click();
  await expect(page.getByText('You’re in the beta group. Thank you!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Try new things first (the beta group)' })).toBeChecked();
  await customer.close();
  await booking.customer.dispose();
});

test('a visitor gives an email on /support, and is asked to sign in for the beta group', async ({ page }) => {
  await page.goto('/support');
  await waitForHydration(page);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    `/social-login?returnTo=${encodeURIComponent('/support')}`,
  );
  await expect(page.getByRole('combobox', { name: 'Which order is it about?' })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'What is it about?' }).selectOption({ label: 'Something else' });
  await page.getByRole('textbox', { name: 'How can we help?' }).fill('Do you deliver to the Isle of Wight?');
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page.getByText('Enter your email address, so that we can answer you')).toBeVisible();
  await expectAccessible(page, '/support as a visitor, its email missing');
  await page.getByRole('textbox', { name: 'Your email' }).fill(`isle.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send question' }).click();
  await expect(page).toHaveURL(/\/support-success\?reference=SF-/);
  await expect(page.getByRole('link', { name: 'Sign in to see your questions' })).toBeVisible();

  await page.goto('/beta-opt-in');
  await expect(page.getByRole('heading', { name: 'Try new things first', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in or sign up' })).toHaveAttribute(
    'href',
    `/social-login?returnTo=${encodeURIComponent('/beta-opt-in')}`,
  );
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expectAccessible(page, '/beta-opt-in as a visitor');
});
