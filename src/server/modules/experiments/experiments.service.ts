import { DomainError } from '../../../domain/errors';
import { assignVariant, customerTypeOf } from '../../../domain/experiments';
import type { Db } from '../../db/client';
import { findCustomerById, orderFlags } from '../customers';
import {
  recordedVariants,
  recordVariant,
  runningExperiments,
  type RunningExperiment,
} from './experiments.repo';

// Experiments (issue 23 part 6, decision 30; spec §7 POST /customer_google_experiments). The server decides
// every variant: a browser's bucket from its experiment id (http/experiment-visitor.ts), or the variant
// recorded for the signed-in customer, which wins on every device. A customer records only the variant the
// browser was shown (its bucket), and only once: the first recorded variant stays, so a person sees one
// variant before and after signing in, and everywhere afterwards.

export interface Assignment {
  experimentId: string;
  variantId: string;
  /** What the variant changes (a banner's words: domain/experiments.ts bannerWordsOf). */
  payload: Record<string, unknown>;
  /** The customer's variant is recorded. */
  recorded: boolean;
}

export interface ExperimentVisitor {
  /** The browser's experiment id (null: no cookie yet, in no experiment unless recorded). */
  visitorId: string | null;
  /** The signed-in customer, if any. */
  customerId: string | null;
}

const NOT_RUNNING = 'This experiment is not running';

export class ExperimentsService {
  constructor(private readonly db: Db) {}

  /**
   * The running experiments this visitor is in, with their variant: everyone's experiments, and the beta
   * group's for a customer in it; the customer's recorded variant where there is one (and it still exists),
   * else the browser's bucket. An experiment whose variants all weigh nothing takes nobody.
   */
  async assignments({ visitorId, customerId }: ExperimentVisitor): Promise<Assignment[]> {
    const running = await runningExperiments(this.db);
    if (running.length === 0) return [];
    const [beta, recorded] = customerId
      ? [await this.inBeta(customerId), await recordedVariants(this.db, customerId)]
      : [false, new Map<string, string>()];
    const assignments: Assignment[] = [];
    for (const experiment of running) {
      if (!this.open(experiment, beta)) continue;
      const kept = experiment.variants.find((v) => v.id === recorded.get(experiment.id));
      const variant =
        kept ?? (visitorId ? assignVariant(experiment.variants, visitorId, experiment.id) : null);
      if (!variant) continue;
      assignments.push({
        experimentId: experiment.id,
        variantId: variant.id,
        payload: variant.payload,
        recorded: kept !== undefined,
      });
    }
    return assignments;
  }

  /** New (a visitor, or no paid order yet) or existing: as the marketing offers decide it. */
  async customerType(customerId: string | null): Promise<'new' | 'existing'> {
    return customerTypeOf(customerId ? await orderFlags(this.db, customerId) : null);
  }

  /**
   * POST /customer_google_experiments: records the customer's variant, once. The variant must be the one
   * this browser was shown (its bucket; 409 otherwise: a client does not choose its own variant). When one
   * is recorded already, that one stays and is answered, whatever was asked (`created` false).
   */
  async record(
    customerId: string,
    visitorId: string | null,
    experimentId: string,
    variantId: string,
  ): Promise<{ assignment: Assignment; created: boolean }> {
    const [experiment] = await runningExperiments(this.db, experimentId);
    if (!experiment || !this.open(experiment, await this.inBeta(customerId))) {
      throw new DomainError('EXPERIMENT_NOT_FOUND', NOT_RUNNING);
    }
    const asked = experiment.variants.find((v) => v.id === variantId);
    if (!asked) throw new DomainError('EXPERIMENT_NOT_FOUND', 'This experiment has no such variant');
    const kept = async (created: boolean) => {
      const recorded = (await recordedVariants(this.db, customerId, experimentId)).get(experimentId);
      const variant = experiment.variants.find((v) => v.id === recorded);
      if (!variant) throw new DomainError('EXPERIMENT_NOT_FOUND', NOT_RUNNING);
      return {
        assignment: { experimentId, variantId: variant.id, payload: variant.payload, recorded: true },
        created,
      };
    };
    if ((await recordedVariants(this.db, customerId, experimentId)).has(experimentId)) return kept(false);
    const shown = visitorId ? assignVariant(experiment.variants, visitorId, experimentId) : null;
    if (shown?.id !== asked.id) {
      throw new DomainError(
        'CONFLICT',
        shown
          ? `This browser was shown variant ${shown.id} of ${experimentId}, not ${asked.id}`
          : `This browser has not been shown ${experimentId}: ask GET /experiments first`,
      );
    }
    // Two calls at once (two tabs signing in): one records, the other finds it recorded.
    return kept(await recordVariant(this.db, customerId, experimentId, asked.id));
  }

  private open(experiment: RunningExperiment, beta: boolean): boolean {
    return experiment.audience === 'everyone' || beta;
  }

  private async inBeta(customerId: string): Promise<boolean> {
    return (await findCustomerById(this.db, customerId))?.beta ?? false;
  }
}
