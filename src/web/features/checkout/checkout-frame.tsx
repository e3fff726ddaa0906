import type { ReactNode } from 'react';
import { Link } from '../../shared/router';
import { Spinner } from '../../shared/ui/spinner';
import { useStepHeading } from '../../shared/ui/step-heading';

/** One step of the checkout: its heading, a line about it, and its content (or what it is loading). */
export function CheckoutFrame({
  title,
  intro,
  loading,
  children,
  wide = false,
}: {
  title: string;
  intro?: ReactNode;
  /** Said beside a spinner while what the step needs is loading, in place of its content. */
  loading?: string;
  children?: ReactNode;
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
      {loading ? (
        <Spinner label={loading} />
      ) : (
        <>
          {intro ? <p className="checkout-step__intro">{intro}</p> : null}
          {children}
        </>
      )}
    </section>
  );
}

/** A step reached with nothing in the basket: back to the menu. */
export function EmptyBasketStep({ menu }: { menu: string }) {
  return (
    <CheckoutFrame title="Your basket is empty">
      <p>Add some dishes first: each week you choose is its own delivery.</p>
      <Link to={menu} className="button button--primary">
        See the menu
      </Link>
    </CheckoutFrame>
  );
}

/** The step's one way on for a choice already made ("Deliver here"), saying so while it goes. */
export function NextStepButton({
  busy,
  onClick,
  children,
}: {
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button button--primary button--block"
      disabled={busy}
      aria-busy={busy}
      onClick={onClick}
    >
      {busy ? 'One moment…' : children}
    </button>
  );
}
