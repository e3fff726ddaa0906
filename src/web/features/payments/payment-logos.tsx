import { cardMark, PaymentMark } from '../../shared/ui/payment-logos';

/** A card's brand beside its description (decorative: the text names it). */
export function CardBrandMark({ brand }: { brand: string | null }) {
  return <PaymentMark mark={cardMark(brand)} decorative />;
}

export function PaypalMark() {
  return <PaymentMark mark="paypal" decorative />;
}

/** Google Pay or Apple Pay beside its name (decorative: the text names it). */
export function WalletMark({ wallet }: { wallet: 'google_pay' | 'apple_pay' }) {
  return <PaymentMark mark={wallet} decorative />;
}
