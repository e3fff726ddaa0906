import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whenIdle } from '../../shared/when-idle';
import type { IsoDate } from '../../../domain/calendar';
import { menuQueries } from './menu.queries';

/**
 * Fetches the weeks of `batches` batch by batch: a batch starts once every week of the batch before it has
 * settled (fetched or failed), after `pause` (the browser idle). Stops between batches once `stopped()`.
 */
export async function fetchInBatches(
  batches: readonly (readonly IsoDate[])[],
  fetchWeek: (week: IsoDate) => Promise<void>,
  pause: () => Promise<void>,
  stopped: () => boolean,
): Promise<void> {
  for (const batch of batches) {
    await pause();
    if (stopped()) return;
    await Promise.all(batch.map(fetchWeek));
  }
}

/**
 * Loads the other week menus in the background (spec §9: current and previous week first, then the first two
 * future weeks, then the rest), each batch once the browser is idle and the batch before it has settled. The
 * week on screen is the page's own query, fetched at once.
 *
 * Nothing here is shown, so nothing observes these weeks: each arrives in the query cache without a render
 * (issue 24: observing them re-rendered the page synchronously as each settled, and started each batch's
 * requests inside a commit, 60–100 ms tasks at 4× CPU after a menu's first load). A week switched to later
 * reads it from the cache.
 */
export function useStagedWeekMenus(batches: readonly (readonly IsoDate[])[]) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stopped = false;
    let cancelIdle = () => {};
    const pause = () =>
      new Promise<void>((resolve) => {
        cancelIdle = whenIdle(resolve);
      });
    void fetchInBatches(
      batches,
      (week) => queryClient.prefetchQuery(menuQueries.week(week)),
      pause,
      () => stopped,
    );
    return () => {
      stopped = true;
      cancelIdle();
    };
  }, [queryClient, batches]);
}
