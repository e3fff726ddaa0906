import * as z from 'zod/mini';
import { isIsoDate } from '../domain/calendar';
import { MAX_LINE_QUANTITY } from '../domain/basket';

/** Integer pence (architecture decision 3). */
export const penceSchema = z.int().check(z.gte(-100_000_000), z.lte(100_000_000));

/** An ISO calendar date, "2026-11-23". */
export const isoDateSchema = z.string().check(z.refine(isIsoDate, 'must be a date as YYYY-MM-DD'));

export const idParam = z.string().check(z.minLength(1), z.maxLength(100));
export const uuidSchema = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be an id'));

export const quantitySchema = z.int().check(z.gte(0), z.lte(MAX_LINE_QUANTITY));

/** A query flag: `true`/`false`/`1`/`0`. */
export const queryBoolean = z.pipe(
  z.enum(['true', 'false', '1', '0']),
  z.transform((value) => value === 'true' || value === '1'),
);
