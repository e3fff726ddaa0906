import type { ReferralLink, ReferralWelcome } from '../../../contracts/rewards';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { DomainError } from '../../../domain/errors';
import { formatPenceShort } from '../../../domain/money';
import {
  codeEndDate,
  displayName,
  friendOfferText,
  longDateLabel,
  REFERRAL_MESSAGES,
  referralHeadline,
  referralSignUpProblem,
  referralTermsText,
  type ReferralTerms,
} from '../../../domain/referrals';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { referralWelcome } from '../../integrations/email/referral-templates';
import { customerByReferralToken, findCustomerById, type Referrer } from '../customers';
import { hasPaidCheckout } from '../orders';
import type { ShopRulesCache } from '../shop';
import { createPersonalVoucher, personalVouchersOf } from '../vouchers';
import { insertReferral, referralOfFriend, type ReferralRow } from './rewards.repo';

// Referral links (decision 30): the link as a friend opens it (GET /referrals/{token}, which also leaves the
// token in a cookie for sign-up), a signed-in newcomer taking the welcome (POST), and sign-up taking it (the
// auth area calls joinAtSignUp inside its transaction). A friend who may take it gets a personal, single-use
// welcome code for a first order; one who may not is told why (or, at sign-up, the refusal is recorded and
// shown on their rewards page: the sign-up itself always goes ahead).

export interface Friend {
  id: string;
  email: string;
  firstName: string;
}

interface Log {
  warn(details: object, message: string): void;
}

export class ReferralsService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly log: Log = { warn: () => {} },
  ) {}

  private async referrer(db: DbOrTx, token: string): Promise<Referrer> {
    const referrer = await customerByReferralToken(db, token);
    if (!referrer) throw new DomainError('REFERRAL_NOT_FOUND', REFERRAL_MESSAGES.linkUnknown);
    return referrer;
  }

  /** Why this signed-in customer cannot take this referrer's welcome now; null when they can. */
  private async problemFor(db: DbOrTx, referrer: Referrer, customerId: string): Promise<string | null> {
    if (referrer.id === customerId) return REFERRAL_MESSAGES.ownLink;
    const friend = await findCustomerById(db, customerId);
    if (!friend) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue');
    return referralSignUpProblem({
      referrer,
      friend: {
        id: friend.id,
        email: friend.email,
        alreadyReferred: (await referralOfFriend(db, friend.id)) !== null,
        hasPaidOrder: await hasPaidCheckout(db, friend.id),
      },
    });
  }

  /**
   * GET /referrals/{token}: who gives what. Unknown: 404 REFERRAL_NOT_FOUND. Signed in and it does not apply
   * (their own link, they ordered before, joined through a link already, the same household's email): 400
   * REFERRAL_NOT_ELIGIBLE with the reason.
   */
  async link(token: string, customerId: string | null): Promise<ReferralLink> {
    const referrer = await this.referrer(this.db, token);
    if (customerId) {
      const problem = await this.problemFor(this.db, referrer, customerId);
      if (problem) throw new DomainError('REFERRAL_NOT_ELIGIBLE', problem);
    }
    const terms = (await this.rules.get()).referrals;
    return {
      id: token.toUpperCase(),
      referrerName: displayName(referrer.firstName),
      offer: friendOfferText(referrer.firstName, terms),
      headline: referralHeadline(terms),
      terms: referralTermsText(terms),
      friendDiscount: terms.friendDiscount,
      friendMinimumSpend: terms.friendMinimumSpend,
      friendCodeDays: terms.friendCodeDays,
      signedIn: customerId !== null,
    };
  }

  /** POST /referrals/{token}: a signed-in newcomer takes the welcome now (refused as GET says, with the reason). */
  async take(customerId: string, token: string): Promise<ReferralWelcome> {
    const rules = await this.rules.get();
    return this.db.transaction(async (tx) => {
      const referrer = await this.referrer(tx, token);
      const problem = await this.problemFor(tx, referrer, customerId);
      if (problem) throw new DomainError('REFERRAL_NOT_ELIGIBLE', problem);
      const friend = (await findCustomerById(tx, customerId))!;
      return this.welcome(tx, referrer, friend, rules.referrals);
    });
  }

  /**
   * At sign-up (email, or a provider's first time), inside the sign-up's transaction: the welcome for a
   * friend from a referral link, or the refusal recorded (the same household's email). Runs in a savepoint;
   * whatever goes wrong here is logged and the sign-up goes ahead without it.
   */
  async joinAtSignUp(tx: DbOrTx, friend: Friend, token: string): Promise<void> {
    try {
      await tx.transaction(async (savepoint) => {
        const rules = await this.rules.get(savepoint);
        const referrer = await customerByReferralToken(savepoint, token);
        if (!referrer) return;
        const problem = referralSignUpProblem({
          referrer,
          friend: { ...friend, hasPaidOrder: false, alreadyReferred: false },
        });
        if (problem) {
          await insertReferral(savepoint, {
            referrerId: referrer.id,
            friendId: friend.id,
            state: 'refused',
            problem,
            createdAt: this.clock.now(),
            settledAt: this.clock.now(),
          });
          return;
        }
        await this.welcome(savepoint, referrer, friend, rules.referrals);
      });
    } catch (error) {
      this.log.warn({ err: error, customerId: friend.id }, 'the referral at sign-up was not recorded');
    }
  }

  /**
   * The friend's welcome: their personal code (single use, new customers only, their first order of the
   * minimum or more, lasting `friendCodeDays`), the referral, and the email with the code. A friend referred
   * already (two tabs at once) is refused, and the caller's transaction rolls the code back.
   */
  private async welcome(
    tx: DbOrTx,
    referrer: Referrer,
    friend: Friend,
    terms: ReferralTerms,
  ): Promise<ReferralWelcome> {
    const now = this.clock.now();
    const endDate = codeEndDate(londonDate(now), terms.friendCodeDays);
    const offer = friendOfferText(referrer.firstName, terms);
    const voucher = await createPersonalVoucher(tx, {
      customerId: friend.id,
      prefix: 'WELCOME',
      value: terms.friendDiscount,
      minimumSpendPerOrder: terms.friendMinimumSpend > 0 ? terms.friendMinimumSpend : null,
      singleOrder: true,
      newCustomersOnly: true,
      endDate,
      description: `${offer}.`,
    });
    const referral = await insertReferral(tx, {
      referrerId: referrer.id,
      friendId: friend.id,
      voucherId: voucher.id,
      state: 'pending',
      // The shop's clock, as every date the customer reads (pinned in demos and tests).
      createdAt: now,
    });
    if (!referral) throw new DomainError('REFERRAL_NOT_ELIGIBLE', REFERRAL_MESSAGES.alreadyReferred);
    await enqueueEmail(
      tx,
      referralWelcome({
        to: friend.email,
        firstName: friend.firstName,
        offer,
        code: voucher.code,
        minimumSpend: terms.friendMinimumSpend > 0 ? formatPenceShort(terms.friendMinimumSpend) : null,
        endDate: longDateLabel(endDate),
        menuLink: `${this.publicUrl}/menu`,
        rewardsLink: `${this.publicUrl}/account/rewards`,
      }),
    );
    return welcomeView(referral, referrer.firstName, terms, { ...voucher, endDate, used: false }, now);
  }
}

/** A customer's own welcome as the rewards page shows it (null when no referral brought them). */
export async function welcomeOf(
  db: DbOrTx,
  customerId: string,
  terms: ReferralTerms,
  now: Date,
): Promise<ReferralWelcome | null> {
  const referral = await referralOfFriend(db, customerId);
  if (!referral) return null;
  const [referrer, vouchers] = await Promise.all([
    findCustomerById(db, referral.referrerId),
    personalVouchersOf(db, referral.voucherId ? [referral.voucherId] : []),
  ]);
  const voucher = referral.voucherId ? vouchers.get(referral.voucherId) : undefined;
  return welcomeView(
    referral,
    referrer?.firstName ?? '',
    voucher
      ? { ...terms, friendDiscount: voucher.value, friendMinimumSpend: voucher.minimumSpendPerOrder ?? 0 }
      : terms,
    voucher ?? null,
    now,
  );
}

function welcomeView(
  referral: ReferralRow,
  referrerFirstName: string,
  terms: ReferralTerms,
  voucher: { id: string; code: string; endDate: string | null; used: boolean } | null,
  now: Date,
): ReferralWelcome {
  const today = londonDate(now);
  const expired = voucher?.endDate ? voucher.endDate < today : false;
  const state: ReferralWelcome['state'] =
    referral.state === 'refused' && !voucher
      ? 'refused'
      : voucher?.used
        ? 'used'
        : expired || !voucher
          ? 'expired'
          : 'ready';
  return {
    referralId: referral.id,
    referrerName: displayName(referrerFirstName),
    offer: friendOfferText(referrerFirstName, terms),
    state,
    problem: state === 'refused' ? referral.problem : null,
    code: voucher?.code ?? null,
    voucherId: voucher?.id ?? null,
    discount: terms.friendDiscount,
    minimumSpend: terms.friendMinimumSpend,
    endDate: (voucher?.endDate as IsoDate | null) ?? null,
  };
}
