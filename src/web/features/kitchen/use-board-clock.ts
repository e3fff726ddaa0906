import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { shopNow, shopQueries } from '../../shared/shop.queries';

// The kitchen board's sense of time: the shop's clock (a demo pins it; the tablet's own may be wrong), moved
// on every 15 seconds so that "in 5 min" and "3 min late" stay true; and whether the screen is wide enough
// for the stages side by side.

const TICK_MS = 15_000;

export function useBoardClock(): Date {
  const settings = useQuery(shopQueries.settings());
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return settings.data ? shopNow(settings.data) : new Date(tick);
}

const WIDE = '(min-width: 1000px)';
const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Stages as columns (a tablet on its side, a desktop) rather than tabs (a phone). */
export function useWideBoard(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}
