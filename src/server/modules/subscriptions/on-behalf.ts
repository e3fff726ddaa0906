import type { DbOrTx } from '../../db/client';

/**
 * A change a member of staff makes to a customer's plan on their behalf (issue 25 part 4): the plan's history
 * names them (`actor`, "staff:<id>"), and `record` writes the audit log's entry in the change's own
 * transaction, with the plan or week before and after.
 */
export interface OnBehalf {
  actor: string;
  record(tx: DbOrTx, before: unknown, after: unknown): Promise<void>;
}
