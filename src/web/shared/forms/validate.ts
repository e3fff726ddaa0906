import type { Checked, FieldErrors } from './form-errors';

// Forms check their values with the contracts' zod schemas (the same ones the API uses). `validate` turns
// a schema's issues into one message per field that says what to do ("Enter your first name", never
// "Required"; issue 9, item 3).

export type { Checked, FieldErrors } from './form-errors';

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  input?: unknown;
}

/** A zod schema (full or mini), as far as a form needs one. */
export interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

/**
 * How a form names its fields in a message: `{ firstName: 'your first name' }` makes an empty first name
 * "Enter your first name".
 */
export type FieldNames = Readonly<Record<string, string>>;

/** Messages with nothing to say about the field: a named field gets a sentence of its own instead. */
const GENERIC = new Set(['', 'Invalid input', 'Required']);

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function describeIssue(issue: Issue, value: unknown, name: string | undefined): string {
  if (isBlank(value) && name) return `Enter ${name}`;
  if (!GENERIC.has(issue.message)) return issue.message;
  if (issue.code === 'too_small' && issue.origin === 'string') {
    if (issue.minimum === 1 || isBlank(value)) return name ? `Enter ${name}` : 'Fill in this field';
    return `Use at least ${issue.minimum} characters`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return name
      ? `${capitalise(name)} must be ${issue.maximum} characters or fewer`
      : `Use at most ${issue.maximum} characters`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return name ? `Enter ${name}` : 'Fill in this field';
  }
  return name ? `Check ${name}` : 'Check this field';
}

export function validate<T>(schema: Schema<T>, values: unknown, names: FieldNames = {}): Checked<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_form');
    const value =
      values !== null && typeof values === 'object' ? (values as Record<string, unknown>)[key] : undefined;
    errors[key] ??= describeIssue(issue, value, names[key]);
  }
  return { ok: false, errors };
}

/** A check of a form's own (not a schema): the messages found, or the data when there are none. */
export function checked<T>(errors: FieldErrors, data: T): Checked<T> {
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data };
}
