import { clockTime } from '../checkout/rules';
import { milesText, riderProgress, type DriverLocation } from './tracking';

// The rider on the way, as progress from the restaurant to the door (no map tiles are configured): who, how
// far to go, when they arrive, and a bar that moves as each new position comes in.

function riderSentence(driver: DriverLocation): string {
  const who = driver.riderName ?? 'Your rider';
  const progress = riderProgress(driver);
  switch (driver.status) {
    case 'not_dispatched':
      return 'We’re finding a rider for your order.';
    case 'to_pickup':
      return `${who} is on the way to the restaurant to pick up your order.`;
    case 'to_dropoff': {
      const parts = [
        progress.milesToGo !== null ? `${milesText(progress.milesToGo)} to go` : null,
        progress.etaAt ? `arriving about ${clockTime(progress.etaAt)}` : null,
      ].filter(Boolean);
      return `${who} is on the way${parts.length > 0 ? `: ${parts.join(', ')}` : ''}.`;
    }
    case 'delivered':
      return `${who} has delivered your order.`;
    case 'canceled':
      return 'The delivery was cancelled. Please call the restaurant.';
  }
}

export function RiderProgressView({ driver, restaurant }: { driver: DriverLocation; restaurant: string }) {
  const { fraction } = riderProgress(driver);
  const percent = Math.round(fraction * 100);
  return (
    <section className="checkout-card tw-rider" aria-labelledby="tw-rider-heading">
      <h2 id="tw-rider-heading">Your rider</h2>
      <p className="tw-rider__text" aria-live="polite">
        {riderSentence(driver)}
      </p>
      <div className="tw-rider__route">
        <span className="tw-rider__end">{restaurant}</span>
        <div
          className="tw-rider__bar"
          role="progressbar"
          aria-label="Your rider’s way to your door"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}% of the way`}
        >
          <span className="tw-rider__done" style={{ width: `${percent}%` }} />
          <span className="tw-rider__dot" style={{ left: `${percent}%` }} aria-hidden="true" />
        </div>
        <span className="tw-rider__end">Your door</span>
      </div>
      <p className="field__hint">Updated {clockTime(driver.updatedAt)}</p>
    </section>
  );
}
