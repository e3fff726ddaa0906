import { useQuery } from '@tanstack/react-query';
import { Link } from '../../shared/router';
import type { MarketingOffer } from '../../../contracts/offers';
import { ResendConfirmation } from '../../features/auth/resend-confirmation';
import { WalletSection } from '../../features/credit/wallet-section';
import { offerQueries } from '../../features/marketing/offers.queries';
import { LoyaltyBlockSection } from '../../features/rewards/loyalty-block';
import { ReferralBlockSection } from '../../features/rewards/referral-block';
import { rewardQueries } from '../../features/rewards/rewards.queries';
import { copyText } from '../../features/rewards/copy';
import { customerQueries } from '../../shared/customer.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { usePageMeta } from '../../shared/use-page-meta';

// /account/rewards ("Offers", alias offers; spec §2 Account; decision 30): the blocks of GET /reward_blocks
// in their order: the referral (the customer's link, its terms, the friends who joined and how each
// stands, and their own welcome when a friend's link brought them), the offers for this customer (GET
// /marketing_offers, each with what to do with its code), the wallet, and plan loyalty.

function OfferAction({ offer, hasPlan }: { offer: MarketingOffer; hasPlan: boolean }) {
  if (!offer.usable)
    return <p className="field__hint">{offer.problem ?? 'This offer is no longer available'}</p>;
  if (offer.voucherType === 'CreditVoucher') {
    return <p className="field__hint">Add the code under Store credit below.</p>;
  }
  if (offer.voucherType === 'DiscountVoucher' && hasPlan && offer.code) {
    return (
      <Link className="button button--primary button--small" to={`/next-order-voucher?vc=${offer.code}`}>
        Use on my next box
      </Link>
    );
  }
  return offer.link ? (
    <Link className="button button--secondary button--small" to={offer.link}>
      Shop the menu
    </Link>
  ) : null;
}

function OffersSection({ hasPlan }: { hasPlan: boolean }) {
  const offers = useQuery(offerQueries.offers());
  return (
    <section className="account-section account-section--offers" aria-labelledby="offers-heading">
      <h2 id="offers-heading">Offers for you</h2>
      {offers.isPending ? (
        <Spinner label="Loading your offers" />
      ) : offers.isError ? (
        <LoadFailed message="We couldn’t load your offers" onRetry={() => void offers.refetch()} />
      ) : offers.data.length === 0 ? (
        <p>No offers right now. We’ll email you when there are.</p>
      ) : (
        <ul className="offer-list">
          {offers.data.map((offer) => (
            <li key={offer.id} className="offer">
              <h3 className="offer__title">{offer.title}</h3>
              <p>{offer.description}</p>
              {offer.code ? (
                <p className="offer__code">
                  <span className="visually-hidden">Code: </span>
                  <code>{offer.code}</code>
                  <button
                    type="button"
                    className="button button--link"
                    onClick={() => void copyText(offer.code!, offer.code!)}
                    aria-label={`Copy the code ${offer.code}`}
                  >
                    Copy
                  </button>
                </p>
              ) : null}
              <OfferAction offer={offer} hasPlan={hasPlan} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function RewardsPage() {
  usePageMeta('Offers');
  const { data: customer } = useQuery(customerQueries.me());
  const blocks = useQuery(rewardQueries.blocks());
  if (!customer) return null;
  const referral = blocks.data?.find((block) => block.kind === 'referral');
  const loyalty = blocks.data?.find((block) => block.kind === 'loyalty');
  return (
    <div className="account-grid">
      {blocks.isPending ? (
        <section className="account-section referral" aria-label="Rewards">
          <Spinner label="Loading your rewards" />
        </section>
      ) : blocks.isError ? (
        <section className="account-section referral" aria-label="Rewards">
          <LoadFailed message="We couldn’t load your rewards" onRetry={() => void blocks.refetch()} />
        </section>
      ) : referral ? (
        <ReferralBlockSection block={referral} />
      ) : null}
      <WalletSection resendConfirmation={<ResendConfirmation label="Send the confirmation link again" />} />
      <OffersSection hasPlan={customer.hasSubscriptionOrders} />
      {loyalty ? <LoyaltyBlockSection block={loyalty} /> : null}
    </div>
  );
}
