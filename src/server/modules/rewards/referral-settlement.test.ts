import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REFERRAL_MESSAGES } from '../../../domain/referrals';
import { JOB } from '../../jobs/shop-jobs';
import type { RunningJobs } from '../../jobs/start';
import { referrals } from '../../db/schema/after-order';
import { storeCreditTransactions } from '../../db/schema/credit';
import { customers } from '../../db/schema/customers';
import { orders } from '../../db/schema/orders';
import { API } from '../../test/api-expect';
import { clearRateLimits, customerById, emailsTo } from '../../test/accounts';
import { CARDS, saveCard } from '../../test/checkout';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  addressOf,
  friendFromLink,
  MASTERCARD,
  newHousehold,
  oneOffOrder,
  payWithNewCard,
  referrer,
} from '../../test/referrals';
import { startTestJobs } from '../../test/takeaway';

// The referrer's reward (issue 23 part 3, decision 30): credit when the friend's first order is paid, not at
// sign-up and not at an unpaid order; once, however many passes run at once; refused with the reason when
// the order shares a card or an address with the referrer's household, or with a referral rewarded before.

let t: TestApp;
let jobs: RunningJobs;
beforeAll(async () => {
  t = await createTestApp();
  jobs = await startTestJobs(t);
});
beforeEach(() => clearRateLimits(t));
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

const settle = () => t.app.services.referralSettlement.settlePending();
const referralOf = async (friendId: string) =>
  (await t.database.db.select().from(referrals).where(eq(referrals.friendId, friendId)))[0]!;
const referralCredits = (customerId: string) =>
  t.database.db
    .select()
    .from(storeCreditTransactions)
    .where(
      and(eq(storeCreditTransactions.customerId, customerId), eq(storeCreditTransactions.reason, 'referral')),
    );

/**
 * Sam shares; Ana signs up from the link and places a first order to her own home (not yet paid; `card` is a
 * card of her household's to pay with).
 */
async function samAndAna(samValues: Parameters<typeof referrer>[1] = {}) {
  const sam = await referrer(t, samValues);
  const ana = await friendFromLink(t, sam.token);
  const { card, ...home } = newHousehold();
  const addressId = await addressOf(ana.visitor, home);
  const friend = { ...ana, addressId, card };
  const { orderId } = await oneOffOrder(friend, addressId);
  return { sam, ana: friend, orderId };
}

describe('the referrer is credited when the friend’s first order is paid', () => {
  test('not at sign-up, not at an unpaid order; once paid, £10 once, with an email and the rewards page', async () => {
    const { sam, ana, orderId } = await samAndAna();
    await settle();
    expect((await referralOf(ana.customerId)).state).toBe('pending');
    expect((await customerById(t, sam.id)).storeCredits).toBe(0);

    await payWithNewCard(t, ana, orderId, ana.card);
    expect(await settle()).toBeGreaterThanOrEqual(1);
    const referral = await referralOf(ana.customerId);
    expect(referral).toMatchObject({ state: 'rewarded', rewardAmount: 1000, orderId, problem: null });
    expect((await customerById(t, sam.id)).storeCredits).toBe(1000);
    expect(await referralCredits(sam.id)).toEqual([
      expect.objectContaining({
        amount: 1000,
        reference: referral.id,
        description: 'Referral reward: Ana joined',
      }),
    ]);
    const [email] = await emailsTo(t, sam.email, 'referral_rewarded');
    expect(email!.subject).toBe('Ana ordered: £10 of credit is yours');

    // Again: nothing more.
    await settle();
    expect(await referralCredits(sam.id)).toHaveLength(1);

    const blocks = (await sam.visitor.get(`${API}/reward_blocks`)).body.data;
    expect(blocks.map((b: any) => b.id)).toEqual(['referral', 'offers', 'credit', 'loyalty']);
    expect(blocks[0].attributes).toMatchObject({
      counts: { joined: 1, rewarded: 1, pending: 0, refused: 0 },
      earned: 1000,
      friends: [
        {
          name: 'Ana',
          // By the shop's clock, as every date the customer reads.
          joined_at: '2026-11-18T10:00:00.000Z',
          state: 'rewarded',
          state_label: '£10 credit added',
          reward_amount: 1000,
          settled_at: '2026-11-18T10:00:00.000Z',
        },
      ],
    });
    expect(blocks[2].attributes).toEqual({ kind: 'credit', balance: 1000 });
  });

  test('passes racing (the job twice and a direct pass) credit it once', async () => {
    const { sam, ana, orderId } = await samAndAna();
    await payWithNewCard(t, ana, orderId, ana.card);
    await jobs.jobs.send(JOB.settleReferrals);
    await jobs.jobs.send(JOB.settleReferrals);
    // Every settling of the referral, by whichever pass: exactly one may say it settled it.
    const settlement = t.app.services.referralSettlement;
    const settleOne = settlement.settle.bind(settlement);
    const settled: boolean[] = [];
    const spy = vi.spyOn(settlement, 'settle').mockImplementation(async (id) => {
      const outcome = await settleOne(id);
      settled.push(outcome);
      return outcome;
    });
    try {
      await Promise.all([
        jobs.jobs.runDue(JOB.settleReferrals),
        settle(),
        settlement.settle((await referralOf(ana.customerId)).id),
      ]);
    } finally {
      spy.mockRestore();
    }
    expect(settled.filter(Boolean)).toHaveLength(1);
    expect(await referralCredits(sam.id)).toHaveLength(1);
    expect((await customerById(t, sam.id)).storeCredits).toBe(1000);
    expect(await emailsTo(t, sam.email, 'referral_rewarded')).toHaveLength(1);
  });

  test('POST /dev/referrals-settle (development, beside the mailbox) runs a pass now', async () => {
    const { sam, ana, orderId } = await samAndAna();
    await payWithNewCard(t, ana, orderId, ana.card);
    const pass = await t.app.inject({ method: 'POST', url: '/dev/referrals-settle' });
    expect(pass.statusCode, pass.body).toBe(200);
    expect(pass.json().data.settled).toBeGreaterThanOrEqual(1);
    expect((await referralOf(ana.customerId)).state).toBe('rewarded');
    expect((await customerById(t, sam.id)).storeCredits).toBe(1000);
  });

  test('waits for the referrer to confirm their email (credit goes to confirmed accounts only)', async () => {
    const { sam, ana, orderId } = await samAndAna({ emailConfirmedAt: null });
    await payWithNewCard(t, ana, orderId, ana.card);
    await settle();
    expect((await referralOf(ana.customerId)).state).toBe('pending');
    const block = (await sam.visitor.get(`${API}/reward_blocks`)).body.data[0].attributes;
    expect(block).toMatchObject({ email_confirmed: false, counts: { pending: 1 } });
    await t.database.db
      .update(customers)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(customers.id, sam.id));
    await settle();
    expect((await referralOf(ana.customerId)).state).toBe('rewarded');
  });

  test('a first order cancelled before it was settled does not count; the next paid one does', async () => {
    const { sam, ana, orderId } = await samAndAna();
    await payWithNewCard(t, ana, orderId, ana.card);
    await t.database.db.update(orders).set({ state: 'cancelled' }).where(eq(orders.id, orderId));
    await settle();
    expect((await referralOf(ana.customerId)).state).toBe('pending');

    const second = await oneOffOrder(ana, ana.addressId);
    const paid = await ana.visitor.post(`${API}/payments`, {
      order_id: second.orderId,
      payment_method_id: (await ana.visitor.get(`${API}/payment_methods`)).body.data[0].id,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await settle();
    expect(await referralOf(ana.customerId)).toMatchObject({ state: 'rewarded', orderId: second.orderId });
    expect((await customerById(t, sam.id)).storeCredits).toBe(1000);
  });
});

describe('one reward per new household', () => {
  test('the friend paid with a card the referrer has: refused with the reason, emailed, no credit', async () => {
    const { sam, ana, orderId } = await samAndAna();
    await saveCard(t, { ...sam, customerId: sam.id, addressId: '' }, CARDS.visa);
    await payWithNewCard(t, ana, orderId, CARDS.visa);
    await settle();
    expect(await referralOf(ana.customerId)).toMatchObject({
      state: 'refused',
      problem: REFERRAL_MESSAGES.sameCard,
      orderId,
    });
    expect((await customerById(t, sam.id)).storeCredits).toBe(0);
    expect(await referralCredits(sam.id)).toHaveLength(0);
    const [email] = await emailsTo(t, sam.email, 'referral_not_rewarded');
    expect(email!.text).toContain(REFERRAL_MESSAGES.sameCard);
    const friend = (await sam.visitor.get(`${API}/reward_blocks`)).body.data[0].attributes.friends[0];
    expect(friend).toMatchObject({ state: 'refused', problem: REFERRAL_MESSAGES.sameCard });
  });

  test('two friends of one household (new emails, the same card and address) from one link: the first rewards, the second is refused', async () => {
    const sam = await referrer(t);
    const { card, ...home } = newHousehold();
    const friendOfHousehold = async (token: string, firstName: string) => {
      const friend = await friendFromLink(t, token, { firstName });
      const addressId = await addressOf(friend.visitor, home);
      const { orderId } = await oneOffOrder(friend, addressId);
      await payWithNewCard(t, { ...friend, addressId }, orderId, card);
      await settle();
      return referralOf(friend.customerId);
    };

    expect(await friendOfHousehold(sam.token, 'Ana')).toMatchObject({
      state: 'rewarded',
      rewardAmount: 1000,
    });
    expect(await friendOfHousehold(sam.token, 'Bea')).toMatchObject({
      state: 'refused',
      problem: REFERRAL_MESSAGES.householdReferred,
    });
    expect((await customerById(t, sam.id)).storeCredits).toBe(1000);
    expect(await referralCredits(sam.id)).toHaveLength(1);
    const [email] = await emailsTo(t, sam.email, 'referral_not_rewarded');
    expect(email!.text).toContain(REFERRAL_MESSAGES.householdReferred);

    // From another referrer's link, the same household is refused too.
    const tom = await referrer(t, { firstName: 'Tom' });
    expect(await friendOfHousehold(tom.token, 'Cleo')).toMatchObject({
      state: 'refused',
      problem: REFERRAL_MESSAGES.householdReferred,
    });
    expect((await customerById(t, tom.id)).storeCredits).toBe(0);
  });

  test('the order goes to an address in the referrer’s book (written otherwise): refused', async () => {
    const sam = await referrer(t);
    await addressOf(sam.visitor, { address1: '10 Downing Street', zip: 'SW1A 2AA' });
    const ana = await friendFromLink(t, sam.token);
    const addressId = await addressOf(ana.visitor, { address1: '10, Downing Street', zip: 'sw1a2aa' });
    const friend = { ...ana, addressId };
    const { orderId } = await oneOffOrder(friend, addressId);
    await payWithNewCard(t, friend, orderId, MASTERCARD);
    await settle();
    expect(await referralOf(ana.customerId)).toMatchObject({
      state: 'refused',
      problem: REFERRAL_MESSAGES.sameAddress,
    });
    expect((await customerById(t, sam.id)).storeCredits).toBe(0);
  });

  test('an address the referrer once sent an order to counts as theirs too', async () => {
    const sam = await referrer(t);
    const samAddress = await addressOf(sam.visitor, { address1: '1 Abbey Road', zip: 'NW8 9AY' });
    const samShopper = { ...sam, customerId: sam.id, addressId: samAddress };
    await oneOffOrder(samShopper, samAddress);
    // Sam's address book no longer has it; the order does.
    expect((await sam.visitor.delete(`${API}/addresses/${samAddress}`)).status).toBeLessThan(300);
    const ana = await friendFromLink(t, sam.token);
    const addressId = await addressOf(ana.visitor, { address1: '1 Abbey Road', zip: 'NW8 9AY' });
    const { orderId } = await oneOffOrder(ana, addressId);
    await payWithNewCard(t, { ...ana, addressId }, orderId, MASTERCARD);
    await settle();
    expect((await referralOf(ana.customerId)).problem).toBe(REFERRAL_MESSAGES.sameAddress);
  });
});
