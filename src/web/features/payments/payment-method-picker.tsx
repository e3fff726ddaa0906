import { useQuery } from '@tanstack/react-query';
import { useId, type Ref } from 'react';
import type { PaymentMethod } from '../../../contracts/payments';
import { Spinner } from '../../shared/ui/spinner';
import { CardForm, type CardFormHandle } from './card-form';
import { CardBrandMark, PaypalMark, WalletMark } from './payment-logos';
import { WALLET_NAMES, type WalletPay } from './use-wallet';
import { describeMethod, expiryOf, paymentQueries } from './payments.queries';
import './payments.css';
import { LoadFailed } from '../../shared/ui/load-failed';

// "Pay with": the customer's saved cards and PayPal accounts, PayPal without saving, or a new card (the
// card form opens in place, and is sent by the page's "Pay"). A card that was hard-declined is not offered again (spec §8).

export type PaySelection =
  | { kind: 'saved'; id: string }
  | { kind: 'paypal' }
  | { kind: 'new-card' }
  /** Google Pay or Apple Pay: offered only when this browser has it (live payments only). */
  | { kind: 'wallet' };

/**
 * The way to pay chosen until the customer picks one, on every payment step (issue 19): the default method
 * when usable (the one marked Default is the one ticked, and charged), else the first, else a new card.
 */
export function defaultSelection(methods: PaymentMethod[], unusable: ReadonlySet<string>): PaySelection {
  const usable = methods.filter((m) => !unusable.has(m.id));
  const preferred = usable.find((m) => m.default) ?? usable[0];
  return preferred ? { kind: 'saved', id: preferred.id } : { kind: 'new-card' };
}

export function PaymentMethodPicker({
  selection,
  onSelect,
  unusable,
  disabled,
  cardForm,
  cardFormKey = 0,
  onCardTyped,
  wallet,
  newCardNote = 'Once the payment goes through, we keep this card for your next order. You can remove it in your account.',
}: {
  selection: PaySelection | null;
  onSelect: (selection: PaySelection) => void;
  unusable: ReadonlySet<string>;
  disabled: boolean;
  /** The new card's form, which the page's "Pay" sends (one press saves the card and pays). */
  cardForm?: Ref<CardFormHandle>;
  /** A new value opens a fresh card form (the last card typed was not kept). */
  cardFormKey?: number;
  onCardTyped?: () => void;
  /** The wallet this browser offers (useWallet), if any. */
  wallet?: WalletPay['wallet'];
  /** What happens to a new card once it has paid (a guest's is not kept: decision 28). */
  newCardNote?: string;
}) {
  const name = useId();
  const methods = useQuery(paymentQueries.methods());
  if (methods.isPending) return <Spinner label="Loading your cards" />;
  if (methods.isError) {
    return <LoadFailed message="Couldn’t load your saved cards." onRetry={methods.refetch} />;
  }
  const isSelected = (s: PaySelection) =>
    selection?.kind === s.kind &&
    (s.kind !== 'saved' || (selection.kind === 'saved' && selection.id === s.id));
  return (
    <fieldset className="fieldset pay-options" disabled={disabled}>
      <legend>Pay with</legend>
      {methods.data.map((method) => {
        const expiry = expiryOf(method);
        const blocked = unusable.has(method.id);
        return (
          <label key={method.id} className={`pay-option ${blocked ? 'pay-option--blocked' : ''}`}>
            <input
              type="radio"
              name={name}
              checked={isSelected({ kind: 'saved', id: method.id })}
              disabled={blocked}
              onChange={() => onSelect({ kind: 'saved', id: method.id })}
            />
            {method.type === 'PaypalAccount' ? <PaypalMark /> : <CardBrandMark brand={method.brand} />}
            <span className="pay-option__text">
              <span>{describeMethod(method)}</span>
              <span className="pay-option__meta">
                {blocked
                  ? 'Declined: please use another way to pay'
                  : [expiry ? `Expires ${expiry}` : null, method.default ? 'Default' : null]
                      .filter(Boolean)
                      .join(' · ')}
              </span>
            </span>
          </label>
        );
      })}
      <label className="pay-option">
        <input
          type="radio"
          name={name}
          checked={isSelected({ kind: 'new-card' })}
          onChange={() => onSelect({ kind: 'new-card' })}
        />
        <CardBrandMark brand={null} />
        <span className="pay-option__text">
          <span>
            {methods.data.some((m) => m.type === 'CreditCard') ? 'A new card' : 'Credit or debit card'}
          </span>
        </span>
      </label>
      {selection?.kind === 'new-card' ? (
        <div className="pay-option__panel">
          {/* The card is for this payment: it is kept (and listed) only once the payment goes through. */}
          <CardForm key={cardFormKey} ref={cardForm} mode="pay" onSaved={() => {}} onTyped={onCardTyped} />
          <p className="field__hint">{newCardNote}</p>
        </div>
      ) : null}
      {wallet ? (
        <label className="pay-option">
          <input
            type="radio"
            name={name}
            checked={isSelected({ kind: 'wallet' })}
            onChange={() => onSelect({ kind: 'wallet' })}
          />
          <WalletMark wallet={wallet} />
          <span className="pay-option__text">
            <span>{WALLET_NAMES[wallet]}</span>
            <span className="pay-option__meta">You’ll confirm the payment in {WALLET_NAMES[wallet]}</span>
          </span>
        </label>
      ) : null}
      <label className="pay-option">
        <input
          type="radio"
          name={name}
          checked={isSelected({ kind: 'paypal' })}
          onChange={() => onSelect({ kind: 'paypal' })}
        />
        <PaypalMark />
        <span className="pay-option__text">
          <span>PayPal</span>
          <span className="pay-option__meta">You’ll approve the payment at PayPal</span>
        </span>
      </label>
    </fieldset>
  );
}
