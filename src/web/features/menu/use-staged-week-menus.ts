import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { whenIdle } from '../../shared/when-idle';
import type { IsoDate } from '../../../domain/calendar';
import { menuQueries } from './menu.queries';

/**
 * Loads week menus batch by batch (spec §9: current and previous week first, then the first two future
 * weeks, then the rest in the background). A batch starts once every batch before it has settled; the
 * week on screen is always fetched at once, the others once the browser is idle (the page hydrated and its
 * first reads sent: on a phone, starting six requests is work the first tap would wait for). Settling re-renders through the queries' observers.
 * A component of its own, so that its re-renders do not re-render the menu.
 */
export function StagedWeekMenus({
  batches,
  selected,
}: {
  batches: readonly IsoDate[][];
  selected: IsoDate | null;
}) {
  const queryClient = useQueryClient();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  const settled = (week: IsoDate) => {
    const status = queryClient.getQueryState(menuQueries.week(week).queryKey)?.status;
    return status === 'success' || status === 'error';
  };
  // A batch is enabled when every batch before it has settled.
  const enabledBatches = batches.map((_, index) =>
    batches.slice(0, index).every((batch) => batch.every(settled)),
  );
  useQueries({
    queries: batches.flatMap((batch, index) =>
      batch.map((week) => ({
        ...menuQueries.week(week),
        enabled: (idle && enabledBatches[index]) || week === selected,
      })),
    ),
    // Nothing here is shown: only re-render when a query settles, so the next batch can start.
    combine: (results) => results.map((r) => r.status).join(),
  });
  return null;
}
