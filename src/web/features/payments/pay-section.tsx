import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CheckoutMeta } from '../../../contracts/orders';
import { formatPence } from '../../../domain/money';
import { planCharge } from '../../../domain/orders';
import { CheckboxField } from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { Spinner } from '../../shared/ui/spinner';
import { CardFormError, type CardFormHandle } from './card-form';
import { defaultSelection, PaymentMethodPicker, type PaySelection } from './payment-method-picker';
import { paymentQueries, type Decline, type PayWith } from './payments.queries';
import type { PayOrder, PayStatus } from './use-pay-order';
import { useWallet } from './use-wallet';

// Store credit, how to pay, and "Pay £x" (spec §5: credit first; a card is charged when the amount to
// charge is 30p or more; a card is requested when the basket says so or something is left to pay). One
// press of "Pay" with a new card typed sends the card form, waits for the card, then pays; the card is kept
// only once that payment goes through, so a declined one leaves a fresh form to type another (issue 19).
// The default card is what is chosen to start with, on every payment step.

const WAITING: Record<Exclude<PayStatus, 'idle'> | 'saving-card', string> = {
  'saving-card': 'Checking your card…',
  placing: 'Placing your order…',
  paying: 'Paying…',
  redirecting: 'Taking you to confirm the payment…',
  processing: 'Your payment is processing…',
};

/** What to do after a decline, when the processor's sentence does not say it already. */
export function declineAdvice(decline: Decline): string | null {
  if (decline.hardDecline) return 'This card can’t be used again. Please choose another card or PayPal.';
  if (decline.declineCode === 'incorrect_cvc') {
    return 'Add the card again as a new card with the right security code, or choose another way to pay.';
  }
  return null;
}

/**
 * The words of a payment that is not a plain order's (a tab's hold, a share of a bill): the section's heading,
 * the two totals' names and the button's text.
 */
export interface PayWording {
  heading?: string;
  total?: string;
  due?: string;
  button?: string;
  /** Under a new card's form: what becomes of the card (a guest's is not kept). */
  newCard?: string;
}

export function PaySection({
  checkout,
  payment,
  onPay,
  ready,
  wording = {},
  waitingFor = null,
}: {
  checkout: CheckoutMeta;
  /** Where the page's payment is (usePayOrder): what it is doing, its decline or problem. */
  payment: Pick<PayOrder, 'status' | 'decline' | 'problem' | 'unusable' | 'setDecline'>;
  onPay: (how: PayWith, needsMethod: boolean) => void;
  /**
   * Asked first on "Pay", before a new card is sent: false stops there (the page says what is missing, such
   * as a takeaway's allergen check).
   */
  ready?: () => boolean;
  wording?: PayWording;
  /**
   * A choice still to make before paying (a tip: nothing is chosen for the customer): the button waits,
   * disabled, and this says why beside it.
   */
  waitingFor?: string | null;
}) {
  const { status, decline, problem, unusable } = payment;
  const methods = useQuery(paymentQueries.methods());
  // How to pay; a card that could not be saved is the form's problem, until the way to pay changes.
  const form = useForm({ initial: { useCredit: true, chosen: null as PaySelection | null } });
  const { useCredit, chosen } = form.values;
  const savingCard = form.pending === 'saving-card';
  const cardProblem = form.formError;
  const cardForm = useRef<CardFormHandle>(null);
  const wallet = useWallet();
  const alertRef = useRef<HTMLDivElement>(null);
  const busy = status !== 'idle' || savingCard;
  const waiting = savingCard ? WAITING['saving-card'] : status === 'idle' ? null : WAITING[status];

  // A new card's form starts afresh after its payment did not go through (that card was not kept).
  const [cardFormKey, setCardFormKey] = useState(0);
  const newCardPaying = useRef(false);

  // The default usable method until the customer picks one (and again when theirs is declined for good,
  // or is no longer saved).
  const selection: PaySelection | null =
    chosen &&
    !(
      chosen.kind === 'saved' &&
      (unusable.has(chosen.id) || !methods.data?.some((m) => m.id === chosen.id))
    ) &&
    !(chosen.kind === 'wallet' && !wallet.wallet)
      ? chosen
      : methods.data
        ? defaultSelection(methods.data, unusable)
        : null;

  const plan = planCharge({
    total: checkout.total,
    creditBalance: checkout.creditBalance,
    useCredit,
    minimumCardCharge: checkout.minimumCardCharge,
    // With credit used, the server's answer says whether a card is wanted beyond the amount to charge.
    basketRequestsCard: checkout.requestCard && checkout.amountToCharge === 0,
  });
  const needsMethod = plan.requestCard;
  const label = wording.button ?? (plan.charge > 0 ? `Pay ${formatPence(plan.charge)}` : 'Place order');

  useEffect(() => {
    if (decline || problem) alertRef.current?.focus();
    if ((decline || problem) && newCardPaying.current) {
      newCardPaying.current = false;
      setCardFormKey((key) => key + 1);
    }
  }, [decline, problem]);

  const choose = (next: PaySelection) => {
    // A problem with the card form (it clears with the change), or a decline, is about the way to pay
    // the customer just left.
    form.set({ chosen: next });
    // The customer chose another way to pay: the last decline no longer applies.
    payment.setDecline(null);
  };

  /** One press: a new card typed in the form is sent and saved first, then paid with. */
  const pay = async () => {
    if (busy || (ready && !ready())) return;
    form.fail(null);
    let how: PayWith =
      selection?.kind === 'paypal'
        ? { paypal: true, useCredit }
        : selection?.kind === 'saved'
          ? { paymentMethodId: selection.id, useCredit }
          : { useCredit };
    if (needsMethod && (selection?.kind === 'new-card' || selection?.kind === 'wallet')) {
      const card = cardForm.current;
      if (selection.kind === 'new-card' && !card) return;
      const saved = await form.run(
        'saving-card',
        async () => {
          // A wallet's sheet opens straight from the press (browsers want it so), then its card is saved.
          const method = selection.kind === 'wallet' ? wallet.pay(plan.charge) : card!.submit();
          how = { paymentMethodId: (await method).id, useCredit };
        },
        (error) => {
          if (
            !(error instanceof CardFormError) ||
            error.reason === 'not-ready' ||
            error.reason === 'failed'
          ) {
            alertRef.current?.focus();
          }
          // The card form says itself what went wrong in it; here, beside "Pay", what to do about it.
          return error instanceof CardFormError && error.reason !== 'failed'
            ? error.message
            : 'Your card wasn’t saved. Try again in the card form above, or choose another way to pay.';
        },
      );
      if (!saved) return;
      newCardPaying.current = true;
    }
    onPay(how, needsMethod && how.paymentMethodId === undefined && !how.paypal);
  };

  return (
    <section className="checkout-card" aria-labelledby="pay-heading">
      <h2 id="pay-heading">{wording.heading ?? 'How would you like to pay?'}</h2>
      {checkout.creditBalance > 0 ? (
        <div className="pay-credit">
          <CheckboxField
            label={`Use my store credit (${formatPence(checkout.creditBalance)} available)`}
            {...form.checkbox('useCredit')}
            disabled={busy}
          />
          {useCredit && plan.creditApplied > 0 ? (
            <p className="field__hint">
              {formatPence(plan.creditApplied)} of your credit goes towards this order.
            </p>
          ) : null}
        </div>
      ) : null}
      <dl className="summary-totals summary-totals--pay">
        <div>
          <dt>{wording.total ?? 'Order total'}</dt>
          <dd>{formatPence(checkout.total)}</dd>
        </div>
        {plan.creditApplied > 0 ? (
          <div className="summary-totals__discount">
            <dt>Store credit</dt>
            <dd>−{formatPence(plan.creditApplied)}</dd>
          </div>
        ) : null}
        <div className="summary-totals__total">
          <dt>{wording.due ?? 'To pay now'}</dt>
          <dd data-testid="amount-to-pay">{formatPence(plan.charge)}</dd>
        </div>
      </dl>
      {needsMethod ? (
        <PaymentMethodPicker
          selection={selection}
          onSelect={choose}
          unusable={unusable}
          disabled={busy}
          cardForm={cardForm}
          cardFormKey={cardFormKey}
          onCardTyped={() => form.fail(null)}
          wallet={wallet.wallet}
          {...(wording.newCard ? { newCardNote: wording.newCard } : {})}
        />
      ) : (
        <p className="notice">Your store credit covers this order: nothing to pay by card.</p>
      )}
      <div ref={alertRef} tabIndex={-1} className="pay-alert">
        {decline ? (
          <div className="notice notice--error" role="alert">
            <p>
              <strong>{decline.message}</strong>
            </p>
            {declineAdvice(decline) ? <p>{declineAdvice(decline)}</p> : null}
          </div>
        ) : null}
        {cardProblem ? (
          <p className="notice notice--error" role="alert">
            {cardProblem}
          </p>
        ) : null}
        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {waitingFor && !busy ? (
        <p className="field__hint pay-waiting-for" id="pay-waiting-for">
          {waitingFor}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--primary button--block pay-button"
        disabled={busy || (needsMethod && methods.isPending) || Boolean(waitingFor)}
        aria-busy={busy}
        aria-describedby={waitingFor && !busy ? 'pay-waiting-for' : undefined}
        onClick={() => void pay()}
      >
        {waiting ?? label}
      </button>
      {waiting ? (
        <p className="pay-wait" role="status">
          <Spinner label={waiting} /> Please don’t close this page.
        </p>
      ) : null}
      <p className="field__hint pay-terms">
        Payments are taken securely by our payment processor. Minimum card payment{' '}
        {formatPence(checkout.minimumCardCharge)}.
      </p>
    </section>
  );
}
