import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Subscription } from '../../../contracts/subscriptions';
import { subscriptionQueries } from './subscriptions.queries';

// Which plan the account's plan screens show (spec §4 Subscription states, §9 local storage "selected
// subscription"): the customer's choice, kept in local storage and restored while it is still one of theirs
// and selectable; otherwise the first by the spec's ranking: active, failed, paused, cancelled, created (a
// created plan only once it has orders), then by name.

export const SELECTED_PLAN_KEY = 'sfoglia:selected-subscription';

const RANK: Record<Subscription['state'], number> = {
  active: 0,
  failed: 1,
  paused: 2,
  cancelled: 3,
  created: 4,
};

type Rankable = Pick<Subscription, 'id' | 'state' | 'name' | 'hasOrders'>;

/** Spec §4: a created plan is selectable only if it has orders. */
export function isSelectable(plan: Pick<Subscription, 'state' | 'hasOrders'>): boolean {
  return plan.state !== 'created' || plan.hasOrders;
}

/** The selectable plans, best first: by state (active … created), then by name, then by id (stable). */
export function rankPlans<P extends Rankable>(plans: readonly P[]): P[] {
  return plans
    .filter(isSelectable)
    .sort(
      (a, b) =>
        RANK[a.state] - RANK[b.state] ||
        a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' }) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/** The plan to show: the stored one while it is still valid, else the best ranked; null without any. */
export function selectPlan<P extends Rankable>(plans: readonly P[], storedId: string | null): P | null {
  const ranked = rankPlans(plans);
  return ranked.find((plan) => plan.id === storedId) ?? ranked[0] ?? null;
}

/** A plan that still takes boxes or can again without a restart: what the basket's question is about. */
export function isLivePlan(plan: Pick<Subscription, 'state'>): boolean {
  return plan.state === 'active' || plan.state === 'paused' || plan.state === 'failed';
}

// The stored choice, shared by every screen (and other tabs, through the storage event).

const listeners = new Set<() => void>();

export function readSelectedPlanId(): string | null {
  try {
    return localStorage.getItem(SELECTED_PLAN_KEY);
  } catch {
    return null;
  }
}

export function rememberSelectedPlan(id: string): void {
  try {
    localStorage.setItem(SELECTED_PLAN_KEY, id);
  } catch {
    // Storage full or disabled: the choice lasts for this page only.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SELECTED_PLAN_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The customer's plans and the one selected: `plan` is null while loading, after a failure, or when the
 * customer has no selectable plan (`plans` says which).
 */
export function useSelectedPlan() {
  const query = useQuery(subscriptionQueries.list());
  const storedId = useSyncExternalStore(subscribe, readSelectedPlanId, () => null);
  const plans = query.data ? rankPlans(query.data) : [];
  const plan = query.data ? selectPlan(query.data, storedId) : null;
  return { query, plans, plan, select: rememberSelectedPlan };
}
