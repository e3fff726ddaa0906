import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customerExperiments, experiments, experimentVariants } from '../../db/schema/after-order';

// The experiments' tables: experiments and their variants (written by the seed and, later, the back office),
// and each customer's recorded variant.

export interface RunningExperiment {
  id: string;
  audience: 'everyone' | 'beta';
  variants: { id: string; weight: number; payload: Record<string, unknown> }[];
}

/** The active experiments with their variants in order (the split lays the weights end to end in it). */
export async function runningExperiments(db: DbOrTx, only?: string): Promise<RunningExperiment[]> {
  const rows = await db
    .select({
      id: experiments.id,
      audience: experiments.audience,
      variantId: experimentVariants.id,
      weight: experimentVariants.weight,
      payload: experimentVariants.payload,
    })
    .from(experiments)
    .innerJoin(experimentVariants, eq(experimentVariants.experimentId, experiments.id))
    .where(and(eq(experiments.active, true), only === undefined ? undefined : eq(experiments.id, only)))
    .orderBy(asc(experiments.id), asc(experimentVariants.position), asc(experimentVariants.id));
  const byId = new Map<string, RunningExperiment>();
  for (const row of rows) {
    let experiment = byId.get(row.id);
    if (!experiment) {
      experiment = { id: row.id, audience: row.audience, variants: [] };
      byId.set(row.id, experiment);
    }
    experiment.variants.push({ id: row.variantId, weight: row.weight, payload: row.payload });
  }
  return [...byId.values()];
}

/** The customer's recorded variant in each experiment they were recorded in. */
export async function recordedVariants(
  db: DbOrTx,
  customerId: string,
  experimentId?: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select({ experimentId: customerExperiments.experimentId, variantId: customerExperiments.variantId })
    .from(customerExperiments)
    .where(
      and(
        eq(customerExperiments.customerId, customerId),
        experimentId === undefined ? undefined : eq(customerExperiments.experimentId, experimentId),
      ),
    );
  return new Map(rows.map((row) => [row.experimentId, row.variantId]));
}

/** Records the customer's variant unless one is recorded already; true when this call recorded it. */
export async function recordVariant(
  db: DbOrTx,
  customerId: string,
  experimentId: string,
  variantId: string,
): Promise<boolean> {
  const inserted = await db
    .insert(customerExperiments)
    .values({ customerId, experimentId, variantId })
    .onConflictDoNothing()
    .returning({ variantId: customerExperiments.variantId });
  return inserted.length > 0;
}
