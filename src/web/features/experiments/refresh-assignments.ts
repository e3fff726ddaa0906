import { abFlag } from '../../../domain/experiments';
import { setAnalyticsContext } from '../../shared/analytics';
import { showToast } from '../../shared/ui/toast';
import { experimentsApi } from './experiments.api';

// After a sign-in, a sign-up, a sign-out or a first paid order (decision 30): the browser's variants and
// new-or-existing as the server now sees them. A signed-in customer's recorded variant wins; any variant not
// yet recorded for them is the one this browser was shown, and is recorded now, so they see it on every
// device from here on. Spec §8: a failed record says "Something went wrong" (the client has reported it as
// error_reported) and changes nothing on the page: the customer carries on, and a later sign-in tries again.

export async function refreshAssignments(signedIn: boolean): Promise<void> {
  const { assignments, customerType } = await experimentsApi.assignments();
  if (signedIn) {
    try {
      for (const [i, assignment] of assignments.entries()) {
        if (assignment.recorded) continue;
        assignments[i] = await experimentsApi.record(assignment.experimentId, assignment.variantId);
      }
    } catch {
      showToast('Something went wrong', 'error');
    }
  }
  setAnalyticsContext({ ab_flag: abFlag(assignments), customer_type: customerType });
}
