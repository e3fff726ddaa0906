import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, waitForHydration } from './helpers';
import { afterOrderEmail, deliverTakeaway, deliveredBox, kitchenApi, NEXT_WEEK } from './ratings-api';
import { placeTakeawayOrder, signInAsKitchenStaff, TAKEAWAY } from './takeaway-api';

// Ratings and feedback at phone size (issue 23 parts 1–2): a takeaway delivered by the kitchen is rated from
// the after-order email's stars, signed out, then the one NPS question, then the rating changed; its customer
// signed in finds the stars on the tracking page too. A Pasta Plan box delivered now has two of its dishes
// rated on its order page (#rate, where its email links) and the NPS question answered, and the menu's cards
// and the dish detail count them. axe on every new screen.

test.use({ viewport: { width: 390, height: 844 } });

/** With SHOTS set: the page at phone size, for a look. */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS)
    await page.screenshot({ path: `test-results/ratings-shots/${name}.png`, fullPage: true });
}

test('a delivered takeaway is rated from the emailed link, signed out, then changed; the kitchen sees it', async ({
  page,
  browser,
  baseURL,
}) => {
  const placed = await placeTakeawayOrder(baseURL!, {
    firstName: 'Rosa',
    lines: [{ productId: TAKEAWAY.ragu, quantity: 1, subItems: [TAKEAWAY.grande] }],
  });
  const kitchen = await kitchenApi(baseURL!);
  await deliverTakeaway(kitchen, placed.orderId);

  // The email: five stars, each a link to the rating page with the order's key.
  const email = await afterOrderEmail(page.request, placed.email);
  expect(email.subject).toBe('How was your order from Sfoglia Soho?');
  const links = email.links.filter((href) => href.includes('/rate-my-takeaway?'));
  expect(links.map((href) => new URL(href).searchParams.get('rating'))).toEqual(['5', '4', '3', '2', '1']);
  const fourStars = new URL(links[1]!);
  const key = fourStars.searchParams.get('key')!;

  // Signed out, four stars chosen on the way. The order comes in the page, rendered by the server with the
  // link's key (decision 39): the browser does not read it again.
  const reads: URL[] = [];
  // React says when what the server rendered and the browser's first render differ.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes('/api/v2/ratings/order/')) reads.push(new URL(request.url()));
  });
  await page.goto(`${fourStars.pathname}${fourStars.search}`);
  await expect(page.getByRole('heading', { name: 'Rate your order', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: `Order #${placed.number} from Sfoglia Soho`, level: 2 }),
  ).toBeVisible();
  await expect(page.getByText(/^Delivered \w{3} \d{1,2} \w{3} at \d\d:\d\d$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'What was in it' })).toContainText('1 × Tagliatelle al Ragù');
  await expect(page.getByRole('radio', { name: '4 stars out of 5' })).toBeChecked();
  await expect(page.getByText('Really good', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the rating page');
  // (The text as shown: React marks where one piece of text meets another.)
  const firstHtml = (
    await (await page.request.get(`${fourStars.pathname}${fourStars.search}`)).text()
  ).replaceAll('<!-- -->', '');
  expect(firstHtml).toContain(`Order #${placed.number} from Sfoglia Soho`);
  expect(firstHtml).toContain('Send my rating');
  // Sent before the page's JS runs (JavaScript off here): the browser's own send comes back to the order,
  // its stars still chosen, not to a page without it.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const early = await noScript.newPage();
  await early.goto(`${fourStars.pathname}${fourStars.search}`);
  await early.getByRole('button', { name: 'Send my rating' }).click();
  await expect(early).toHaveURL(new RegExp(`\\?order=${placed.orderId}&key=${key}&rating=4&`));
  await expect(
    early.getByRole('heading', { name: `Order #${placed.number} from Sfoglia Soho`, level: 2 }),
  ).toBeVisible();
  await expect(early.getByRole('radio', { name: '4 stars out of 5' })).toBeChecked();
  await noScript.close();
  await shot(page, 'rate-my-takeaway');

  await waitForHydration(page);
  await page.getByRole('radio', { name: '5 stars out of 5' }).check();
  await expect(page.getByText('Loved it', { exact: true })).toBeVisible();
  // Live and answering (a read on mount is started in the commit that made it live): nothing was read, and
  // the page hydrated what the server rendered.
  expect(reads).toEqual([]);
  expect(problems.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
  await page.getByLabel('Tell us more (optional)').fill('Rich ragù, and still hot when it came.');
  await page.getByRole('button', { name: 'Send my rating' }).click();

  await expect(page).toHaveURL(/\/rate-my-takeaway\/confirmation\?.*rating=5/);
  await expect(page.getByRole('heading', { name: 'Thank you', level: 1 })).toBeVisible();
  await expect(page.getByText(/Your rating has gone to the kitchen at Sfoglia Soho/)).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'How likely are you to recommend Sfoglia to a friend?' }),
  ).toBeVisible();
  await expectAccessible(page, 'the rating confirmation');
  await shot(page, 'rate-my-takeaway-confirmation');

  // The one question: answered once, then shown.
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(page.getByText(/Choose a score from 0 to 10/)).toBeVisible();
  await page.getByRole('radio', { name: '9', exact: true }).check();
  await page.getByLabel('What matters most in your score? (optional)').selectOption('taste');
  await page.getByRole('button', { name: 'Send answer' }).click();
  await expect(
    page.getByText(/You told us you’re 9 out of 10 likely to recommend us \(taste and quality\)/),
  ).toBeVisible();

  // Back on the rating page: the rating given, and changed while it may be.
  await page.getByRole('link', { name: 'See your rating' }).click();
  await expect(page).toHaveURL(new RegExp(`/rate-my-takeaway\\?order=${placed.orderId}&key=${key}$`));
  await expect(page.getByText(/Loved it, given \w{3} \d{1,2} \w{3}\./)).toBeVisible();
  await expect(page.getByRole('blockquote')).toHaveText('Rich ragù, and still hot when it came.');
  await page.getByRole('radio', { name: '4 stars out of 5' }).check();
  await page.getByRole('button', { name: 'Save my new rating' }).click();
  await expect(page).toHaveURL(/\/rate-my-takeaway\/confirmation\?.*rating=4/);
  await expect(page.getByText(/You told us you’re 9 out of 10/)).toBeVisible();

  // The confirmation without its rating goes back to the rating page, keeping the order and its key.
  await page.goto(`/rate-my-takeaway/confirmation?order=${placed.orderId}&key=${key}`);
  await expect(page).toHaveURL(new RegExp(`/rate-my-takeaway\\?order=${placed.orderId}&key=${key}$`));
  await expect(page.getByRole('heading', { name: 'Your rating', level: 2 })).toBeVisible();

  // A key cut short finds nothing, and says what to do.
  await page.goto(`/rate-my-takeaway?order=${placed.orderId}&key=${key.slice(0, 20)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'We couldn’t find that order.' })).toContainText(
    'open it again from your email',
  );
  // The server asked (its HTML says so): the page, live, does not ask again.
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  expect(problems.filter((text) => /hydrat|did not match|Minified React error/i.test(text))).toEqual([]);
  expect(reads.filter((url) => url.searchParams.get('key') === key.slice(0, 20))).toHaveLength(0);

  // Its customer, signed in, finds the stars on the tracking page, each to the rating page.
  const own = await browser.newContext({ storageState: await placed.customer.storageState() });
  const mine = await own.newPage();
  await mine.goto(`/takeaway/track/${placed.orderId}`);
  const rate = mine.getByRole('navigation', { name: 'How was it?' });
  await expect(rate).toBeVisible({ timeout: 20_000 });
  await rate.getByRole('link', { name: 'Rate it 3 stars out of 5' }).click();
  await expect(mine).toHaveURL(new RegExp(`/rate-my-takeaway\\?order=${placed.orderId}&rating=3$`));
  await expect(mine.getByRole('radio', { name: '3 stars out of 5' })).toBeChecked();
  await expect(mine.getByText(/Really good, given/)).toBeVisible();
  // A link with its key cut short is still the customer's own order, signed in (the server reads with the
  // key alone, the page once more with the session).
  await mine.goto(`/rate-my-takeaway?order=${placed.orderId}&key=${key.slice(0, 20)}`);
  await expect(
    mine.getByRole('heading', { name: `Order #${placed.number} from Sfoglia Soho`, level: 2 }),
  ).toBeVisible();
  await expect(mine.getByText(/Really good, given/)).toBeVisible();
  await own.close();

  // The kitchen's screen lists it, in its Ratings view.
  const staff = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const screen = await staff.newPage();
  await signInAsKitchenStaff(screen, '/kitchen?restaurant=soho&view=ratings');
  const listed = screen.getByRole('listitem').filter({ hasText: `#${placed.number}` });
  await expect(listed).toContainText('“Rich ragù, and still hot when it came.”');
  await expect(listed.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Ratings of the last 30 days' })).toBeVisible();
  await expectAccessible(screen, 'the kitchen’s ratings');
  await shot(screen, 'kitchen-ratings');
  await staff.close();
  await kitchen.dispose();
  await placed.customer.dispose();
});

/** What a dish's card says of its stars, or null when it has none yet. */
async function starsOnCard(page: Page, title: string): Promise<string | null> {
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  const rating = card.locator('.dish-facts__rating');
  return (await rating.count()) > 0 ? await rating.textContent() : null;
}

const countOf = (text: string | null) => (text ? Number(/from (\d+) ratings?$/.exec(text)![1]) : 0);

test('two dishes of a delivered box are rated on its order page, and the menu counts them', async ({
  browser,
  baseURL,
}) => {
  const box = await deliveredBox(baseURL!, 'Giulia');
  const context = await browser.newContext({
    storageState: await box.customer.storageState(),
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();

  // How many ratings the week's dishes have now (the shop's review summary for the menu).
  const summary = await (await box.customer.get(`/api/v2/weekly_menus/${NEXT_WEEK}/review_summary`)).json();
  const countBefore = new Map<string, number>(
    summary.data.map((d: { id: string; attributes: { count: number } }) => [d.id, d.attributes.count]),
  );

  // The order page the email links to: each dish, then the one question.
  await page.goto(`/order/${box.orderId}#rate`);
  const section = page.getByRole('region', { name: 'How was it?' });
  await expect(section).toBeVisible();
  await expect(section).toBeInViewport();
  await expectAccessible(page, 'a delivered box’s ratings');
  await shot(page, 'box-ratings');
  const [first, second] = box.titles as [string, string];

  const rateDish = async (title: string, stars: number, comment: string) => {
    const form = section.getByRole('form', { name: `Rate ${title}` });
    await form.getByRole('button', { name: 'Save rating' }).click();
    await expect(form.getByText(`Choose from 1 to 5 stars for ${title}`)).toBeVisible();
    await form.getByRole('radio', { name: `${stars} stars out of 5` }).check();
    if (comment) await form.getByLabel(`A comment on ${title} (optional)`).fill(comment);
    await form.getByRole('button', { name: 'Save rating' }).click();
    await expect(section.getByRole('button', { name: `Change your rating of ${title}` })).toBeVisible();
  };
  await rateDish(first, 5, 'Silky and rich: we would order it again.');
  await rateDish(second, 4, '');
  await expect(section.getByText('“Silky and rich: we would order it again.”')).toBeVisible();
  await expect(section.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();

  await section.getByRole('radio', { name: '10', exact: true }).check();
  await section.getByLabel('Anything else you’d like us to know? (optional)').fill('Lovely week of dinners.');
  await section.getByRole('button', { name: 'Send answer' }).click();
  await expect(section.getByText(/You told us you’re 10 out of 10 likely to recommend us/)).toBeVisible();
  await expect(section.getByText('Thank you for rating every dish')).toBeVisible();
  await expectAccessible(page, 'a delivered box, rated');
  await shot(page, 'box-rated');

  // The menu of that week counts each one more, on its card and in the dish detail. (The week's own
  // address: the server keeps a public page a minute, so the plain /menu may be one rendered before.)
  await page.goto(`/menu?week=${NEXT_WEEK}`);
  await waitForHydration(page);
  for (const [index, title] of box.titles.entries()) {
    const text = await starsOnCard(page, title);
    expect(text, `${title}'s stars`).toMatch(/^[1-5]\.\d from \d+ ratings?$/);
    expect(countOf(text)).toBe(countBefore.get(box.productIds[index]!)! + 1);
  }
  await shot(page, 'menu-with-stars');
  await page.getByRole('article', { name: first }).getByRole('button', { name: first, exact: true }).click();
  const detail = page.getByRole('dialog', { name: first });
  await expect(detail.locator('.dish-facts__rating')).toHaveText(/^[1-5]\.\d from \d+ ratings?$/);
  await expectAccessible(page, 'the dish detail with its stars');
  await shot(page, 'dish-detail-with-stars');
  await context.close();
  await box.customer.dispose();
});
