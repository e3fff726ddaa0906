import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, isRefusal, NetworkError } from '../api/client';
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
import { useTypedBeforeLive, type TypedFields } from './typed-before-live';
import { validate, type FieldNames, type Schema } from './validate';

// The one form primitive (docs/decisions/0015): a form's values, what is wrong with them, whether it is
// sending, and sending them. Values are checked with the contracts' zod schema (or a check of the form's
// own) on every render; errors appear at submit, with focus on the first field in error, and each clears
// the moment its field is right (issue 9, item 3). What the server says about a field (a JSON pointer in
// its error) is shown beside that field until it changes; anything else is one message for the whole form.
// On a page the server rendered, a field named as its value's key keeps what was typed into it before the
// page went live (typed-before-live.ts): the form takes it up, and checks and sends it.

export interface FormOptions<V extends object, T> {
  initial: V | (() => V);
  /** The contracts' schema the values are checked with, and how its messages name the fields. */
  schema?: Schema<T>;
  names?: FieldNames;
  /** What the schema is given, when the API takes the values in another form (empty text → null, …). */
  prepare?: (values: V) => unknown;
  /** A check of the form's own, instead of a schema (rules that span fields, or data from elsewhere). */
  check?: (values: V) => Checked<T>;
  /** Sends the checked data. What it throws is shown (see `failure`); the form is busy meanwhile. */
  onSubmit?: (data: T, values: V) => unknown;
  /**
   * The message for the whole form when sending fails, after the server's problems with fields are shown
   * beside them; null says nothing (the handler used `form.report`). By default: the server's reason when
   * it refused the request, else "Something went wrong. Please try again."
   */
  failure?: (error: unknown) => string | null;
  /**
   * As the form mounts (a form the server rendered: as it goes live), the values it takes up, given those
   * its named fields were given before then (by default, those; none for a form the browser rendered).
   * The place for what only the browser knows, never in the server's HTML (a draft in local storage).
   */
  onLive?: (typed: Partial<V>) => Partial<V>;
}

/** What a text input or textarea needs: its value, its error, and the change that sets it. */
export interface TextBinding {
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
}

export interface Form<V extends object> {
  values: V;
  /** Changes some values (the others stay as they are). */
  set(patch: Partial<V>): void;
  /** What to show beside each field now. */
  errors: FieldErrors;
  /** What to show for the whole form now (a failed request), until anything in the form changes. */
  formError: string | null;
  /** The action running (`submit`, or a name given to `run`), or null. */
  pending: string | null;
  busy: boolean;
  /** Spread on the <form>: focus finds the first field in error inside it; submit checks and sends. */
  props: {
    ref: (form: HTMLFormElement | null) => void;
    onSubmit: (event?: FormEvent) => void;
    noValidate: true;
  };
  /** Binds a text value: `<TextField label="Email" {...form.field('email')} />`. */
  field<K extends TextKey<V>>(key: K, toPatch?: (value: string) => Partial<V>): TextBinding;
  /** Binds a yes/no value: `<CheckboxField label="Post" {...form.checkbox('acceptsMail')} />`. */
  checkbox<K extends FlagKey<V>>(
    key: K,
  ): { checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  /**
   * Runs another action of the form (remove, save a card) as `name`: busy meanwhile, the last message for
   * the whole form cleared, and what it throws shown (by `failure`, else the form's). True when it succeeded.
   */
  run(name: string, action: () => unknown, failure?: (error: unknown) => string | null): Promise<boolean>;
  /** The server found something wrong with a field: shown (and focused) until one of `dependsOn` changes. */
  report(key: string, message: string, dependsOn?: readonly string[]): void;
  /** A message for the whole form (null clears it). */
  fail(message: string | null): void;
}

type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type FlagKey<V> = { [K in keyof V]: V[K] extends boolean | undefined ? K : never }[keyof V] & string;

/** The usual message when sending fails: the server's reason for refusing, else a general sentence. */
export function failureMessage(error: unknown): string {
  if (isRefusal(error) || error instanceof NetworkError) return error.message;
  return 'Something went wrong. Please try again.';
}

/** What was typed into the fields named as `values`' keys, as values of the same types. */
function typedValues<V extends object>(values: V, typed: TypedFields): Partial<V> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(typed)) {
    const current: unknown = Object.hasOwn(values, key) ? values[key as keyof V] : undefined;
    if (typeof current === typeof value) patch[key] = value;
    else if (typeof current === 'number' && value !== '' && !Number.isNaN(Number(value)))
      patch[key] = Number(value);
  }
  return patch as Partial<V>;
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

/**
 * What a failed send shows: the server's problems that name one of the form's fields (`/email` → `email`)
 * beside them, and a message for the whole form (by `describe`) unless every problem found its field.
 * Nothing for an aborted request.
 */
export function explainFailure(
  error: unknown,
  values: object,
  describe: (error: unknown) => string | null,
): { fields: { key: string; message: string }[]; form: string | null } {
  if (error instanceof Error && error.name === 'AbortError') return { fields: [], form: null };
  const problems = error instanceof ApiError ? error.errors : [];
  const fields = problems.flatMap((problem) => {
    const key = problem.pointer?.split('/')[1];
    return key && Object.hasOwn(values, key) ? [{ key, message: problem.detail }] : [];
  });
  const allPlaced = fields.length > 0 && fields.length === problems.length;
  return { fields, form: allPlaced ? null : describe(error) };
}

export function useForm<V extends object, T = V>(options: FormOptions<V, T>): Form<V> {
  const { schema, names, prepare, check, onSubmit, failure = failureMessage } = options;
  const [values, setValues] = useState<V>(options.initial);
  const [state, setState] = useState<ErrorState>(NO_ERRORS);
  const [pending, setPending] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const element = useRef<HTMLFormElement | null>(null);
  const ref = useCallback((form: HTMLFormElement | null) => {
    element.current = form;
  }, []);
  useEffect(() => {
    if (focusRequest > 0) focusFirstError(element.current);
  }, [focusRequest]);
  useTypedBeforeLive(element, (typed) => {
    const taken = typedValues(values, typed);
    const patch = options.onLive ? options.onLive(taken) : taken;
    if (Object.keys(patch).length > 0) setValues((v) => ({ ...v, ...patch }));
  });

  const current: Checked<T> = check
    ? check(values)
    : schema
      ? validate(schema, prepare ? prepare(values) : values, names)
      : { ok: true, data: values as unknown as T };
  const currentErrors = current.ok ? {} : current.errors;

  const set = (patch: Partial<V>) => setValues((v) => ({ ...v, ...patch }));
  const report = (key: string, message: string, dependsOn?: readonly string[]) => {
    setState((s) => reported(s, values, key, message, dependsOn));
    setFocusRequest((n) => n + 1);
  };
  const fail = (message: string | null) => setState((s) => failed(s, values, message));

  /** Shows what went wrong: the server's field problems by their fields, the rest for the whole form. */
  const show = (error: unknown, describe: (error: unknown) => string | null) => {
    const { fields, form } = explainFailure(error, values, describe);
    for (const problem of fields) report(problem.key, problem.message);
    if (form !== null) fail(form);
  };

  const run = async (name: string, action: () => unknown, describe = failure) => {
    setPending(name);
    // A new attempt: the last one's message for the whole form goes.
    setState((s) => (s.form ? { ...s, form: null } : s));
    try {
      await action();
      return true;
    } catch (error) {
      show(error, describe);
      return false;
    } finally {
      setPending(null);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (pending !== null) return;
    setState(submitted(currentErrors));
    if (!current.ok) {
      setFocusRequest((n) => n + 1);
      return;
    }
    const data = current.data;
    if (onSubmit) void run('submit', () => onSubmit(data, values));
  };

  const errors = visibleErrors(state, currentErrors, values);
  return {
    values,
    set,
    errors,
    formError: visibleFormError(state, values),
    pending,
    busy: pending !== null,
    props: { ref, onSubmit: submit, noValidate: true },
    field: (key, toPatch) => ({
      value: values[key] as string,
      error: errors[key],
      onChange: (event) =>
        set(toPatch ? toPatch(event.target.value) : ({ [key]: event.target.value } as Partial<V>)),
    }),
    checkbox: (key) => ({
      checked: Boolean(values[key]),
      onChange: (event) => set({ [key]: event.target.checked } as Partial<V>),
    }),
    run,
    report,
    fail,
  };
}
