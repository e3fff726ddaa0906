import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { Spinner } from '../../../shared/ui/spinner';
import { usePageMeta } from '../../../shared/use-page-meta';
import { backOfficeQueries, type AuditEntryView } from '../back-office.queries';

// /back-office/audit (issue 25 part 1): every change a member of staff made, the latest first, 50 a page: who,
// what, when, and what it was before and after. Owners only (the server refuses anyone else).

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function Change({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="back-office__muted">—</span>;
  return <code className="back-office__json">{JSON.stringify(value)}</code>;
}

export function AuditPage() {
  usePageMeta('Audit log');
  const [pages, setPages] = useState<(number | null)[]>([null]);
  const before = pages[pages.length - 1]!;
  const audit = useQuery(backOfficeQueries.audit(before));
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading">Audit log</h1>
      <p>Every change made in the back office, the latest first.</p>
      {audit.isPending ? (
        <Spinner label="Loading the audit log" />
      ) : audit.isError ? (
        <LoadFailed message="We couldn’t load the audit log." onRetry={() => void audit.refetch()} />
      ) : audit.data.entries.length === 0 ? (
        <p>No changes yet.</p>
      ) : (
        <>
          <div className="back-office__table-wrap">
            <table className="back-office__table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.entries.map((entry: AuditEntryView) => (
                  <tr key={entry.id}>
                    <td>{WHEN.format(new Date(entry.at))}</td>
                    <td>{entry.actorEmail}</td>
                    <td>
                      {entry.action}
                      {entry.onBehalfOf ? (
                        <span className="back-office__muted"> (for a customer)</span>
                      ) : null}
                    </td>
                    <td>
                      {entry.subjectType} <span className="back-office__muted">{entry.subjectId}</span>
                    </td>
                    <td>
                      <Change value={entry.before} />
                    </td>
                    <td>
                      <Change value={entry.after} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="button-row">
            {pages.length > 1 ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setPages(pages.slice(0, -1))}
              >
                Newer
              </button>
            ) : null}
            {audit.data.nextBefore !== null ? (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setPages([...pages, audit.data.nextBefore])}
              >
                Older
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
