import { describe, expect, test } from 'vitest';
import type { IsoDate } from '../../../domain/calendar';
import { fetchInBatches } from './use-staged-week-menus';

// The other week menus in the background, batch by batch (spec §9; issue 24: outside React's renders).

const week = (day: number) => `2026-11-${String(day).padStart(2, '0')}` as IsoDate;

/** A fetch per week that settles when told, recording what was started and when the loader paused. */
function harness() {
  const events: string[] = [];
  const settle = new Map<IsoDate, () => void>();
  const fetchWeek = (w: IsoDate) => {
    events.push(`fetch ${w}`);
    return new Promise<void>((resolve) => settle.set(w, resolve));
  };
  const pause = () => {
    events.push('pause');
    return Promise.resolve();
  };
  const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
  return { events, settle, fetchWeek, pause, flush };
}

describe('fetchInBatches', () => {
  test('a batch starts only once every week of the batch before it has settled, after a pause', async () => {
    const { events, settle, fetchWeek, pause, flush } = harness();
    const done = fetchInBatches([[week(9), week(16)], [week(23)], [week(30)]], fetchWeek, pause, () => false);
    await flush();
    expect(events).toEqual(['pause', 'fetch 2026-11-09', 'fetch 2026-11-16']);
    settle.get(week(16))!();
    await flush();
    expect(events).not.toContain('fetch 2026-11-23');
    settle.get(week(9))!();
    await flush();
    expect(events.slice(3)).toEqual(['pause', 'fetch 2026-11-23']);
    settle.get(week(23))!();
    await flush();
    expect(events.slice(5)).toEqual(['pause', 'fetch 2026-11-30']);
    settle.get(week(30))!();
    await done;
  });

  test('once stopped (the page left, the weeks changed), no further batch starts', async () => {
    const { events, settle, fetchWeek, pause, flush } = harness();
    let stopped = false;
    const done = fetchInBatches([[week(9)], [week(16)]], fetchWeek, pause, () => stopped);
    await flush();
    stopped = true;
    settle.get(week(9))!();
    await done;
    expect(events).toEqual(['pause', 'fetch 2026-11-09', 'pause']);
  });

  test('stopped before the first pause ends: nothing is fetched', async () => {
    const { events, fetchWeek, pause } = harness();
    await fetchInBatches([[week(9)]], fetchWeek, pause, () => true);
    expect(events).toEqual(['pause']);
  });
});
