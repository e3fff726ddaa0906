/** The instant API tests run at: Wednesday 18 November 2026, 10:00 London (GMT). */
export const TEST_NOW = new Date('2026-11-18T10:00:00Z');
/** Menu weeks around TEST_NOW. */
export const WEEKS = {
  previous: '2026-11-09',
  current: '2026-11-16',
  /** Orderable until Friday 20 November 12:00. */
  next: '2026-11-23',
  later: '2026-11-30',
} as const;
