import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  displayName,
  friendOfferText,
  householdAddress,
  householdCard,
  householdCardFromLabel,
  householdEmail,
  LOYALTY_DEFAULTS,
  loyaltyBlocks,
  loyaltyProgress,
  loyaltyTermsFrom,
  loyaltyTermsText,
  personalCode,
  REFERRAL_DEFAULTS,
  REFERRAL_MESSAGES,
  referralHeadline,
  referralRewardProblem,
  referralSignUpProblem,
  referralStateLabel,
  referralTermsFrom,
  referralTermsText,
  type HouseholdFacts,
} from './referrals';
import { paidWithLabel } from './receipt';

// Referrals and plan loyalty (issue 23 part 3, decision 30): one reward per new household, and every fifth
// paid box of a plan brings a reward.

const localPart = fc.stringMatching(/^[a-z0-9][a-z0-9.]{0,12}[a-z0-9]$/);
const domain = fc.constantFrom(
  'gmail.com',
  'googlemail.com',
  'example.com',
  'sfoglia.example',
  'hotmail.co.uk',
);
const tag = fc.option(fc.stringMatching(/^[a-z0-9]{1,8}$/), { nil: undefined });
const email = fc
  .tuple(localPart, tag, domain)
  .map(([local, t, d]) => (t === undefined ? `${local}@${d}` : `${local}+${t}@${d}`));

/** Upper-cases some of the letters, as people type. */
const mixedCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flips) => [...text].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join(''));

describe('householdEmail', () => {
  test('examples: case, a +tag, and Gmail’s dots and domains', () => {
    expect(householdEmail('A.Lex+pasta@gmail.com')).toBe('alex@gmail.com');
    expect(householdEmail('alex@googlemail.com')).toBe('alex@gmail.com');
    expect(householdEmail(' Sam.Jones+x@Example.com ')).toBe('sam.jones@example.com');
  });

  test('is idempotent', () => {
    fc.assert(fc.property(email, (e) => householdEmail(householdEmail(e)) === householdEmail(e)));
  });

  test('is case-insensitive and ignores the spaces around', () => {
    fc.assert(
      fc.property(
        email.chain((e) => fc.tuple(fc.constant(e), mixedCase(e))),
        ([e, typed]) => householdEmail(` ${typed} `) === householdEmail(e),
      ),
    );
  });

  test('a +tag never makes another household', () => {
    fc.assert(
      fc.property(localPart, fc.stringMatching(/^[a-z0-9]{1,8}$/), domain, (local, t, d) => {
        expect(householdEmail(`${local}+${t}@${d}`)).toBe(householdEmail(`${local}@${d}`));
      }),
    );
  });
});

describe('householdAddress', () => {
  test('the postcode without spaces and the first line’s letters and digits; nothing without both', () => {
    expect(householdAddress({ address1: '10 Downing Street', zip: 'sw1a 2aa' })).toBe(
      'SW1A2AA|10downingstreet',
    );
    expect(householdAddress({ address1: '10, Downing St.', zip: 'SW1A2AA' })).toBe('SW1A2AA|10downingst');
    expect(householdAddress({ address1: '', zip: 'SW1A 2AA' })).toBeNull();
    expect(householdAddress({ address1: '10 Downing Street', zip: null })).toBeNull();
  });
});

describe('household cards', () => {
  test('a card is its brand and last four digits; PayPal its household email', () => {
    expect(householdCard({ type: 'CreditCard', brand: 'Visa', last4: '4242', email: null })).toBe(
      'card:visa|4242',
    );
    expect(householdCard({ type: 'CreditCard', brand: 'visa', last4: null, email: null })).toBeNull();
    expect(
      householdCard({ type: 'PaypalAccount', brand: null, last4: null, email: 'A.na+x@gmail.com' }),
    ).toBe('paypal:ana@gmail.com');
  });

  test('a receipt’s name for a deleted card gives the same key as the card did', () => {
    const method = fc.oneof(
      fc.record({
        type: fc.constant('CreditCard' as const),
        brand: fc.constantFrom('visa', 'mastercard', 'amex'),
        last4: fc.stringMatching(/^\d{4}$/),
        email: fc.constant(null),
      }),
      fc.record({
        type: fc.constant('PaypalAccount' as const),
        brand: fc.constant(null),
        last4: fc.constant(null),
        email,
      }),
    );
    fc.assert(
      fc.property(method, (m) => {
        expect(householdCardFromLabel(paidWithLabel(m))).toBe(householdCard(m));
      }),
    );
    expect(householdCardFromLabel('PayPal')).toBeNull();
    expect(householdCardFromLabel(null)).toBeNull();
  });
});

const someone = (id: string, e: string) => ({ id, email: e });
const newFriend = { hasPaidOrder: false, alreadyReferred: false };

describe('referralSignUpProblem', () => {
  test('one’s own link is refused', () => {
    fc.assert(
      fc.property(fc.uuid(), email, (id, e) => {
        expect(
          referralSignUpProblem({ referrer: someone(id, e), friend: { ...someone(id, e), ...newFriend } }),
        ).toBe(REFERRAL_MESSAGES.ownLink);
      }),
    );
  });

  test('the same household email is refused, however it is written', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.uuid(),
        localPart,
        tag,
        fc.constantFrom('gmail.com', 'googlemail.com'),
        (a, b, local, t, d) => {
          fc.pre(a !== b);
          const dotted = local.length > 1 ? `${local[0]}.${local.slice(1)}` : local;
          const friendEmail = `${dotted.toUpperCase()}${t ? `+${t}` : ''}@${d}`;
          expect(
            referralSignUpProblem({
              referrer: someone(a, `${local}@gmail.com`),
              friend: { ...someone(b, friendEmail), ...newFriend },
            }),
          ).toBe(REFERRAL_MESSAGES.sameEmail);
        },
      ),
    );
  });

  test('someone who ordered before, or joined through a link already, is refused; a new household is not', () => {
    const referrer = someone('a', 'sam@example.com');
    const friend = someone('b', 'ana@example.com');
    expect(referralSignUpProblem({ referrer, friend: { ...friend, ...newFriend } })).toBeNull();
    expect(referralSignUpProblem({ referrer, friend: { ...friend, ...newFriend, hasPaidOrder: true } })).toBe(
      REFERRAL_MESSAGES.existingCustomer,
    );
    expect(
      referralSignUpProblem({ referrer, friend: { ...friend, ...newFriend, alreadyReferred: true } }),
    ).toBe(REFERRAL_MESSAGES.alreadyReferred);
  });

  test('different household emails of different people are never refused for the email', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), email, email, (a, b, e1, e2) => {
        fc.pre(a !== b && householdEmail(e1) !== householdEmail(e2));
        expect(
          referralSignUpProblem({ referrer: someone(a, e1), friend: { ...someone(b, e2), ...newFriend } }),
        ).toBeNull();
      }),
    );
  });
});

describe('referralRewardProblem', () => {
  const key = fc.stringMatching(/^[a-z0-9|:]{3,12}$/);
  const facts = fc.record({
    cards: fc.array(key, { maxLength: 4 }),
    addresses: fc.array(fc.option(key, { nil: null }), { maxLength: 4 }),
  });

  test('any card the two share refuses it', () => {
    fc.assert(
      fc.property(facts, facts, key, (referrer, order, card) => {
        const problem = referralRewardProblem(
          { ...referrer, cards: [...referrer.cards, card] },
          { ...order, cards: [card, ...order.cards] },
        );
        expect(problem).toBe(REFERRAL_MESSAGES.sameCard);
      }),
    );
  });

  test('any address the two share refuses it', () => {
    fc.assert(
      fc.property(facts, facts, key, (referrer, order, address) => {
        fc.pre(!order.cards.some((c) => referrer.cards.includes(c)));
        const problem = referralRewardProblem(
          { ...referrer, addresses: [address, ...referrer.addresses] },
          { ...order, addresses: [...order.addresses, address] },
        );
        expect(problem).toBe(REFERRAL_MESSAGES.sameAddress);
      }),
    );
  });

  test('nothing shared, no problem; an unknown address (null) is never shared', () => {
    fc.assert(
      fc.property(facts, facts, (referrer, order) => {
        const sharedCard = order.cards.some((c) => referrer.cards.includes(c));
        const sharedAddress = order.addresses.some((a) => a !== null && referrer.addresses.includes(a));
        fc.pre(!sharedCard && !sharedAddress);
        expect(referralRewardProblem(referrer, order)).toBeNull();
      }),
    );
    expect(
      referralRewardProblem({ cards: [], addresses: [null] }, { cards: [], addresses: [null] }),
    ).toBeNull();
  });
});

describe('referralRewardProblem: a household rewarded before', () => {
  const key = fc.stringMatching(/^[a-z0-9|:]{3,12}$/);
  const facts = fc.record({
    cards: fc.array(key, { maxLength: 4 }),
    addresses: fc.array(fc.option(key, { nil: null }), { maxLength: 4 }),
  });
  const apart = (a: HouseholdFacts, b: HouseholdFacts) =>
    !a.cards.some((c) => b.cards.includes(c)) &&
    !a.addresses.some((x) => x !== null && b.addresses.includes(x));

  test('a card or an address shared with an earlier rewarded order refuses it (the referrer’s reasons first)', () => {
    fc.assert(
      fc.property(facts, facts, facts, key, fc.boolean(), (referrer, order, before, shared, byCard) => {
        fc.pre(
          apart(referrer, order) && !referrer.cards.includes(shared) && !referrer.addresses.includes(shared),
        );
        const field = byCard ? 'cards' : 'addresses';
        const problem = referralRewardProblem(
          referrer,
          { ...order, [field]: [...order[field], shared] },
          { ...before, [field]: [shared, ...before[field]] },
        );
        expect(problem).toBe(REFERRAL_MESSAGES.householdReferred);
        // Sharing with the referrer too: the referrer's reason.
        expect(
          referralRewardProblem(
            { ...referrer, cards: [...referrer.cards, shared] },
            { ...order, cards: [...order.cards, shared] },
            { ...before, cards: [shared] },
          ),
        ).toBe(REFERRAL_MESSAGES.sameCard);
      }),
    );
  });

  test('nothing shared with the referrer or with earlier rewarded orders: no problem', () => {
    fc.assert(
      fc.property(facts, facts, facts, (referrer, order, before) => {
        fc.pre(apart(referrer, order) && apart(before, order));
        expect(referralRewardProblem(referrer, order, before)).toBeNull();
      }),
    );
    expect(
      referralRewardProblem(
        { cards: [], addresses: [] },
        { cards: [], addresses: [null] },
        {
          cards: [],
          addresses: [null],
        },
      ),
    ).toBeNull();
  });
});

describe('loyaltyBlocks', () => {
  test('blocks are disjoint, each of `every` weeks in order, and there are floor(n / every) of them', () => {
    fc.assert(
      fc.property(fc.nat(60), fc.integer({ min: 1, max: 12 }), (n, every) => {
        const weeks = Array.from({ length: n }, (_, i) => `week-${i}`);
        const blocks = loyaltyBlocks(weeks, every);
        expect(blocks).toHaveLength(Math.floor(n / every));
        blocks.forEach((b, i) => {
          expect(b.block).toBe(i + 1);
          expect(b.weeks).toHaveLength(every);
        });
        const all = blocks.flatMap((b) => b.weeks);
        // Disjoint: no week is in two blocks; and the blocks are the paid weeks from the first, in order.
        expect(new Set(all).size).toBe(all.length);
        expect(all).toEqual(weeks.slice(0, all.length));
      }),
    );
  });

  test('a block is at least one week', () => {
    expect(() => loyaltyBlocks([1, 2], 0)).toThrow(RangeError);
    expect(() => loyaltyBlocks([1, 2], 1.5)).toThrow(RangeError);
  });

  test('the fifth paid box completes the first reward', () => {
    expect(loyaltyBlocks(['a', 'b', 'c', 'd'], 5)).toEqual([]);
    expect(loyaltyBlocks(['a', 'b', 'c', 'd', 'e'], 5)).toEqual([
      { block: 1, weeks: ['a', 'b', 'c', 'd', 'e'] },
    ]);
  });

  test('progress says how many to go', () => {
    expect(loyaltyProgress(3, 5).text).toBe('3 of 5 paid boxes: 2 more to your next reward');
    expect(loyaltyProgress(5, 5)).toMatchObject({ done: 0, left: 5 });
    fc.assert(
      fc.property(fc.nat(500), fc.integer({ min: 1, max: 12 }), (n, every) => {
        const { done, left } = loyaltyProgress(n, every);
        expect(done + left).toBe(every);
        expect(done).toBe(
          n -
            loyaltyBlocks(
              Array.from({ length: n }, (_, i) => i),
              every,
            ).length *
              every,
        );
      }),
    );
  });
});

describe('terms', () => {
  test('words of the offer', () => {
    expect(referralHeadline(REFERRAL_DEFAULTS)).toBe('Give £10, get £10');
    expect(referralTermsText(REFERRAL_DEFAULTS)).toBe(
      'Friends get £10 off their first order of £30 or more. You get £10 of credit when it’s paid. One reward per new household.',
    );
    expect(friendOfferText('Sam', REFERRAL_DEFAULTS)).toBe(
      'Sam has given you £10 off your first order of £30 or more',
    );
    expect(friendOfferText(' ', { ...REFERRAL_DEFAULTS, friendMinimumSpend: 0 })).toBe(
      'A friend has given you £10 off your first order',
    );
    expect(loyaltyTermsText(LOYALTY_DEFAULTS)).toBe(
      'Every 5 paid boxes of your pasta plan bring £10 off a box. Each reward code lasts 90 days.',
    );
  });

  test('a name another customer reads is a name, or "A friend"', () => {
    expect(displayName(' Sam ')).toBe('Sam');
    expect(displayName('Anne-Marie O’Neil')).toBe('Anne-Marie O’Neil');
    expect(displayName('Visit evil.com now')).toBe('A friend');
    expect(displayName('<b>Sam</b>')).toBe('A friend');
    expect(displayName('')).toBe('A friend');
    expect(displayName(null)).toBe('A friend');
    expect(friendOfferText('https://evil.example', REFERRAL_DEFAULTS)).toBe(
      'A friend has given you £10 off your first order of £30 or more',
    );
  });

  test('an operator’s settings, each field checked; anything else is the default', () => {
    expect(referralTermsFrom({ friendDiscount: 1500, referrerCredit: 2000 })).toEqual({
      ...REFERRAL_DEFAULTS,
      friendDiscount: 1500,
      referrerCredit: 2000,
    });
    expect(referralTermsFrom({ friendDiscount: -1, friendMinimumSpend: 2.5, friendCodeDays: 400 })).toEqual(
      REFERRAL_DEFAULTS,
    );
    expect(referralTermsFrom('nonsense')).toEqual(REFERRAL_DEFAULTS);
    expect(loyaltyTermsFrom({ every: 3 })).toEqual({ ...LOYALTY_DEFAULTS, every: 3 });
    expect(loyaltyTermsFrom({ every: 0, discount: 'ten' })).toEqual(LOYALTY_DEFAULTS);
    expect(loyaltyTermsFrom(null)).toEqual(LOYALTY_DEFAULTS);
  });

  test('a referral’s state in words', () => {
    const base = { rewardAmount: null, problem: null };
    expect(referralStateLabel({ ...base, state: 'pending' }, REFERRAL_DEFAULTS)).toBe(
      'Joined: waiting for their first order',
    );
    expect(referralStateLabel({ ...base, state: 'rewarded', rewardAmount: 1000 }, REFERRAL_DEFAULTS)).toBe(
      '£10 credit added',
    );
    expect(
      referralStateLabel(
        { ...base, state: 'refused', problem: REFERRAL_MESSAGES.sameCard },
        REFERRAL_DEFAULTS,
      ),
    ).toBe(REFERRAL_MESSAGES.sameCard);
  });
});

describe('personalCode', () => {
  test('the prefix and six characters nobody misreads', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 6,
          maxLength: 6,
        }),
        (draws) => {
          let i = 0;
          const code = personalCode('WELCOME', () => draws[i++]!);
          expect(code).toMatch(/^WELCOME-[A-HJKMNP-Z2-9]{6}$/);
        },
      ),
    );
  });
});
