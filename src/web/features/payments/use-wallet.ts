import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PaymentMethod } from '../../../contracts/payments';
import { config } from '../../shared/config';
import { setAvailableWallets, type Wallet } from '../../shared/wallets';
import { CardFormError } from './card-form';
import { paymentQueries, paymentsApi } from './payments.queries';
import {
  cardErrorMessage,
  loadStripe,
  type PaymentRequest,
  type StripeJs,
  type WalletPaymentMethodEvent,
} from './stripe-js';

// Google Pay and Apple Pay through Stripe's Payment Request API (PAYMENTS=live only, decision 20). The card
// step asks once whether this browser has a wallet (spec §9: GB, GBP and an amount of 1200 for that check)
// and says so to the checkout bar, which shows a wallet's logo only then. Paying with it: the sheet gives a
// card, which is saved through a setup intent like a typed one (3-D Secure if the bank asks), then paid with.

/** The spec's availability check (§9 "The wallet payment request uses the UK, GBP and an amount of 1200"). */
export const WALLET_CHECK = { country: 'GB', currency: 'gbp', total: { label: 'Sfoglia', amount: 1200 } };

export const WALLET_NAMES: Record<Wallet, string> = { google_pay: 'Google Pay', apple_pay: 'Apple Pay' };

export interface WalletPay {
  /** The wallet this browser offers, or null (always null in the sandbox). */
  wallet: Wallet | null;
  /** Opens the wallet's sheet for `amount` pence (call it straight from the click) and saves its card. */
  pay(amount: number): Promise<PaymentMethod>;
}

type Waiting = { resolve: (m: PaymentMethod) => void; reject: (e: CardFormError) => void };

async function saveWalletCard(stripe: StripeJs, event: WalletPaymentMethodEvent): Promise<PaymentMethod> {
  const intent = await paymentsApi.setup('CreditCard');
  let result = await stripe.confirmCardSetup(
    intent.clientSecret,
    { payment_method: event.paymentMethod.id },
    { handleActions: false },
  );
  if (result.error) {
    event.complete('fail');
    throw new CardFormError('invalid', cardErrorMessage(result.error));
  }
  event.complete('success');
  if (result.setupIntent.status === 'requires_action') {
    // The bank wants its 3-D Secure check: Stripe.js shows it once the wallet's sheet has closed.
    result = await stripe.confirmCardSetup(intent.clientSecret);
    if (result.error) throw new CardFormError('invalid', cardErrorMessage(result.error));
  }
  // Kept only once the payment with it goes through.
  return paymentsApi.save(result.setupIntent.id, 'CreditCard', { untilPaid: true });
}

export function useWallet(): WalletPay {
  const queryClient = useQueryClient();
  const [wallet, setWallet] = useState<Wallet | null>(null);
  const live = useRef<{ stripe: StripeJs; request: PaymentRequest } | null>(null);
  const waiting = useRef<Waiting | null>(null);

  useEffect(() => {
    if (config.payments.mode !== 'live') return;
    let cancelled = false;
    loadStripe()
      .then(async (stripe) => {
        const request = stripe.paymentRequest(WALLET_CHECK);
        const can = await request.canMakePayment();
        if (cancelled) return;
        const wallets: Wallet[] = [];
        if (can?.googlePay) wallets.push('google_pay');
        if (can?.applePay) wallets.push('apple_pay');
        setAvailableWallets(wallets);
        if (wallets.length === 0) return;
        request.on('paymentmethod', (event) => {
          const pending = waiting.current;
          waiting.current = null;
          if (!pending) return event.complete('fail');
          saveWalletCard(stripe, event).then(
            async (method) => {
              await queryClient.invalidateQueries({ queryKey: paymentQueries.all });
              pending.resolve(method);
            },
            (error: unknown) =>
              pending.reject(
                error instanceof CardFormError
                  ? error
                  : new CardFormError('failed', 'Your wallet’s card couldn’t be saved. Please try again.'),
              ),
          );
        });
        request.on('cancel', () => {
          waiting.current?.reject(
            new CardFormError(
              'invalid',
              'The payment was closed before it finished. Press Pay to try again.',
            ),
          );
          waiting.current = null;
        });
        live.current = { stripe, request };
        setWallet(wallets[0]!);
      })
      // No wallet, no logo: a failure to load Stripe.js is the card form's to report.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  const pay = useCallback((amount: number) => {
    const current = live.current;
    if (!current) {
      return Promise.reject(
        new CardFormError('not-ready', 'The wallet is still opening. Try again in a moment.'),
      );
    }
    waiting.current?.reject(new CardFormError('failed', 'Replaced by a newer request.'));
    const done = new Promise<PaymentMethod>((resolve, reject) => {
      waiting.current = { resolve, reject };
    });
    current.request.update({ total: { label: WALLET_CHECK.total.label, amount } });
    current.request.show();
    return done;
  }, []);

  return { wallet, pay };
}
