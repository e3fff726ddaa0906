import { Link } from '../../shared/router';
import { config } from '../../shared/config';
import { ArrowLeft, CheckIcon, LockIcon } from '../../shared/ui/icons';
import { PaymentMark } from '../../shared/ui/payment-logos';
import { useAvailableWallets, type Wallet } from '../../shared/wallets';

// The checkout bar (spec §2 Navigation bars): a secure-checkout banner with the card logos we take. Google
// Pay and Apple Pay appear only once the card step has found the wallet available in this browser
// (decision 20: never in the sandbox), and can still be hidden by configuration (HIDE_WALLET_LOGOS).

const CARDS = ['visa', 'mastercard', 'amex', 'paypal'] as const;

/** The logos to show: the cards we take, then each wallet this browser has that is not hidden. */
export function acceptedMarks(available: readonly Wallet[], hidden: readonly Wallet[]) {
  return [...CARDS, ...available.filter((w) => !hidden.includes(w))];
}

export function CheckoutBar({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const marks = acceptedMarks(useAvailableWallets(), config.hiddenWalletLogos);
  return (
    <div className="checkout-bar">
      <div className="checkout-bar__inner">
        <Link to={backTo} className="checkout-bar__back">
          <ArrowLeft /> {backLabel}
        </Link>
        <p className="checkout-bar__secure">
          <LockIcon size={18} />
          Secure checkout
        </p>
        <ul className="checkout-bar__marks" aria-label="We accept">
          {marks.map((mark) => (
            <li key={mark}>
              <PaymentMark mark={mark} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export interface CheckoutStepLink {
  key: 'account' | 'address' | 'delivery' | 'payment';
  label: string;
}

export const CHECKOUT_STEPS: CheckoutStepLink[] = [
  { key: 'account', label: 'Account' },
  { key: 'address', label: 'Address' },
  { key: 'delivery', label: 'Delivery' },
  { key: 'payment', label: 'Payment' },
];

/** Where the customer is in the checkout flow (spec §4 Checkout flow). */
export function CheckoutProgress({
  current,
  steps = CHECKOUT_STEPS,
}: {
  current: CheckoutStepLink['key'] | null;
  steps?: readonly CheckoutStepLink[];
}) {
  if (!current) return null;
  const index = steps.findIndex((s) => s.key === current);
  return (
    <ol className="checkout-progress" aria-label="Checkout steps">
      {steps.map((step, i) => (
        <li
          key={step.key}
          className={`checkout-progress__step ${i < index ? 'checkout-progress__step--done' : ''} ${
            i === index ? 'checkout-progress__step--current' : ''
          }`}
          aria-current={i === index ? 'step' : undefined}
        >
          <span className="checkout-progress__number" aria-hidden="true">
            {i < index ? <CheckIcon /> : i + 1}
          </span>
          <span>
            {step.label}
            {i < index ? <span className="visually-hidden"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
