import type { Tab } from '../../../contracts/dine-in';
import { timeLabel } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { ReceiptTotals } from '../../shared/ui/receipt-totals';
import { limitUsed, partLineText } from './rules';

// A tab as its screens show it (issue 21, decision 28): the running total against the limit held on the
// card, every round with who added it and how far the kitchen is, the parts of a split bill, and once closed
// the viewer's receipt.

/** The running total against the limit: a bar, with the numbers said in words beside it. */
export function LimitBar({
  tab,
}: {
  tab: Pick<Tab, 'foodTotal' | 'limit' | 'headroom' | 'pendingLimit' | 'youAreHolder' | 'hold'>;
}) {
  const used = limitUsed(tab.foodTotal, tab.limit);
  return (
    <div className="di-limit">
      <p className="di-limit__figures">
        <strong>{formatPence(tab.foodTotal)}</strong> of {tab.youAreHolder ? 'your' : 'the'}{' '}
        {formatPence(tab.limit)} limit
      </p>
      <div
        className={`di-limit__bar${used >= 90 ? ' di-limit__bar--full' : ''}`}
        role="meter"
        aria-label="Running total against the limit"
        aria-valuemin={0}
        aria-valuemax={tab.limit / 100}
        aria-valuenow={tab.foodTotal / 100}
        aria-valuetext={`${formatPence(tab.foodTotal)} of ${formatPence(tab.limit)}`}
      >
        <span style={{ width: `${used}%` }} />
      </div>
      <p className="field__hint">
        {formatPence(tab.headroom)} left before the limit
        {tab.youAreHolder && tab.hold.paidWith ? ` · held on ${tab.hold.paidWith}` : ''}
        {tab.pendingLimit ? ` · a limit of ${formatPence(tab.pendingLimit)} is being held on the card` : ''}
      </p>
    </div>
  );
}

/** Every round: its number, who added it and when, how far the kitchen is, its dishes and its total. */
export function TabRounds({ rounds }: { rounds: Tab['rounds'] }) {
  if (rounds.length === 0) return <p className="notice">Nothing ordered yet.</p>;
  return (
    <ol className="di-rounds" aria-label="Rounds">
      {[...rounds].reverse().map((round) => (
        <li key={round.orderId} className={`di-round${round.offBill ? ' di-round--off' : ''}`}>
          <div className="di-round__head">
            <h3>
              Round {round.number}
              <span className="di-round__by">
                {' '}
                · {round.isYours ? 'you' : round.addedBy} · {timeLabel(new Date(round.placedAt))}
              </span>
            </h3>
            <span className="di-round__total">{formatPence(round.total)}</span>
          </div>
          <p className={`di-state di-state--${round.offBill ? 'off' : round.state}`}>{round.stateLabel}</p>
          <ul className="di-round__lines">
            {round.lines.map((line) => (
              <li key={line.id}>
                <span>
                  {line.quantity > 1 ? `${line.quantity} × ` : ''}
                  {line.title}
                  {line.variantTitle ? ` (${line.variantTitle})` : ''}
                  {line.modifiers.length > 0 ? (
                    <span className="di-round__mods"> {line.modifiers.join(' · ')}</span>
                  ) : null}
                </span>
                <span>{formatPence(line.total)}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

const PART_STATES: Record<Tab['parts'][number]['state'], string> = {
  unpaid: 'Not paid yet',
  paying: 'Being paid',
  paid: 'Paid',
};

/** A part's state in words: "Paid by Bob (tip £1.00)", "Taken from the card when everyone else has paid". */
export function partStateText(part: Tab['parts'][number]): string {
  if (part.state === 'paid') {
    const by = part.paidBy ? ` by ${part.paidBy}` : '';
    return `Paid${by}${part.tip > 0 ? ` (tip ${formatPence(part.tip)})` : ''}`;
  }
  if (part.isHolders) return 'Taken from the card held, once everyone else has paid';
  return PART_STATES[part.state];
}

/** A part of the bill: its name, its lines ("⅓ of Tiramisù"), its amount and its state. */
export function PartSummary({ part }: { part: Tab['parts'][number] }) {
  return (
    <div className="di-part__summary">
      <div className="di-part__head">
        <h3>
          {part.label}
          {part.isYours && part.state !== 'paid' ? <span className="di-part__you"> (you)</span> : null}
        </h3>
        <span className="di-part__amount">{formatPence(part.amount)}</span>
      </div>
      {part.lines.length > 0 ? (
        <ul className="di-part__lines">
          {part.lines.map((line, index) => (
            <li key={`${line.title}:${index}`}>
              <span>{partLineText(line)}</span>
              <span>{formatPence(line.amount)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={`di-state di-state--${part.state}`}>{partStateText(part)}</p>
    </div>
  );
}

/** The receipt of a closed tab: the bill, what others paid, the tip as its own row, what was charged. */
export function TabReceipt({ tab }: { tab: Tab }) {
  return (
    <section className="checkout-card" aria-labelledby="di-receipt-heading">
      <h2 id="di-receipt-heading">Your receipt</h2>
      <p className="di-closed">
        {tab.stateLabel}
        {tab.closedAt && tab.closedBy === 'holder' ? ` at ${timeLabel(new Date(tab.closedAt))}` : ''}
      </p>
      {tab.receipt.length > 0 ? (
        <>
          <ReceiptTotals rows={tab.receipt} />
          <p className="field__hint">A copy is on its way to your email.</p>
        </>
      ) : (
        <p>You didn’t pay a part of this bill: whoever opened the tab has its receipt.</p>
      )}
    </section>
  );
}
