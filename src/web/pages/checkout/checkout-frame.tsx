import type { ReactNode } from 'react';
import { useStepHeading } from '../../shared/ui/step-heading';

/** One step of the checkout: its heading, a line about it, and its content. */
export function CheckoutFrame({
  title,
  intro,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const heading = useStepHeading(title);
  return (
    <section
      className={`checkout-step ${wide ? 'checkout-step--wide' : ''}`}
      aria-labelledby="checkout-step-title"
    >
      <h1 id="checkout-step-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {intro ? <p className="checkout-step__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
