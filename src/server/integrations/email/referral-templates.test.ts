import { describe, expect, test } from 'vitest';
import { extractLinks } from './html';
import { loyaltyReward, referralNotRewarded, referralRewarded, referralWelcome } from './referral-templates';

// The emails of referrals and plan loyalty (issue 23 part 3): subjects, the code, the links in both parts,
// and names escaped in the HTML.

const rewardsLink = 'https://shop.example/account/rewards';

describe('referral and loyalty emails', () => {
  test('the friend’s welcome: the offer as the subject, the code, its terms, the menu and the offers page', () => {
    const message = referralWelcome({
      to: 'ana@example.com',
      firstName: 'Ana',
      offer: 'Sam has given you £10 off your first order of £30 or more',
      code: 'WELCOME-7K3PQ2',
      minimumSpend: '£30',
      endDate: '17 Jan 2027',
      menuLink: 'https://shop.example/menu',
      rewardsLink,
    });
    expect(message).toMatchObject({
      template: 'referral_welcome',
      subject: 'Sam has given you £10 off your first order of £30 or more',
    });
    expect(message.text).toContain('WELCOME-7K3PQ2');
    expect(message.text).toContain('of £30 or more, and works until 17 Jan 2027');
    expect(extractLinks(message.text)).toEqual(['https://shop.example/menu', rewardsLink]);
  });

  test('the referrer: credit, or why not; a friend’s name is escaped', () => {
    const paid = referralRewarded({
      to: 'sam@example.com',
      firstName: 'Sam',
      friendName: 'Ana',
      credit: '£10',
      rewardsLink,
    });
    expect(paid.subject).toBe('Ana ordered: £10 of credit is yours');
    expect(paid.text).toContain('We’ve added £10 of store credit to your account.');
    const refused = referralNotRewarded({
      to: 'sam@example.com',
      firstName: 'Sam',
      friendName: 'Ana <b>',
      reason:
        'No reward for this referral: the order was paid with a card already on the referrer’s account.',
      rewardsLink,
    });
    expect(refused.template).toBe('referral_not_rewarded');
    expect(refused.text).toContain('card already on the referrer’s account.');
    expect(refused.html).not.toContain('Ana <b>');
    expect(refused.html).toContain('Ana &lt;b&gt;');
    expect(extractLinks(refused.text)).toEqual([rewardsLink]);
  });

  test('a plan’s reward: the code, until when, and a link that puts it on the next box', () => {
    const message = loyaltyReward({
      to: 'ada@example.com',
      firstName: 'Ada',
      boxes: 5,
      discount: '£10',
      code: 'PLAN-ABCDEF',
      endDate: '18 Mar 2027',
      useLink: 'https://shop.example/next-order-voucher?vc=PLAN-ABCDEF',
      rewardsLink,
    });
    expect(message.subject).toBe('5 boxes in: £10 off your next one');
    expect(message.text).toContain('PLAN-ABCDEF');
    expect(extractLinks(message.text)).toEqual([
      'https://shop.example/next-order-voucher?vc=PLAN-ABCDEF',
      rewardsLink,
    ]);
  });
});
