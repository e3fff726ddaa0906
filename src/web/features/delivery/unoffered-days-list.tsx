import { useId } from 'react';

// Under a delivery-day picker: why the other days are not offered (unoffered-days.ts says it).
export function UnofferedDaysList({ notes }: { notes: readonly string[] }) {
  const id = useId();
  if (notes.length === 0) return null;
  return (
    <div className="unoffered-days">
      <p id={id} className="unoffered-days__title">
        Why other days aren’t offered
      </p>
      <ul aria-labelledby={id}>
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </div>
  );
}
