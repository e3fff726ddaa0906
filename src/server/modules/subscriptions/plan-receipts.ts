import { weekLabel } from '../../../domain/menu-weeks';
import type { IsoDate } from '../../../domain/calendar';
import type { DbOrTx } from '../../db/client';
import { enqueueEmail } from '../../integrations/email';
import { planChanged } from '../../integrations/email/plan-templates';
import { findCustomerById } from '../customers';
import type { Mover } from '../orders';
import { recordPlanEvent, type PlanAction, type SubscriptionRow } from './plan-store';

// Every change a customer makes to a plan is written in its history and, for the changes that decide what
// is sent and charged (skip, unskip, pause, activate, schedule, cancel, settings), confirmed by email in the
// same transaction (issue 12 part 4): what changed, which weeks, what happens next.

export interface Receipt {
  action: PlanAction;
  /** One line for the history ("Skipped the week of 30 Nov – 5 Dec"). */
  summary: string;
  weeks?: readonly string[];
  /** The email's subject, heading and words; no email when absent. */
  email?: { subject: string; heading: string; paragraphs: string[] };
}

/** "the week of 30 Nov – 5 Dec". */
export const theWeekOf = (week: string) => `the week of ${weekLabel(week as IsoDate)}`;

export async function recordReceipt(
  tx: DbOrTx,
  plan: Pick<SubscriptionRow, 'id' | 'customerId'>,
  receipt: Receipt,
  by: Mover,
  publicUrl: string,
): Promise<void> {
  await recordPlanEvent(
    tx,
    {
      subscriptionId: plan.id,
      action: receipt.action,
      summary: receipt.summary,
      ...(receipt.weeks ? { weeks: receipt.weeks } : {}),
    },
    by,
  );
  if (!receipt.email) return;
  const customer = await findCustomerById(tx, plan.customerId);
  if (!customer) return;
  await enqueueEmail(
    tx,
    planChanged({
      to: customer.email,
      firstName: customer.firstName,
      ...receipt.email,
      link: `${publicUrl}/account/upcoming-orders`,
    }),
  );
}
