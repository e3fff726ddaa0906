import type { ReactNode } from 'react';

// Small payment marks for the checkout bar and the "Pay with" list: drawn here (no third-party assets),
// each an image with its name for screen readers.

type Mark = 'visa' | 'mastercard' | 'amex' | 'paypal' | 'google_pay' | 'apple_pay' | 'card';

const NAMES: Record<Mark, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  paypal: 'PayPal',
  google_pay: 'Google Pay',
  apple_pay: 'Apple Pay',
  card: 'Card',
};

function Frame({ mark, children, decorative }: { mark: Mark; children: ReactNode; decorative?: boolean }) {
  return (
    <svg
      className="pay-mark"
      viewBox="0 0 48 30"
      width="40"
      height="25"
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': NAMES[mark] })}
    >
      <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill="#fff" stroke="#c9c2b6" />
      {children}
    </svg>
  );
}

export function PaymentMark({ mark, decorative = false }: { mark: Mark; decorative?: boolean }) {
  switch (mark) {
    case 'visa':
      return (
        <Frame mark={mark} decorative={decorative}>
          <text
            x="24"
            y="20"
            textAnchor="middle"
            fontSize="13"
            fontWeight="800"
            fontStyle="italic"
            fill="#1a1f71"
          >
            VISA
          </text>
        </Frame>
      );
    case 'mastercard':
      return (
        <Frame mark={mark} decorative={decorative}>
          <circle cx="19" cy="15" r="8" fill="#eb001b" />
          <circle cx="29" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </Frame>
      );
    case 'amex':
      return (
        <Frame mark={mark} decorative={decorative}>
          <rect x="4" y="5" width="40" height="20" rx="2" fill="#1f72cd" />
          <text x="24" y="19" textAnchor="middle" fontSize="10" fontWeight="800" fill="#fff">
            AMEX
          </text>
        </Frame>
      );
    case 'paypal':
      return (
        <Frame mark={mark} decorative={decorative}>
          <text x="24" y="19" textAnchor="middle" fontSize="10.5" fontWeight="800" fontStyle="italic">
            <tspan fill="#003087">Pay</tspan>
            <tspan fill="#0070e0">Pal</tspan>
          </text>
        </Frame>
      );
    case 'google_pay':
      return (
        <Frame mark={mark} decorative={decorative}>
          <text x="24" y="19" textAnchor="middle" fontSize="11" fontWeight="700" fill="#3c4043">
            <tspan fill="#4285f4">G</tspan> Pay
          </text>
        </Frame>
      );
    case 'apple_pay':
      return (
        <Frame mark={mark} decorative={decorative}>
          <rect x="4" y="5" width="40" height="20" rx="3" fill="#000" />
          <text
            x="24"
            y="18.5"
            textAnchor="middle"
            fontSize="8.5"
            fontWeight="600"
            fill="#fff"
            textLength="34"
            lengthAdjust="spacingAndGlyphs"
          >
            Apple Pay
          </text>
        </Frame>
      );
    default:
      return (
        <Frame mark="card" decorative={decorative}>
          <rect x="6" y="8" width="36" height="4" fill="#555c57" />
          <rect x="9" y="17" width="12" height="3" rx="1" fill="#9aa19c" />
        </Frame>
      );
  }
}

/** The mark for a card brand as the processor names it ("visa", "mastercard", "amex"). */
export function cardMark(brand: string | null): Mark {
  const b = (brand ?? '').toLowerCase();
  if (b === 'visa') return 'visa';
  if (b === 'mastercard') return 'mastercard';
  if (b === 'amex' || b === 'american_express') return 'amex';
  return 'card';
}
