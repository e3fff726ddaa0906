// The one clock the server reads (architecture decision 4). Tests and the demo pin it; `advance` lets a
// test walk it across a cutoff.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FixedClock implements Clock {
  #now: number;
  constructor(now: Date) {
    this.#now = now.getTime();
  }
  now(): Date {
    return new Date(this.#now);
  }
  set(now: Date): void {
    this.#now = now.getTime();
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}

/**
 * A clock that starts at `start` and then runs at real speed: a demo pinned to a date that still ticks.
 * `startedAt` is the real moment it was pinned; server processes forked by one primary all get the primary's,
 * so they read one clock (docs/decisions/0019), and a worker restarted after a crash rejoins it.
 */
export function offsetClock(start: Date, startedAt: number = Date.now()): Clock & { offsetMs: number } {
  const offset = start.getTime() - startedAt;
  return { now: () => new Date(Date.now() + offset), offsetMs: offset };
}
