import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  nameSchema,
  newPasswordSchema,
  passwordSchema,
  ukPhoneSchema,
  type Customer,
} from '../../../contracts/customers';
import { londonDate, type IsoDate } from '../../../domain/calendar';
import { checkDateOfBirth, datePartsOf, type DateParts } from '../../../domain/date-of-birth';
import { ApiError } from '../../shared/api/client';
import { setCustomer } from '../../shared/customer.queries';
import { CheckboxField, FormError, TextField, useFormErrors, validate } from '../../shared/forms';
import { shopNow, shopQueries } from '../../shared/shop.queries';
import { showToast } from '../../shared/ui/toast';
import { accountApi } from './customers.queries';
import { DateOfBirthField } from './date-of-birth-field';

// "Profile" (my-details): names, email, phone, date of birth, marketing preferences, paperless (sent
// 300 ms after the last change) and the password.

const detailsForm = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  phone: z.union([z.literal(''), ukPhoneSchema]),
});
const DETAILS_NAMES = { firstName: 'your first name', lastName: 'your last name' };

type DetailsValues = {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: DateParts;
  acceptsEmails: boolean;
  acceptsSms: boolean;
  acceptsMail: boolean;
};

function checkDetails(values: DetailsValues, today: IsoDate) {
  const checked = validate(detailsForm, values, DETAILS_NAMES);
  const born = checkDateOfBirth(values.dateOfBirth, today);
  const errors = {
    ...(checked.ok ? {} : checked.errors),
    ...(born.ok ? {} : { dateOfBirth: born.message }),
  };
  return checked.ok && born.ok
    ? { ok: true as const, data: { ...checked.data, dateOfBirth: born.date } }
    : { ok: false as const, errors };
}

export function DetailsForm({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const settings = useQuery(shopQueries.settings());
  const today = londonDate(settings.data ? shopNow(settings.data) : new Date());
  const [values, setValues] = useState<DetailsValues>({
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone ?? '',
    dateOfBirth: datePartsOf(customer.dateOfBirth),
    acceptsEmails: customer.acceptsEmails,
    acceptsSms: customer.acceptsSms,
    acceptsMail: customer.acceptsMail,
  });
  const [form, attachForm] = useFormErrors(values, (v) => checkDetails(v, today));
  const { errors } = form;
  const born = checkDateOfBirth(values.dateOfBirth, today);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<DetailsValues>) => setValues({ ...values, ...patch });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    setBusy(true);
    try {
      let latest = await accountApi.updateMe({
        firstName: values.firstName,
        lastName: values.lastName,
        acceptsEmails: values.acceptsEmails,
        acceptsSms: values.acceptsSms,
        acceptsMail: values.acceptsMail,
      });
      if ((customer.phone ?? '') !== values.phone) latest = await accountApi.setPhone(values.phone || null);
      if ((customer.dateOfBirth ?? null) !== checked.dateOfBirth) {
        latest = await accountApi.setDateOfBirth(checked.dateOfBirth);
      }
      setCustomer(queryClient, latest);
      setValues((v) => ({ ...v, phone: latest.phone ?? '', dateOfBirth: datePartsOf(latest.dateOfBirth) }));
      showToast('Your details are saved');
    } catch (error) {
      form.fail(error instanceof ApiError ? error.message : 'Something went wrong');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={attachForm}
      onSubmit={onSubmit}
      noValidate
      className="account-section"
      aria-labelledby="details-heading"
    >
      <h2 id="details-heading">Your details</h2>
      <FormError message={form.formError} />
      <div className="field-row">
        <TextField
          label="First name"
          autoComplete="given-name"
          value={values.firstName}
          error={errors.firstName}
          onChange={(e) => set({ firstName: e.target.value })}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={values.lastName}
          error={errors.lastName}
          onChange={(e) => set({ lastName: e.target.value })}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        value={customer.email}
        readOnly
        hint="To change your email, contact us."
      />
      <TextField
        label="Mobile or phone"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint="A UK number, for delivery updates."
        value={values.phone}
        error={errors.phone}
        onChange={(e) => set({ phone: e.target.value })}
      />
      <DateOfBirthField
        value={values.dateOfBirth}
        error={errors.dateOfBirth}
        wrong={born.ok ? [] : born.parts}
        onChange={(dateOfBirth) => set({ dateOfBirth })}
      />
      <fieldset className="fieldset">
        <legend>Tell me about new menus and offers by</legend>
        <CheckboxField
          label="Email"
          checked={values.acceptsEmails}
          onChange={(e) => set({ acceptsEmails: e.target.checked })}
        />
        <CheckboxField
          label="Text message"
          checked={values.acceptsSms}
          onChange={(e) => set({ acceptsSms: e.target.checked })}
        />
        <CheckboxField
          label="Post"
          checked={values.acceptsMail}
          onChange={(e) => set({ acceptsMail: e.target.checked })}
        />
      </fieldset>
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Save details'}
      </button>
    </form>
  );
}

export const PAPERLESS_DEBOUNCE_MS = 300;

/** Paperless: the switch moves at once; the last position is sent 300 ms after the last change. */
export function PaperlessToggle({ customer }: { customer: Customer }) {
  const queryClient = useQueryClient();
  const [on, setOn] = useState(customer.paperless);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const change = (next: boolean) => {
    setOn(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setStatus('saving');
      accountApi
        .setPaperless(next)
        .then((latest) => {
          setCustomer(queryClient, latest);
          setStatus('saved');
        })
        .catch(() => {
          setOn(!next);
          setStatus('failed');
        });
    }, PAPERLESS_DEBOUNCE_MS);
  };
  return (
    <section className="account-section" aria-labelledby="paperless-heading">
      <h2 id="paperless-heading">Paperless</h2>
      <div className="switch-row">
        <label htmlFor="paperless-switch">No paper recipe cards or leaflets in my box</label>
        <input
          id="paperless-switch"
          type="checkbox"
          role="switch"
          className="switch"
          checked={on}
          aria-describedby="paperless-status"
          onChange={(e) => change(e.target.checked)}
        />
      </div>
      <p id="paperless-status" className="field__hint" role="status">
        {status === 'saving'
          ? 'Saving…'
          : status === 'saved'
            ? 'Saved'
            : status === 'failed'
              ? 'Couldn’t save. Please try again.'
              : ''}
      </p>
    </section>
  );
}

const passwordForm = z
  .object({ currentPassword: passwordSchema, password: newPasswordSchema, confirm: z.string() })
  .check(
    z.refine((v) => v.password === v.confirm, {
      message: 'The passwords don’t match. Type the new password again',
      path: ['confirm'],
    }),
  );
const PASSWORD_NAMES = {
  currentPassword: 'your current password',
  password: 'a new password',
  confirm: 'the new password again',
};

export function PasswordForm({ customer }: { customer: Customer }) {
  const [values, setValues] = useState({ currentPassword: '', password: '', confirm: '' });
  const [form, attachForm] = useFormErrors(values, (v) => validate(passwordForm, v, PASSWORD_NAMES));
  const { errors } = form;
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof values>) => setValues({ ...values, ...patch });

  if (!customer.hasPassword) {
    return (
      <section className="account-section" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p>
          You sign in with Google, Facebook, Apple or email links. To add a password, use “Forgot password” on
          the log-in page.
        </p>
      </section>
    );
  }
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.submit();
    if (!checked) return;
    setBusy(true);
    try {
      await accountApi.changePassword(checked.currentPassword, checked.password);
      setValues({ currentPassword: '', password: '', confirm: '' });
      showToast('Password changed. You’re signed out on your other devices.');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CURRENT_PASSWORD_INCORRECT') {
        form.report('currentPassword', error.message);
      } else form.fail("Couldn't update password");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      ref={attachForm}
      onSubmit={onSubmit}
      noValidate
      className="account-section"
      aria-labelledby="password-heading"
    >
      <h2 id="password-heading">Change password</h2>
      <FormError message={form.formError} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(e) => set({ currentPassword: e.target.value })}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={values.password}
        error={errors.password}
        onChange={(e) => set({ password: e.target.value })}
      />
      <TextField
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={values.confirm}
        error={errors.confirm}
        onChange={(e) => set({ confirm: e.target.value })}
      />
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
    </form>
  );
}
