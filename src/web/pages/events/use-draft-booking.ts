import { useQuery } from '@tanstack/react-query';
import { useBookingDraft } from '../../features/events/booking-draft';
import { eventQueries } from '../../features/events/events.queries';

/** The booking being made: the draft, its slot, its event and where it is (each read as it loads). */
export function useDraftBooking() {
  const draft = useBookingDraft();
  const slot = useQuery({ ...eventQueries.slot(draft?.slotId ?? ''), enabled: draft !== null });
  const template = useQuery({ ...eventQueries.template(draft?.templateId ?? ''), enabled: draft !== null });
  const locations = useQuery(eventQueries.locations());
  const location = locations.data?.find((l) => l.id === slot.data?.locationId);
  return { draft, slot, template, location };
}
