import {
  experimentAssignmentModel,
  experimentAssignmentsDocument,
  type ExperimentAssignment,
} from '../../../contracts/experiments';
import { api } from '../../shared/api/client';
import { readMany, readMeta, readOne } from '../../shared/api/documents';

// The experiments' calls (spec §7 POST /customer_google_experiments; GET /experiments). Loaded only when
// who is signed in changes: a page's first load has the visitor's variants in its HTML already.

export const experimentsApi = {
  /** The running experiments and this browser's (or customer's) variant in each; new or existing. */
  assignments: async (): Promise<{
    assignments: ExperimentAssignment[];
    customerType: 'new' | 'existing';
  }> => {
    const doc = await api('GET', '/experiments');
    return {
      assignments: readMany(doc, experimentAssignmentModel),
      customerType: readMeta(doc, experimentAssignmentsDocument.shape.meta).customerType,
    };
  },
  /** Records the signed-in customer's variant; answers the one recorded (the first stays). */
  record: async (experimentId: string, variantId: string): Promise<ExperimentAssignment> =>
    readOne(
      await api('POST', '/customer_google_experiments', { body: { experimentId, variantId } }),
      experimentAssignmentModel,
    ),
};
