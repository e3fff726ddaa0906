import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MarketingOffer } from '../../../contracts/offers';
import { AccountStoreCredit } from './account-store-credit';
import { offerQueries } from '../../features/marketing/offers.queries';
import { customerQueries } from '../../shared/customer.queries';
import { LoadFailed } from '../../shared/ui/load-failed';
import { Spinner } from '../../shared/ui/spinner';
import { showToast } from '../../shared/ui/toast';
import { usePageMeta } from '../../shared/use-page-meta';

// /account/rewards ("Offers", alias offers; spec §2 Account): the offers for this customer, new or
// existing (GET /marketing_offers), each with what to do with its code, and the store credit they have.

async function copy(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    showToast(`${code} copied`);
  } catch {
    showToast(`Your code is ${code}`);
  }
}

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

export function RewardsPage() {
  usePageMeta('Offers');
  const { data: customer } = useQuery(customerQueries.me());
  const offers = useQuery(offerQueries.offers());
  if (!customer) return null;
  return (
    <div className="account-grid">
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
                      onClick={() => void copy(offer.code!)}
                      aria-label={`Copy the code ${offer.code}`}
                    >
                      Copy
                    </button>
                  </p>
                ) : null}
                <OfferAction offer={offer} hasPlan={customer.hasSubscriptionOrders} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <AccountStoreCredit balance={customer.storeCredits} />
    </div>
  );
}
