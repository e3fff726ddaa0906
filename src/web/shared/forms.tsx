import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

// Forms validate with the contracts' zod schemas (the same ones the API uses) and show each message
// beside its field.

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  origin?: string;
  input?: unknown;
}
interface Schema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

function describe(issue: Issue): string {
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return issue.minimum === 1 ? 'Required' : `Use at least ${issue.minimum} characters`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${issue.maximum} characters`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'Required';
  return 'Please check this';
}

export type FieldErrors = Record<string, string>;

export function validate<T>(
  schema: Schema<T>,
  values: unknown,
): { ok: true; data: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_form');
    errors[key] ??= describe(issue);
  }
  return { ok: false, errors };
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CheckboxField({
  label,
  ...input
}: { label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A message for the whole form, announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}
