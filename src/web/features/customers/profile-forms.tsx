import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
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
import { ApiError, isApiError } from '../../shared/api/client';
import { setCustomer } from '../../shared/customer.queries';
import {
  CheckboxField,
  FormError,
  NameFields,
  NewPasswordFields,
  SubmitButton,
  TextField,
} from '../../shared/forms/fields';
import { useForm } from '../../shared/forms/use-form';
import { validate } from '../../shared/forms/validate';
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
  const form = useForm({
    initial: (): DetailsValues => ({
      firstName: customer.firstName,
      lastName: customer.lastName,
      phone: customer.phone ?? '',
      dateOfBirth: datePartsOf(customer.dateOfBirth),
      acceptsEmails: customer.acceptsEmails,
      acceptsSms: customer.acceptsSms,
      acceptsMail: customer.acceptsMail,
    }),
    check: (values) => checkDetails(values, today),
    onSubmit: async (checked, values) => {
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
      form.set({ phone: latest.phone ?? '', dateOfBirth: datePartsOf(latest.dateOfBirth) });
      showToast('Your details are saved');
    },
    failure: (error) => (error instanceof ApiError ? error.message : 'Something went wrong'),
  });
  const { values, errors, busy } = form;
  const born = checkDateOfBirth(values.dateOfBirth, today);

  return (
    <form {...form.props} className="account-section" aria-labelledby="details-heading">
      <h2 id="details-heading">Your details</h2>
      <FormError message={form.formError} />
      <NameFields first={form.field('firstName')} last={form.field('lastName')} />
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
        {...form.field('phone')}
      />
      <DateOfBirthField
        value={values.dateOfBirth}
        error={errors.dateOfBirth}
        wrong={born.ok ? [] : born.parts}
        onChange={(dateOfBirth) => form.set({ dateOfBirth })}
      />
      <fieldset className="fieldset">
        <legend>Tell me about new menus and offers by</legend>
        <CheckboxField label="Email" {...form.checkbox('acceptsEmails')} />
        <CheckboxField label="Text message" {...form.checkbox('acceptsSms')} />
        <CheckboxField label="Post" {...form.checkbox('acceptsMail')} />
      </fieldset>
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save details
      </SubmitButton>
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
  const form = useForm({
    initial: { currentPassword: '', password: '', confirm: '' },
    schema: passwordForm,
    names: PASSWORD_NAMES,
    onSubmit: async ({ currentPassword, password }) => {
      await accountApi.changePassword(currentPassword, password);
      form.set({ currentPassword: '', password: '', confirm: '' });
      showToast('Password changed. You’re signed out on your other devices.');
    },
    failure: (error) => {
      if (isApiError(error, 'CURRENT_PASSWORD_INCORRECT')) {
        form.report('currentPassword', error.message);
        return null;
      }
      return "Couldn't update password";
    },
  });

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
  return (
    <form {...form.props} className="account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <FormError message={form.formError} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <NewPasswordFields
        password={form.field('password')}
        confirm={form.field('confirm')}
        hint="At least 8 characters."
      />
      <SubmitButton busy={form.busy} busyLabel="Saving…">
        Change password
      </SubmitButton>
    </form>
  );
}
