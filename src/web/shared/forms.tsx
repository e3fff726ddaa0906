import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import {
  failed,
  NO_ERRORS,
  reported,
  submitted,
  visibleErrors,
  visibleFormError,
  type Checked,
  type ErrorState,
  type FieldErrors,
} from './form-errors';

// Forms validate with the contracts' zod schemas (the same ones the API uses) and show each message
// beside its field. `useFormErrors` gives every form the same behaviour (issue 9, item 3): errors appear
// on submit, with focus on the first field in error; each then clears as soon as its field is right.

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
interface Schema<T> {
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

/** Moves focus to the first field in error inside `root` and brings it into view. */
export function focusFirstError(root: HTMLElement | null) {
  const marked = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
  if (!marked) return;
  const control = marked.matches('input, select, textarea, button')
    ? marked
    : marked.querySelector<HTMLElement>(
        'input:checked:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
      );
  marked.scrollIntoView({ block: 'center' });
  control?.focus({ preventScroll: true });
}

export interface FormErrors<T> {
  /** What to show beside each field now. */
  errors: FieldErrors;
  /** What to show for the whole form now (a failed request), until the form changes. */
  formError: string | null;
  /** At submit: the checked values, or null after showing what is wrong (focus on the first field). */
  submit(): T | null;
  /** The server found something wrong with a field: shown (and focused) until that field changes. */
  report(key: string, message: string, dependsOn?: readonly string[]): void;
  /** A message for the whole form (null clears it). */
  fail(message: string | null): void;
}

/** Put on the <form> (a callback ref): the first field in error is looked for inside it. */
export type AttachForm = (form: HTMLFormElement | null) => void;

/**
 * One form's errors: `check` is run on every render, so an error shown after a submit follows its
 * field and clears the moment the field is right (not only at the next submit).
 */
export function useFormErrors<V extends object, T>(
  values: V,
  check: (values: V) => Checked<T>,
): [FormErrors<T>, AttachForm] {
  const element = useRef<HTMLFormElement | null>(null);
  const attach = useCallback((form: HTMLFormElement | null) => {
    element.current = form;
  }, []);
  const [state, setState] = useState<ErrorState>(NO_ERRORS);
  const [focusRequest, setFocusRequest] = useState(0);
  const current = check(values);
  const currentErrors = current.ok ? {} : current.errors;

  useEffect(() => {
    if (focusRequest > 0) focusFirstError(element.current);
  }, [focusRequest]);

  const result: FormErrors<T> = {
    errors: visibleErrors(state, currentErrors, values),
    formError: visibleFormError(state, values),
    submit() {
      setState(submitted(currentErrors));
      if (current.ok) return current.data;
      setFocusRequest((n) => n + 1);
      return null;
    },
    report(key, message, dependsOn) {
      setState((s) => reported(s, values, key, message, dependsOn));
      setFocusRequest((n) => n + 1);
    },
    fail(message) {
      setState((s) => failed(s, values, message));
    },
  };
  return [result, attach];
}

export function TextField({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
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

/** A message for the whole form, announced when it appears and brought into view (with focus). */
export function FormError({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!message || !ref.current) return;
    ref.current.scrollIntoView({ block: 'nearest' });
    ref.current.focus({ preventScroll: true });
  }, [message]);
  return message ? (
    <p ref={ref} className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}

/**
 * A step's heading (a checkout step, an auth card, "Check your inbox"): when the step changes, the page goes
 * back to its top and the new heading takes focus, so nobody is left half-way down a page that changed.
 */
export function useStepHeading<T extends HTMLElement = HTMLHeadingElement>(
  step: string,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const heading = ref.current;
    if (!heading) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    heading.focus({ preventScroll: true });
  }, [step]);
  return ref;
}

/** A page's h1 that takes focus (at the top of the page) whenever it appears or changes. */
export function StepHeading({ children }: { children: string }) {
  const heading = useStepHeading(children);
  return (
    <h1 ref={heading} tabIndex={-1}>
      {children}
    </h1>
  );
}
