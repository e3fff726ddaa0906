import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  SHOP_ROLES,
  STAFF_ROLES,
  type ShopRole,
  type StaffRole,
} from '../../../../domain/staff-roles';
import { failureMessage } from '../../../shared/forms/use-form';
import { randomId } from '../../../shared/random-id';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { showToast } from '../../../shared/ui/toast';
import { usePageMeta } from '../../../shared/use-page-meta';
import {
  backOfficeApi,
  backOfficeQueries,
  type BackOfficeRestaurant as Restaurant,
  type StaffInvitation,
  type StaffMemberView,
} from '../back-office.queries';
import type { BackOfficeScreenProps } from '../screens';

// /back-office/staff (issue 25 part 1): owners invite people by email with a role, change a member's roles (the
// shop-wide ones, and the restaurants whose kitchen they work in), remove them, and withdraw an invitation. The
// server refuses leaving the shop without an owner, and says so here.

const DATE = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

function useRestaurants() {
  return useQuery(backOfficeQueries.restaurants());
}

function RestaurantChoices({
  restaurants,
  chosen,
  onChange,
  legend,
}: {
  restaurants: Restaurant[];
  chosen: string[];
  onChange: (ids: string[]) => void;
  legend: string;
}) {
  return (
    <fieldset className="back-office__checks">
      <legend>{legend}</legend>
      {restaurants.map((r) => (
        <label key={r.id}>
          <input
            type="checkbox"
            checked={chosen.includes(r.id)}
            onChange={(e) =>
              onChange(e.target.checked ? [...chosen, r.id] : chosen.filter((id) => id !== r.id))
            }
          />
          {r.name}
        </label>
      ))}
    </fieldset>
  );
}

function InviteForm({ restaurants }: { restaurants: Restaurant[] }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('manager');
  const [kitchens, setKitchens] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<StaffInvitation | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (role === 'kitchen' && kitchens.length === 0) {
      setProblem('Choose at least one restaurant for a member of a kitchen.');
      return;
    }
    setSending(true);
    try {
      const invitation = await backOfficeApi.invite(
        { email, role, ...(role === 'kitchen' ? { restaurantIds: kitchens } : {}) },
        randomId(),
      );
      setSent(invitation);
      setEmail('');
      setKitchens([]);
      showToast(`Invitation sent to ${invitation.email}`);
      await queryClient.invalidateQueries({ queryKey: backOfficeQueries.invitations().queryKey });
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="back-office__form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="invite-heading"
      noValidate
    >
      <h2 id="invite-heading">Invite someone</h2>
      <label htmlFor="invite-email">Their email address</label>
      <input
        id="invite-email"
        type="email"
        autoComplete="off"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label htmlFor="invite-role">Role</label>
      <select
        id="invite-role"
        value={role}
        onChange={(e) => setRole(e.target.value as StaffRole)}
        aria-describedby="invite-role-help"
      >
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <p id="invite-role-help" className="back-office__help">
        {ROLE_DESCRIPTIONS[role]}
      </p>
      {role === 'kitchen' ? (
        <RestaurantChoices
          restaurants={restaurants}
          chosen={kitchens}
          onChange={setKitchens}
          legend="Which kitchens"
        />
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={sending} aria-busy={sending}>
        {sending ? 'Sending…' : 'Send the invitation'}
      </button>
      {sent?.link ? (
        <p className="back-office__help" role="status">
          We’ve emailed {sent.email}. If it doesn’t arrive, send them this link (it works once, until{' '}
          {DATE.format(new Date(sent.expiresAt))}): <span className="back-office__link">{sent.link}</span>
        </p>
      ) : null}
    </form>
  );
}

function MemberRow({
  member,
  restaurants,
  self,
}: {
  member: StaffMemberView;
  restaurants: Restaurant[];
  self: boolean;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [roles, setRoles] = useState<ShopRole[]>(member.roles);
  const [kitchens, setKitchens] = useState<string[]>(member.kitchenRestaurants);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const names = (ids: string[]) =>
    ids.map((id) => restaurants.find((r) => r.id === id)?.name ?? id).join(', ');

  const refresh = () => queryClient.invalidateQueries({ queryKey: backOfficeQueries.all });
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await backOfficeApi.changeRoles(member.id, { roles, kitchenRestaurants: kitchens }, randomId());
      showToast(`${member.email}’s roles are saved`);
      setEditing(false);
      await refresh();
    } catch (error) {
      setProblem(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!window.confirm(`Remove ${member.email} from the staff? They lose every role at once.`)) return;
    setBusy(true);
    setProblem(null);
    try {
      await backOfficeApi.remove(member.id);
      showToast(`${member.email} is no longer on the staff`);
      await refresh();
    } catch (error) {
      setProblem(failureMessage(error));
      setBusy(false);
    }
  };

  return (
    <li className="back-office__member">
      <div className="back-office__member-head">
        <p>
          <strong>{member.email}</strong>
          {self ? ' (you)' : ''}
          <br />
          {[
            ...member.roles.map((r) => ROLE_LABELS[r]),
            ...(member.kitchenRestaurants.length ? [`Kitchen: ${names(member.kitchenRestaurants)}`] : []),
          ].join(' · ')}
        </p>
        {!editing ? (
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setEditing(true)}
            >
              Change roles<span className="visually-hidden"> of {member.email}</span>
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void remove()}
              disabled={busy}
            >
              Remove<span className="visually-hidden"> {member.email}</span>
            </button>
          </div>
        ) : null}
      </div>
      {editing ? (
        <form className="back-office__form" onSubmit={(e) => void save(e)}>
          <fieldset className="back-office__checks">
            <legend>Roles of {member.email}</legend>
            {SHOP_ROLES.map((role) => (
              <label key={role}>
                <input
                  type="checkbox"
                  checked={roles.includes(role)}
                  onChange={(e) =>
                    setRoles(e.target.checked ? [...roles, role] : roles.filter((r) => r !== role))
                  }
                />
                {ROLE_LABELS[role]} <span className="back-office__muted">{ROLE_DESCRIPTIONS[role]}</span>
              </label>
            ))}
          </fieldset>
          <RestaurantChoices
            restaurants={restaurants}
            chosen={kitchens}
            onChange={setKitchens}
            legend="Kitchens they work in"
          />
          <div className="button-row">
            <button type="submit" className="button" disabled={busy} aria-busy={busy}>
              {busy ? 'Saving…' : 'Save roles'}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </li>
  );
}

export function StaffPage({ me }: BackOfficeScreenProps) {
  usePageMeta('Staff');
  const queryClient = useQueryClient();
  const staff = useQuery(backOfficeQueries.staff());
  const invitations = useQuery(backOfficeQueries.invitations());
  const restaurants = useRestaurants();
  const withdraw = async (invitation: StaffInvitation) => {
    try {
      await backOfficeApi.revoke(invitation.id);
      showToast(`The invitation to ${invitation.email} is withdrawn`);
      await queryClient.invalidateQueries({ queryKey: backOfficeQueries.invitations().queryKey });
    } catch (error) {
      showToast(failureMessage(error), 'error');
    }
  };
  return (
    <section aria-labelledby="staff-heading" className="back-office__columns">
      <div>
        <h1 id="staff-heading">Staff</h1>
        {staff.isPending || restaurants.isPending ? (
          <Spinner label="Loading the staff" />
        ) : staff.isError || restaurants.isError ? (
          <LoadFailed
            message="We couldn’t load the staff."
            onRetry={() => void Promise.all([staff.refetch(), restaurants.refetch()])}
          />
        ) : (
          <ul className="back-office__list">
            {staff.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                restaurants={restaurants.data}
                self={member.id === me.id}
              />
            ))}
          </ul>
        )}
        <h2>Invitations waiting</h2>
        {invitations.isPending ? (
          <Spinner label="Loading the invitations" />
        ) : invitations.isError ? (
          <LoadFailed
            message="We couldn’t load the invitations."
            onRetry={() => void invitations.refetch()}
          />
        ) : invitations.data.length === 0 ? (
          <p>None.</p>
        ) : (
          <ul className="back-office__list">
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="back-office__member">
                <div className="back-office__member-head">
                  <p>
                    <strong>{invitation.email}</strong>
                    <br />
                    {ROLE_LABELS[invitation.role]} · until {DATE.format(new Date(invitation.expiresAt))}
                  </p>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => void withdraw(invitation)}
                  >
                    Withdraw<span className="visually-hidden"> the invitation to {invitation.email}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>{restaurants.data ? <InviteForm restaurants={restaurants.data} /> : null}</div>
    </section>
  );
}
