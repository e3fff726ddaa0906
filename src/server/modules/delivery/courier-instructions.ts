import type { CourierInstruction } from '../../../contracts/delivery';

// The safe places a customer can ask the courier to use (GET /courier_delivery_instructions). The chosen
// label goes to the courier with the order's delivery note; those marked requiresNote need the note to say
// more (which neighbour, how to reach the garden).
export const COURIER_INSTRUCTIONS: readonly CourierInstruction[] = [
  { id: 'front_door', label: 'Leave at the front door', requiresNote: false },
  { id: 'front_porch', label: 'Front porch', requiresNote: false },
  { id: 'neighbour', label: 'Leave with a neighbour', requiresNote: true },
  { id: 'concierge', label: 'With the concierge or reception', requiresNote: false },
  { id: 'back_garden', label: 'In the back garden', requiresNote: true },
  { id: 'shed_or_garage', label: 'In the shed or garage', requiresNote: true },
  { id: 'bin_store', label: 'In the bin store', requiresNote: false },
  { id: 'hand_to_me', label: "Hand it to me: I'll be in", requiresNote: false },
  { id: 'other', label: 'Somewhere else (tell us in the note)', requiresNote: true },
].map((instruction, position) => ({ ...instruction, position: position + 1 }));
