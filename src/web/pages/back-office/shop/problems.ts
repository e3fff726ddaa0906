import { ApiError } from '../../../shared/api/client';
import { failureMessage } from '../../../shared/forms/use-form';

/** Every problem the server named (one per field it refused), or the general failure. */
export function problemsOf(error: unknown): string[] {
  if (error instanceof ApiError && error.errors.length > 1) return error.errors.map((e) => e.detail);
  return [failureMessage(error)];
}

const UK_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2026-11-18" → "18 Nov 2026"; an empty string for none. */
export function ukDate(iso: string | null): string {
  return iso ? UK_DATE.format(new Date(`${iso}T00:00:00Z`)) : '';
}
