import type {
  EventLocation,
  EventSlot,
  EventSlotFilterOptions,
  EventSlotsQuery,
  EventTemplate,
  EventUpgrade,
} from '../../../contracts/events';
import { DomainError } from '../../../domain/errors';
import {
  EVENT_ALLERGENS,
  EVENT_DIETS,
  EVENT_THEMES,
  MAX_GUESTS_PER_BOOKING,
  type RefundScale,
} from '../../../domain/events';
import { pence } from '../../../domain/money';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { restaurantsOf, type RestaurantRow } from '../restaurants';
import type { ShopRulesCache } from '../shop';
import {
  slotWithTemplate,
  templateRow,
  templateRows,
  upcomingSlotRows,
  upgradeRows,
  type UpgradeRow,
} from './catalogue.repo';
import { seatsTakenIn, type SlotRow } from './seats';
import {
  eventTemplateOf,
  locationDocument,
  monthLabel,
  slotDocument,
  slotMonth,
  THEME_LABELS,
  type TemplateRow,
} from './catalogue-view';

// What is on (spec §7 Events, every GET; issue 22 part 1): the templates, the restaurants hosting them, the
// upcoming slots with their seats left and whether they can be booked now, the slot filters, the add-ons and
// the dietary choices. Public: nobody needs to be signed in.

export const EVENT_NOT_FOUND = 'We could not find that event';
export const SLOT_NOT_FOUND = 'We could not find that date. Please choose another.';

type Listed = { slot: SlotRow; template: TemplateRow };

/** Upcoming slots as the API shows them, with their restaurants (one read of seats for all). */
export async function slotsView(
  db: DbOrTx,
  rows: readonly Listed[],
  now: Date,
  scale: RefundScale,
): Promise<{ slots: EventSlot[]; restaurants: Map<string, RestaurantRow> }> {
  const taken = await seatsTakenIn(
    db,
    rows.map((row) => row.slot.id),
    now,
  );
  const restaurants = new Map(
    (await restaurantsOf(db, [...new Set(rows.map((row) => row.slot.restaurantId))])).map((r) => [r.id, r]),
  );
  const slots = rows.flatMap(({ slot, template }) => {
    const restaurant = restaurants.get(slot.restaurantId);
    return restaurant
      ? [slotDocument(slot, template, restaurant, taken.get(slot.id) ?? 0, now, scale.bookingClosesHours)]
      : [];
  });
  return { slots, restaurants };
}

const upgradeOf = (row: UpgradeRow): EventUpgrade => ({
  id: row.id,
  templateId: row.templateId,
  title: row.title,
  description: row.description,
  price: pence(row.price),
  perGuest: row.perGuest,
  imageUrl: row.imageUrl,
});

export class EventsCatalogueService {
  constructor(
    private readonly db: Db,
    private readonly rules: ShopRulesCache,
    private readonly clock: Clock,
  ) {}

  async templates(): Promise<EventTemplate[]> {
    const { events } = await this.rules.get();
    const now = this.clock.now();
    const templates = await templateRows(this.db);
    const { slots } = await slotsView(this.db, await upcomingSlotRows(this.db, now), now, events);
    return templates.map((template) =>
      eventTemplateOf(
        template,
        slots.filter((slot) => slot.templateId === template.id),
        events,
      ),
    );
  }

  async template(id: string): Promise<EventTemplate> {
    const { events } = await this.rules.get();
    const now = this.clock.now();
    const template = await templateRow(this.db, id);
    if (!template || !template.active) throw new DomainError('EVENT_NOT_FOUND', EVENT_NOT_FOUND);
    const { slots } = await slotsView(this.db, await upcomingSlotRows(this.db, now, id), now, events);
    return eventTemplateOf(template, slots, events);
  }

  /** The restaurants hosting upcoming slots, by name. */
  async locations(): Promise<EventLocation[]> {
    const rows = await upcomingSlotRows(this.db, this.clock.now());
    const ids = [...new Set(rows.map((row) => row.slot.restaurantId))];
    return (await restaurantsOf(this.db, ids)).map(locationDocument);
  }

  /** GET /event_slots: upcoming slots, soonest first, narrowed by each filter given. */
  async slots(query: EventSlotsQuery): Promise<EventSlot[]> {
    const { events } = await this.rules.get();
    const now = this.clock.now();
    const rows = (await upcomingSlotRows(this.db, now, query['filter[template]'])).filter(
      ({ slot, template }) =>
        (!query['filter[location]'] || slot.restaurantId === query['filter[location]']) &&
        (!query['filter[theme]'] || template.theme === query['filter[theme]']) &&
        (!query['filter[month]'] || slotMonth(slot.startsAt) === query['filter[month]']),
    );
    const { slots } = await slotsView(this.db, rows, now, events);
    const seats = query['filter[seats]'];
    return seats === undefined ? slots : slots.filter((slot) => slot.seatsLeft >= seats);
  }

  async slot(id: string): Promise<EventSlot> {
    const { events } = await this.rules.get();
    const now = this.clock.now();
    const row = await slotWithTemplate(this.db, id);
    if (!row) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
    const [slot] = (await slotsView(this.db, [row], now, events)).slots;
    if (!slot) throw new DomainError('EVENT_SLOT_NOT_FOUND', SLOT_NOT_FOUND);
    return slot;
  }

  /** What the slot filters offer: only values that some upcoming slot has. */
  async filterOptions(): Promise<EventSlotFilterOptions> {
    const rows = await upcomingSlotRows(this.db, this.clock.now());
    const restaurants = await restaurantsOf(this.db, [...new Set(rows.map((row) => row.slot.restaurantId))]);
    const templates = new Map(rows.map((row) => [row.template.id, row.template]));
    const themes = new Set(rows.map((row) => row.template.theme));
    const months = [...new Set(rows.map((row) => slotMonth(row.slot.startsAt)))].sort();
    const most = Math.max(
      0,
      ...[...templates.values()].map((template) => Math.min(template.maxGuests, MAX_GUESTS_PER_BOOKING)),
    );
    return {
      locations: restaurants.map((restaurant) => ({ value: restaurant.id, label: restaurant.name })),
      themes: EVENT_THEMES.filter((theme) => themes.has(theme)).map((theme) => ({
        value: theme,
        label: THEME_LABELS[theme],
      })),
      templates: [...templates.values()]
        .sort((a, b) => a.position - b.position || a.id.localeCompare(b.id))
        .map((template) => ({ value: template.id, label: template.title })),
      months: months.map((month) => ({ value: month, label: monthLabel(month) })),
      seats: Array.from({ length: most }, (_, index) => index + 1),
    };
  }

  async upgrades(templateId?: string): Promise<EventUpgrade[]> {
    return (await upgradeRows(this.db, templateId)).map(upgradeOf);
  }

  /** The 14 allergens, then the diets, as a guest picks them. */
  preferences(): { id: string; kind: 'allergen' | 'diet'; label: string }[] {
    return [
      ...EVENT_ALLERGENS.map((item) => ({ id: item.id, kind: 'allergen' as const, label: item.label })),
      ...EVENT_DIETS.map((item) => ({ id: item.id, kind: 'diet' as const, label: item.label })),
    ];
  }
}
