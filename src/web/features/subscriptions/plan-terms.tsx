import type { ReactNode } from 'react';
import type { PlanTerms } from '../../../contracts/plan-terms';
import type { Subscription } from '../../../contracts/subscriptions';
import { deadlineLabel, isIsoDate, weekStartOf } from '../../../domain/calendar';
import { formatPence } from '../../../domain/money';
import { frequencyLabel, weekdayName } from '../../../domain/plans';
import { dayLabel } from './plan-text';
import './subscriptions.css';

// What a Pasta Plan commits the customer to, said plainly where they buy it and again on its confirmation
// (issue 19 item 6; the UK's subscription rules under the DMCC Act 2024): a weekly plan that carries on until
// cancelled, what is charged when (the next charge by the billing rules: its amount and date), and that it can
// be skipped, paused or cancelled online at any time.

/** A started plan's terms, as its view says them (its real next charge). */
export function termsOfSubscription(plan: Subscription): PlanTerms {
  const next = plan.nextCharge;
  return {
    frequency: plan.frequency,
    deliveryDay: plan.deliveryDay,
    numberOfRecipes: plan.numberOfRecipes,
    nextCharge: next
      ? {
          weekStart: isIsoDate(next.deliveryDate) ? weekStartOf(next.deliveryDate) : next.deliveryDate,
          deliveryDate: next.deliveryDate,
          at: next.at,
          amount: next.amount,
        }
      : null,
  };
}

/** "every week, on Wednesdays". */
export const rhythmWords = (terms: Pick<PlanTerms, 'frequency' | 'deliveryDay'>) =>
  `${frequencyLabel(terms.frequency).toLowerCase()}, on ${weekdayName(terms.deliveryDay)}s`;

/** "£28.49 on Friday 27 November at 12 noon, for the box arriving Wednesday 2 December". */
export function nextChargeWords(next: NonNullable<PlanTerms['nextCharge']>): string {
  const when = deadlineLabel(new Date(next.at));
  const box = `for the box arriving ${dayLabel(next.deliveryDate)}`;
  return next.amount === null
    ? `On ${when}, ${box} (priced when its menu is out)`
    : `${formatPence(next.amount)} on ${when}, ${box}`;
}

export function PlanTermsPanel({
  terms,
  headingId,
  heading,
  today,
  children,
}: {
  terms: PlanTerms;
  headingId: string;
  heading: string;
  /** What is paid now, when it is (before paying). */
  today?: string | null;
  /** Ways on: manage, cancel, or buy once instead. */
  children?: ReactNode;
}) {
  const next = terms.nextCharge;
  return (
    <section className="plan-terms" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p>
        <strong>This is a weekly subscription.</strong> A box of {terms.numberOfRecipes} recipes{' '}
        {rhythmWords(terms)}, until you cancel it.
      </p>
      <dl className="plan-facts">
        {today ? (
          <div>
            <dt>Today</dt>
            <dd>{today}</dd>
          </div>
        ) : null}
        <div>
          <dt>Next charge</dt>
          <dd>{next ? nextChargeWords(next) : 'When the next menu is out'}</dd>
        </div>
        <div>
          <dt>After that</dt>
          <dd className="plan-terms__rule">
            Each box is charged to the same card on the Friday at 12 noon before its week, at the price of its
            dishes (the chef’s pick, or yours).
          </dd>
        </div>
      </dl>
      <p>
        Skip a week, pause or cancel online at any time in your account, before that Friday noon: once you
        cancel, nothing more is charged.
      </p>
      {children}
    </section>
  );
}
