import { button, greeting, p, render } from './templates';

// The emails of referrals and plan loyalty (issue 23 part 3, decision 30): the friend's welcome code, the
// referrer told how their friend's referral ended (credit, or why not), and a plan's reward code. Names of
// other customers come in already made safe (domain/referrals.ts displayName).

/** To the friend who signed up from a referral link: their welcome code, its terms and where to use it. */
export function referralWelcome({
  to,
  firstName,
  offer,
  code,
  minimumSpend,
  endDate,
  menuLink,
  rewardsLink,
}: {
  to: string;
  firstName: string;
  /** "Sam has given you £10 off your first order of £30 or more". */
  offer: string;
  code: string;
  /** "£30", or null for no minimum. */
  minimumSpend: string | null;
  /** "17 Jan 2027". */
  endDate: string;
  menuLink: string;
  rewardsLink: string;
}) {
  return render({
    to,
    template: 'referral_welcome',
    subject: `${offer}`,
    preview: `Your code ${code} works until ${endDate}.`,
    heading: 'A welcome from a friend',
    greeting: greeting(firstName),
    blocks: [
      p(`${offer}. Use this code at checkout:\n${code}`),
      p(
        [
          'It takes the discount off your first order',
          minimumSpend ? ` of ${minimumSpend} or more` : '',
          `, and works until ${endDate}. It’s yours alone: it only works when you’re signed in.`,
        ].join(''),
      ),
      button('Shop the menu', menuLink),
      p('You’ll also find the code on your account’s Offers page.'),
      button('See your offers', rewardsLink),
    ],
    reason: 'You’re receiving this because you joined Sfoglia from a friend’s referral link.',
  });
}

/** To the referrer: their friend's first order is paid, and the credit is in their account. */
export function referralRewarded({
  to,
  firstName,
  friendName,
  credit,
  rewardsLink,
}: {
  to: string;
  firstName: string;
  friendName: string;
  /** "£10". */
  credit: string;
  rewardsLink: string;
}) {
  return render({
    to,
    template: 'referral_rewarded',
    subject: `${friendName} ordered: ${credit} of credit is yours`,
    preview: `Thanks for sharing Sfoglia. ${credit} of credit comes off your next order.`,
    heading: 'Thanks for sharing Sfoglia',
    greeting: greeting(firstName),
    blocks: [
      p(`${friendName}, who joined from your link, has paid for their first order.`),
      p(`We’ve added ${credit} of store credit to your account. It comes off your next order.`),
      button('See your rewards', rewardsLink),
    ],
    reason: 'You’re receiving this because a friend joined Sfoglia from your referral link.',
  });
}

/** To the referrer: their friend's first order is paid, but it gives no reward, and why. */
export function referralNotRewarded({
  to,
  firstName,
  friendName,
  reason,
  rewardsLink,
}: {
  to: string;
  firstName: string;
  friendName: string;
  reason: string;
  rewardsLink: string;
}) {
  return render({
    to,
    template: 'referral_not_rewarded',
    subject: `About ${friendName}’s referral`,
    preview: reason,
    heading: 'No reward for this referral',
    greeting: greeting(firstName),
    blocks: [
      p(`${friendName}, who joined from your link, has paid for their first order.`),
      p(`${reason} Referral rewards are one per new household.`),
      p('Keep sharing your link: every new household that orders brings you credit.'),
      button('See your rewards', rewardsLink),
    ],
    reason: 'You’re receiving this because a friend joined Sfoglia from your referral link.',
  });
}

/** To a plan's customer: a block of paid boxes completed, and the reward code it brought. */
export function loyaltyReward({
  to,
  firstName,
  boxes,
  discount,
  code,
  endDate,
  useLink,
  rewardsLink,
}: {
  to: string;
  firstName: string;
  /** How many paid boxes so far, 5, 10… */
  boxes: number;
  /** "£10". */
  discount: string;
  code: string;
  /** "17 Feb 2027". */
  endDate: string;
  useLink: string;
  rewardsLink: string;
}) {
  return render({
    to,
    template: 'loyalty_reward',
    subject: `${boxes} boxes in: ${discount} off your next one`,
    preview: `Your code ${code} takes ${discount} off a box until ${endDate}.`,
    heading: `Thank you for ${boxes} boxes`,
    greeting: greeting(firstName),
    blocks: [
      p(
        `Your pasta plan has had ${boxes} paid boxes. As a thank you, here is ${discount} off a box:\n${code}`,
      ),
      p(`It works until ${endDate}, on your plan’s next box or at checkout. It’s yours alone.`),
      button('Use it on my next box', useLink),
      button('See your rewards', rewardsLink),
    ],
    reason: 'You’re receiving this because your Sfoglia pasta plan earned a reward.',
  });
}
