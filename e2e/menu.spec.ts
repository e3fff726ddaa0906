import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, openMenu, waitForHydration } from './helpers';

// The recipe-kit menu journey on a phone: weeks, filters, a dish, the basket with its optimistic changes,
// persistence across a reload, and a failed change rolling back with a message.
// The shop's clock is pinned to Wednesday 18 November 2026, 10:00 (playwright.config.ts).

test('browse the menu, build a basket, keep it across a reload, and see a failed add roll back', async ({
  page,
  context,
}) => {
  await openMenu(page);
  await expectAccessible(page, '/menu');

  // Weeks past their cutoff are locked; next week (orderable until Friday 12 noon) is selected.
  const tabs = page.getByRole('tab');
  await expect(tabs.filter({ hasText: 'This week' })).toContainText('(orders closed)');
  await expect(page.getByRole('tab', { selected: true })).toContainText('Next week');
  await expect(
    page.getByText('Order by Friday 20 November at 12 noon for delivery 23 – 28 Nov.', { exact: true }),
  ).toBeVisible();

  // Switch week.
  await page.getByRole('tab', { name: /30 Nov – 5 Dec/ }).click();
  await expect(page).toHaveURL(/week=2026-11-30/);
  await expect(page.getByRole('tab', { selected: true })).toContainText('30 Nov – 5 Dec');
  await expect(
    page.getByText('Order by Friday 27 November at 12 noon for delivery 30 Nov – 5 Dec.'),
  ).toBeVisible();

  // Filter Vegetarian: every dish left carries the V or VG badge.
  await page.getByRole('button', { name: 'Vegetarian', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Vegetarian', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const cards = page.locator('.dish-card:not(.dish-card--skeleton)');
  await expect(cards.first()).toBeVisible();
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i++) {
    await expect(cards.nth(i).locator('abbr[title="Vegetarian"], abbr[title="Vegan"]')).toHaveCount(1, {
      timeout: 2000,
    });
  }

  // Open a dish: its allergens are listed.
  const firstTitle = (await cards.first().locator('.dish-card__title').innerText()).trim();
  await cards.first().locator('.dish-card__title button').click();
  const dialog = page.getByRole('dialog', { name: firstTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Allergens' })).toBeVisible();
  await expect(dialog.getByText(/Contains:|No major allergens/)).toBeVisible();
  await expectAccessible(page, 'the dish detail');

  // Add Regular, then the Double portion.
  await dialog.getByRole('button', { name: `Add Regular ${firstTitle}` }).click();
  await expect(dialog.getByRole('group', { name: `Regular ${firstTitle} in basket` })).toContainText('1');
  await dialog.getByRole('radio', { name: /Double Portion \(Serves 2\)/ }).check();
  await dialog.getByRole('button', { name: `Add Double Portion (Serves 2) ${firstTitle}` }).click();
  await expect(
    dialog.getByRole('group', { name: `Double Portion (Serves 2) ${firstTitle} in basket` }),
  ).toContainText('1');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /View basket \(2 items\)/ })).toBeVisible();

  // Change a quantity and remove a line in the basket.
  await page.getByRole('button', { name: /View basket/ }).click();
  const basket = page.getByRole('dialog', { name: 'Your basket' });
  await expect(basket).toBeVisible();
  await expect(basket.getByText('30 Nov – 5 Dec')).toBeVisible();
  await basket.getByRole('button', { name: `One more Regular ${firstTitle}` }).click();
  await expect(basket.getByRole('group', { name: `Regular ${firstTitle} quantity` })).toContainText('2');
  // The screen changes at once; the server's answer comes later (changes go one after another, so the
  // removal is answered last). The reload below must not overtake it.
  const removed = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && /\/items\//.test(response.url()),
  );
  await basket.getByRole('button', { name: `Remove Double Portion (Serves 2) ${firstTitle}` }).click();
  await expect(
    basket.getByRole('group', { name: `Double Portion (Serves 2) ${firstTitle} quantity` }),
  ).toHaveCount(0);
  await expect(basket.getByText(/away from free delivery|Free delivery/)).toBeVisible();
  await expectAccessible(page, 'the basket');
  const total = await basket.getByTestId('basket-total').innerText();
  await basket.getByRole('button', { name: 'Close' }).click();

  // The server kept it: once it has answered both changes, a reload shows the same basket.
  expect((await removed).ok()).toBe(true);
  await expect(page.locator('.menu-aside')).toHaveAttribute('aria-busy', 'false');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: /View basket \(2 items\)/ })).toBeVisible();
  await page.getByRole('button', { name: /View basket/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your basket' }).getByTestId('basket-total')).toHaveText(
    total,
  );
  await page.getByRole('dialog', { name: 'Your basket' }).getByRole('button', { name: 'Close' }).click();

  // A failed add (the phone loses its connection) shows at once, then rolls back with a message.
  // The filter changes with the address, after the click has returned: the list is every dish once "All"
  // is pressed. The dish is then held by its name, so the locator cannot move to another card.
  const all = page.getByRole('button', { name: 'All', exact: true });
  await all.click();
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  const otherTitle = (
    await cards.filter({ hasNotText: firstTitle }).first().locator('.dish-card__title').innerText()
  ).trim();
  const other = cards.filter({ has: page.getByRole('heading', { name: otherTitle, exact: true }) });
  await context.setOffline(true);
  await other.getByRole('button', { name: `Add Regular ${otherTitle}` }).click();
  await expect(page.getByRole('button', { name: /View basket \(3 items\)/ })).toBeVisible();
  await expect(
    page.getByRole('alert').getByText('We could not reach Sfoglia. Check your connection and try again.'),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('button', { name: /View basket \(2 items\)/ })).toBeVisible();
  await context.setOffline(false);
});

/** Adds the first dish's Regular portion and waits until the add has reached the server (the line has its id). */
async function addFirstDish(page: Page) {
  await openMenu(page);
  const card = page.locator('.dish-card:not(.dish-card--skeleton)').first();
  const title = (await card.locator('.dish-card__title').innerText()).trim();
  await card.getByRole('button', { name: `Add Regular ${title}` }).click();
  await expect(page.getByRole('button', { name: /View basket \(1 item\)/ })).toBeVisible();
  const more = card.getByRole('button', { name: `One more Regular ${title}` });
  await expect(more).toBeEnabled();
  return { card, title, more };
}

test('a basket emptied in another tab: the add is refused, rolled back, and a new basket is started', async ({
  page,
}) => {
  // The add has reached the server before the other tab acts.
  const { card, title, more } = await addFirstDish(page);

  // Another tab (same browser, same cookies) deletes the recipe-kit basket.
  const gone = await page.request.delete('/api/v2/baskets/delete_by_type/RecipeKitBasket', {
    headers: { 'x-branch': 'web' },
  });
  expect(gone.status()).toBe(204);

  await more.click();
  await expect(page.getByRole('alert').getByText('Has error and basket is destroyed')).toBeVisible();
  // The client starts a fresh basket, and adding works again.
  await expect(page.getByRole('button', { name: /View basket \(0 items\)/ })).toBeVisible();
  await card.getByRole('button', { name: `Add Regular ${title}` }).click();
  await expect(page.getByRole('button', { name: /View basket \(1 item\)/ })).toBeVisible();
});

test('quick presses of + reach the server in order: the basket holds what the screen shows', async ({
  page,
}) => {
  const { card, title, more } = await addFirstDish(page);
  // Three presses without waiting for an answer: each sends the quantity it shows (2, 3, 4). The first
  // request is held back on its way, as a slow network might: sent side by side, the later ones would
  // overtake it and the basket would end at 2.
  let held = false;
  await page.route('**/api/v2/baskets/*/items/*', async (route) => {
    if (route.request().method() === 'PUT' && !held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await route.continue();
  });
  let answered = 0;
  page.on('response', (response) => {
    if (response.request().method() === 'PUT' && /\/items\//.test(response.url())) answered++;
  });
  for (let i = 0; i < 3; i++) await more.click();
  await expect(card.getByRole('group', { name: `Regular ${title} in basket` })).toContainText('4');
  await expect(page.getByRole('button', { name: /View basket \(4 items\)/ })).toBeVisible();

  // The server's basket, read afresh once all three have been answered, agrees.
  await expect.poll(() => answered).toBe(3);
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/v2/baskets', { headers: { 'x-branch': 'web' } });
      const body = (await answer.json()) as { included?: { attributes: { quantity: number } }[] };
      return (body.included ?? []).reduce((sum, item) => sum + item.attributes.quantity, 0);
    })
    .toBe(4);
  await expect(page.locator('.menu-aside')).toHaveAttribute('aria-busy', 'false');
  await page.reload();
  await expect(page.getByRole('button', { name: /View basket \(4 items\)/ })).toBeVisible();
});

test('leaving the page while a basket change is being sent asks first; once it has landed, it does not', async ({
  page,
}) => {
  const { card, title, more } = await addFirstDish(page);
  const basket = page.locator('.menu-aside');
  await expect(basket).toHaveAttribute('aria-busy', 'false');
  // The next change is held on its way, as on a slow network, until the customer has tried to leave.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v2/baskets/*/items/*', async (route) => {
    await held;
    await route.continue();
  });
  // The customer stays the first time the browser asks; any later question is answered "leave".
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void (asked.length === 1 ? dialog.dismiss() : dialog.accept());
  });

  await more.click();
  await expect(card.getByRole('group', { name: `Regular ${title} in basket` })).toContainText('2');
  await expect(basket).toHaveAttribute('aria-busy', 'true');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);

  // The change lands: leaving no longer asks, and the basket kept it.
  release();
  await expect(basket).toHaveAttribute('aria-busy', 'false');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: /View basket \(2 items\)/ })).toBeVisible();
  expect(asked).toEqual(['beforeunload']);
});

test('a phone menu you can scan: several dishes a screen with their key facts, the rest in the detail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openMenu(page);

  // The week strip opens on the first week open to orders, scrolled into view after the locked ones
  // (issue 19), and the locked weeks are still there to the left.
  const strip = page.getByRole('tablist', { name: 'Menu week' });
  const selectedTab = page.getByRole('tab', { selected: true });
  await expect(selectedTab).toContainText('Next week');
  await expect
    .poll(() =>
      selectedTab.evaluate((tab) => {
        const shown = tab.parentElement!.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        return box.left >= shown.left && box.right <= shown.right;
      }),
    )
    .toBe(true);
  await expect(strip.getByRole('tab', { name: /This week/ })).toHaveAttribute('aria-selected', 'false');

  // The week tabs say each week's dates once; the specials are named after the week shown.
  for (const tab of await page.getByRole('tab').all()) {
    const text = (await tab.innerText()).replace(/\s+/g, ' ');
    const dates = text.match(/\d{1,2}( [A-Z][a-z]{2})? – \d{1,2} [A-Z][a-z]{2}/g) ?? [];
    expect(dates, text).toHaveLength(1);
  }
  await expect(page.getByRole('heading', { name: "Next Week's Specials" })).toBeVisible();
  await expect(page.getByRole('heading', { name: /This Week's/ })).toHaveCount(0);

  // A screenful of the menu shows several whole dishes, each with its price, cooking time and tags.
  const cards = page.locator('.dish-card:not(.dish-card--skeleton)');
  await cards.nth(2).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, 400));
  const whole = await cards.evaluateAll(
    (all, bottom) =>
      all.filter((card) => {
        const box = card.getBoundingClientRect();
        return box.top >= 56 && box.bottom <= bottom;
      }).length,
    844 - 80, // above the basket bar
  );
  expect(whole).toBeGreaterThanOrEqual(3);
  const first = cards.first();
  await expect(first.getByText(/^Ready in \d+ min$/)).toBeVisible();
  await expect(first.locator('.dish-card__price')).toContainText(/£\d+\.\d{2}/);
  await expect(first.locator('.dish-card__summary')).not.toBeEmpty();

  // Added twice: the card says so.
  const title = (await first.locator('.dish-card__title').innerText()).trim();
  await first.getByRole('button', { name: `Add Regular ${title}` }).click();
  await first.getByRole('button', { name: `One more Regular ${title}` }).click();
  await expect(first.getByText('In your basket ×2')).toBeVisible();
  await expectAccessible(page, 'the menu with a dish in the basket');

  // Lamb and wine are in the lamb dish, but they are not allergens; its portion choice is in the detail.
  const card = (name: string) => cards.filter({ has: page.getByRole('heading', { name, exact: true }) });
  const lamb = card('Lamb Shoulder Orecchiette');
  // Its picture is a button named after the dish.
  await lamb.getByRole('button', { name: 'See Lamb Shoulder Orecchiette' }).click();
  const detail = page.getByRole('dialog', { name: 'Lamb Shoulder Orecchiette' });
  const allergens = detail.locator('.allergens');
  await expect(allergens).toContainText('Contains: Celery, Gluten (wheat), Sulphites.');
  await expect(allergens).not.toContainText(/Lamb|Alcohol/);
  await expect(detail.getByText('Also contains: alcohol and lamb.')).toBeVisible();
  await expect(detail.getByRole('radio', { name: /Double Portion \(Serves 2\)/ })).toBeVisible();
  await expect(
    detail.getByRole('button', { name: 'Add Regular Lamb Shoulder Orecchiette' }),
  ).toBeInViewport();
  await expectAccessible(page, 'the dish detail of a main');
  await detail.getByRole('button', { name: 'Close' }).click();

  // A side is one size: no Double Portion on its card or in its detail.
  const focaccia = card('Garlic & Rosemary Focaccia');
  await expect(focaccia.getByText(/for two/)).toHaveCount(0);
  await focaccia.locator('.dish-card__title button').click();
  const side = page.getByRole('dialog', { name: 'Garlic & Rosemary Focaccia' });
  await expect(side.getByRole('button', { name: 'Add Regular Garlic & Rosemary Focaccia' })).toBeVisible();
  await expect(side.getByRole('radio')).toHaveCount(0);
  await side.getByRole('button', { name: 'Close' }).click();

  // The week after next: its dates once on its tab, and its specials named by them.
  await page.getByRole('tab', { name: /30 Nov – 5 Dec/ }).click();
  await expect(page.getByRole('heading', { name: 'Specials for 30 Nov – 5 Dec' })).toBeVisible();

  // A locked week is a tap away: its menu to look at, not to order.
  await strip.getByRole('tab', { name: /Last week/ }).click();
  await expect(page.getByText('Orders for 9 – 14 Nov have closed.', { exact: false })).toBeVisible();
});

test('a dish’s address opens its detail in the first HTML, and it works once the page is live', async ({
  page,
}) => {
  // The detail is a part loaded apart (decision 38): rendered on the server, kept until its chunk is in.
  const html = await (await page.request.get('/menu?dish=lamb-shoulder-orecchiette')).text();
  expect(html).toMatch(/<dialog class="dialog dialog--dish"[^>]*>[\s\S]*?Lamb Shoulder Orecchiette<\/h2>/);

  await page.goto('/menu?dish=lamb-shoulder-orecchiette');
  await waitForHydration(page);
  const detail = page.getByRole('dialog', { name: 'Lamb Shoulder Orecchiette' });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Add Regular Lamb Shoulder Orecchiette' }).click();
  await expect(page.getByRole('button', { name: /View basket \(1 item\)/ })).toBeAttached();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
  await expect(page).not.toHaveURL(/dish=/);
});

/** The basket of the menu on screen has loaded, and holds nothing (not merely "0 items" while it loads). */
async function expectEmptyBasket(page: Page) {
  await page.getByRole('button', { name: /View basket/ }).click();
  const basket = page.getByRole('dialog', { name: 'Your basket' });
  await expect(basket.getByText('Your basket is empty')).toBeVisible();
  await expect(page.getByRole('button', { name: /View basket \(0 items\)/ })).toBeAttached();
  await basket.getByRole('button', { name: 'Close' }).click();
}

/** Signs in with the local Google page as `email` (from an account page that offers it). */
async function signInWithGoogle(page: Page, email: string) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel(/First name|Given name/).fill('Ines');
  await page.getByLabel(/Last name|Family name/).fill('Tester');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: /Your account/ })).toBeVisible();
}

test('a one-off box and the plan’s basket never mix, the basket gives one reason at a time, and sign-out empties it for good', async ({
  page,
}) => {
  // This week's dish on the one-off menu (it can still come tomorrow): it goes into the one-off box.
  await page.goto('/one-off/menu');
  await waitForHydration(page);
  const oneOffCard = page.locator('.dish-card:not(.dish-card--skeleton)').first();
  const oneOffDish = (await oneOffCard.locator('.dish-card__title').innerText()).trim();
  await oneOffCard.getByRole('button', { name: `Add Regular ${oneOffDish}` }).click();
  await expect(page.getByRole('button', { name: /View basket \(1 item\)/ })).toBeVisible();
  // In the one-off box and not "closed" there (its "+" follows the dish's stock, which other journeys share).
  await expect(oneOffCard.getByRole('group', { name: /in basket$/ })).toBeVisible();
  await expect(oneOffCard).not.toContainText(/\bclosed\b/i);

  // The plan's menu has a basket of its own: empty, and nothing in it "closed".
  await openMenu(page);
  await expectEmptyBasket(page);
  await expect(page.getByText(/Orders for this week have closed/)).toHaveCount(0);

  // A dish under the per-delivery minimum: the one reason is said, never "Minimum reached" beside it.
  const cheap = page
    .locator('.dish-card:not(.dish-card--skeleton)')
    .filter({ hasText: /£[0-8]\.\d\d/ })
    .first();
  const cheapDish = (await cheap.locator('.dish-card__title').innerText()).trim();
  await cheap.getByRole('button', { name: `Add Regular ${cheapDish}` }).click();
  await expect(cheap.getByRole('button', { name: `One more Regular ${cheapDish}` })).toBeEnabled();
  await page.getByRole('button', { name: /View basket/ }).click();
  const basket = page.getByRole('dialog', { name: 'Your basket' });
  await expect(basket.getByText(/^Add £\d+\.\d\d more to reach the £10\.00 minimum$/)).toBeVisible();
  const reasons = basket.getByRole('list', { name: 'Before you can check out' });
  await expect(reasons.getByRole('listitem')).toHaveText([
    /^Add £\d+\.\d\d more for 23 – 28 Nov: each delivery needs at least £10\.00 of dishes\.$/,
  ]);
  await expect(basket.getByText(/Minimum of £10\.00 reached/)).toHaveCount(0);
  await expect(basket.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await expect(basket.getByText(oneOffDish)).toHaveCount(0);
  await expectAccessible(page, 'a basket under the minimum');
  // One more: the minimum is reached and nothing stands in the way.
  await basket.getByRole('button', { name: `One more Regular ${cheapDish}` }).click();
  await expect(basket.getByText('Minimum of £10.00 reached')).toBeVisible();
  await expect(reasons).toHaveCount(0);
  await expect(basket.getByRole('link', { name: 'Checkout' })).toBeVisible();
  await basket.getByRole('button', { name: 'Close' }).click();

  // Signed in, both baskets are the customer's; signed out, "emptied" means emptied: the next sign-in
  // brings back neither.
  const email = `ines.${Date.now()}@example.com`;
  await signInWithGoogle(page, email);
  await page.goto('/one-off/menu');
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: /View basket \(1 item\)/ })).toBeVisible();
  await page.getByRole('button', { name: /Your account/ }).click();
  await page.locator('#account-menu').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Your basket here has been emptied.')).toBeVisible();
  await signInWithGoogle(page, email);
  await page.goto('/one-off/menu');
  await waitForHydration(page);
  await expectEmptyBasket(page);
  await openMenu(page);
  await expectEmptyBasket(page);
});
