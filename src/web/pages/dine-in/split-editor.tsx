import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SplitBody, Tab } from '../../../contracts/dine-in';
import { formatPence, pence } from '../../../domain/money';
import { splitEvenly } from '../../../domain/tabs';
import { dineInApi, dineInQueries } from '../../features/dine-in/dine-in.queries';
import {
  billLines,
  byItemsBody,
  checkCustomAmounts,
  customBody,
  defaultOwners,
  membersAsPayers,
  previewByItems,
  type LineOwners,
  type Payer,
} from '../../features/dine-in/rules';
import { isRefusal, NetworkError } from '../../shared/api/client';
import { randomId } from '../../shared/random-id';
import { showToast } from '../../shared/ui/toast';

// Splitting the bill (issue 21 part 4; POST /orders/open_tab/split), by whoever opened the tab: evenly among
// N; by items (each round's dishes start with whoever added it; a dish can move to someone else, or be shared
// by several, e.g. a tiramisù three ways); or custom amounts, their sum checked live against the bill. People
// without a phone at the table (a friend) can be added by name: their part is paid by whoever opens it. The
// first part is the holder's, taken from the card held once everyone else has paid.

type Kind = SplitBody['split']['kind'];

const KINDS: { kind: Kind; title: string; detail: string }[] = [
  { kind: 'evenly', title: 'Evenly', detail: 'Everyone pays the same, to the penny.' },
  { kind: 'by_items', title: 'By what each had', detail: 'Each pays for their dishes; share any dish.' },
  { kind: 'custom', title: 'Custom amounts', detail: 'Type what each pays: it must add up to the bill.' },
];

export function SplitEditor({ tab, onDone }: { tab: Tab; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<Kind | null>(null);
  const [people, setPeople] = useState<Payer[]>(() => membersAsPayers(tab));
  const [newName, setNewName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [evenly, setEvenly] = useState(Math.max(2, tab.members.length));
  const lines = billLines(tab);
  const [owners, setOwners] = useState<LineOwners>(() => defaultOwners(lines, membersAsPayers(tab)));
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const bill = tab.foodTotal;
  const byItems = previewByItems(lines, people, owners);
  const custom = checkCustomAmounts(
    people.map((person) => amounts[person.key] ?? ''),
    bill,
  );
  const evenParts = splitEvenly(pence(bill), evenly);
  const ready =
    kind === 'evenly' ||
    (kind === 'by_items' && byItems.ok && people.length >= 2) ||
    (kind === 'custom' && custom.ok && people.length >= 2);

  const addPerson = () => {
    const label = newName.trim();
    if (label === '') return setNameProblem('Enter their name, like Carla');
    if (label.length > 40) return setNameProblem('Keep the name under 40 letters');
    if (people.length >= 20) return setNameProblem('A bill can be split between at most 20 people');
    setPeople((list) => [...list, { key: `extra-${randomId()}`, label, memberId: null }]);
    setNewName('');
    setNameProblem(null);
  };
  const removePerson = (key: string) => {
    setPeople((list) => list.filter((person) => person.key !== key));
    setOwners((current) =>
      Object.fromEntries(
        Object.entries(current).map(([line, keys]) => [line, keys.filter((k) => k !== key)]),
      ),
    );
  };
  const toggleOwner = (lineId: string, key: string, on: boolean) =>
    setOwners((current) => {
      const keys = current[lineId] ?? [];
      return { ...current, [lineId]: on ? [...keys, key] : keys.filter((k) => k !== key) };
    });

  const submit = async () => {
    if (!kind || !ready) return;
    const body: SplitBody =
      kind === 'evenly'
        ? { tabId: tab.id, split: { kind: 'evenly', parts: evenly } }
        : kind === 'by_items'
          ? byItemsBody(tab.id, lines, people, owners)
          : customBody(
              tab.id,
              people,
              custom.amounts.map((amount) => amount ?? 0),
            );
    setSending(true);
    setProblem(null);
    try {
      const split = await dineInApi.split(body);
      queryClient.setQueryData(dineInQueries.tab(tab.id).queryKey, split.tab);
      void queryClient.invalidateQueries({ queryKey: dineInQueries.tabs() });
      showToast('The bill is split: everyone can pay their part');
      onDone();
    } catch (error) {
      setSending(false);
      setProblem(
        isRefusal(error) || error instanceof NetworkError
          ? error.message
          : 'We couldn’t split the bill just now. Please try again in a moment.',
      );
    }
  };

  const peopleEditor = (
    <div className="di-people-editor">
      <h3>Who’s paying</h3>
      <ul className="di-people">
        {people.map((person) => (
          <li key={person.key}>
            {person.label}
            {person.memberId ? null : (
              <button
                type="button"
                className="link-button"
                onClick={() => removePerson(person.key)}
                aria-label={`Remove ${person.label}`}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className={`field di-add-person ${nameProblem ? 'field--error' : ''}`}>
        <label htmlFor={`${id}-name`}>Add someone who isn’t on the tab</label>
        <p className="field__hint" id={`${id}-name-hint`}>
          Their part is paid by whoever opens it on their phone.
        </p>
        <div className="di-inline">
          <input
            id={`${id}-name`}
            value={newName}
            autoComplete="off"
            aria-describedby={`${id}-name-hint${nameProblem ? ` ${id}-name-error` : ''}`}
            aria-invalid={nameProblem ? true : undefined}
            onChange={(event) => setNewName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addPerson();
              }
            }}
          />
          <button type="button" className="button button--secondary button--small" onClick={addPerson}>
            Add
          </button>
        </div>
        {nameProblem ? (
          <p id={`${id}-name-error`} className="field__error">
            {nameProblem}
          </p>
        ) : null}
      </div>
    </div>
  );

  return (
    <div className="di-split">
      <fieldset className="di-how" disabled={sending}>
        <legend>How should the bill be split?</legend>
        {KINDS.map((option) => (
          <label key={option.kind} className="di-option">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === option.kind}
              onChange={() => setKind(option.kind)}
            />
            <span>
              <span className="di-option__title">{option.title}</span>
              <span className="di-option__detail">{option.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {kind === 'evenly' ? (
        <div className="di-split__body">
          <div className="field">
            <label htmlFor={`${id}-evenly`}>Split between</label>
            <select
              id={`${id}-evenly`}
              className="select"
              value={evenly}
              onChange={(event) => setEvenly(Number(event.target.value))}
            >
              {Array.from({ length: 19 }, (_, i) => i + 2).map((n) => (
                <option key={n} value={n}>
                  {n} people
                </option>
              ))}
            </select>
          </div>
          <p aria-live="polite">
            Each part is {formatPence(evenParts.at(-1)!)}
            {evenParts[0] !== evenParts.at(-1) ? ` (the first ${formatPence(evenParts[0]!)})` : ''}, adding up
            to {formatPence(bill)}.
          </p>
        </div>
      ) : null}

      {kind === 'by_items' ? (
        <div className="di-split__body">
          {peopleEditor}
          <h3>Who had what</h3>
          <p className="field__hint">
            Tick everyone who shared a dish: it is split equally between them, to the penny.
          </p>
          {lines.map((line) => (
            <fieldset key={line.id} className="di-line-owners">
              <legend>
                {line.quantity > 1 ? `${line.quantity} × ` : ''}
                {line.title} · {formatPence(line.total)}
                <span className="di-line-owners__round">
                  {' '}
                  (round {line.round}, {line.addedBy})
                </span>
              </legend>
              <div className="di-chips">
                {people.map((person) => (
                  <label key={person.key} className="di-chip">
                    <input
                      type="checkbox"
                      checked={(owners[line.id] ?? []).includes(person.key)}
                      onChange={(event) => toggleOwner(line.id, person.key, event.target.checked)}
                    />
                    <span>{person.label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <div aria-live="polite">
            {byItems.ok ? (
              <ul className="di-preview" aria-label="Each part">
                {people.map((person) => (
                  <li key={person.key}>
                    <span>{person.label}</span>
                    <span>{formatPence(byItems.amounts[person.key] ?? 0)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="field__error">{byItems.problem}</p>
            )}
          </div>
        </div>
      ) : null}

      {kind === 'custom' ? (
        <div className="di-split__body">
          {peopleEditor}
          <h3>What each pays</h3>
          {people.map((person) => (
            <div key={person.key} className="field di-amount">
              <label htmlFor={`${id}-amount-${person.key}`}>{person.label} (£)</label>
              <input
                id={`${id}-amount-${person.key}`}
                inputMode="decimal"
                autoComplete="off"
                value={amounts[person.key] ?? ''}
                aria-describedby={`${id}-sum`}
                onChange={(event) =>
                  setAmounts((current) => ({ ...current, [person.key]: event.target.value }))
                }
              />
            </div>
          ))}
          <p
            id={`${id}-sum`}
            className={`di-sum ${custom.ok ? 'di-sum--ok' : 'di-sum--off'}`}
            aria-live="polite"
          >
            {custom.message}
          </p>
        </div>
      ) : null}

      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
      {kind ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!ready || sending}
          aria-busy={sending}
          onClick={() => void submit()}
        >
          {sending ? 'Splitting the bill…' : 'Split the bill'}
        </button>
      ) : null}
    </div>
  );
}
