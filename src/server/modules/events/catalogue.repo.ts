import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { eventSlots, eventTemplates, eventUpgrades } from '../../db/schema/events';
import type { SlotRow } from './seats';
import type { TemplateRow } from './catalogue-view';

// What is on, as the events area reads it: templates, their add-ons and their slots. Seats are counted by
// seats.ts only.

export type UpgradeRow = typeof eventUpgrades.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function templateRows(db: DbOrTx): Promise<TemplateRow[]> {
  return db
    .select()
    .from(eventTemplates)
    .where(eq(eventTemplates.active, true))
    .orderBy(asc(eventTemplates.position), asc(eventTemplates.id));
}

/** A template by id, active or not (null: none). */
export async function templateRow(db: DbOrTx, id: string): Promise<TemplateRow | null> {
  const [row] = await db.select().from(eventTemplates).where(eq(eventTemplates.id, id));
  return row ?? null;
}

/** Slots still to start and not cancelled, of active templates, soonest first. */
export async function upcomingSlotRows(
  db: DbOrTx,
  now: Date,
  templateId?: string,
): Promise<{ slot: SlotRow; template: TemplateRow }[]> {
  return db
    .select({ slot: eventSlots, template: eventTemplates })
    .from(eventSlots)
    .innerJoin(eventTemplates, eq(eventTemplates.id, eventSlots.templateId))
    .where(
      and(
        gt(eventSlots.startsAt, now),
        isNull(eventSlots.cancelledAt),
        eq(eventTemplates.active, true),
        templateId ? eq(eventSlots.templateId, templateId) : undefined,
      ),
    )
    .orderBy(asc(eventSlots.startsAt), asc(eventSlots.id));
}

/** A slot with its template, whatever its state (null: none, or not an id). */
export async function slotWithTemplate(
  db: DbOrTx,
  id: string,
): Promise<{ slot: SlotRow; template: TemplateRow } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ slot: eventSlots, template: eventTemplates })
    .from(eventSlots)
    .innerJoin(eventTemplates, eq(eventTemplates.id, eventSlots.templateId))
    .where(eq(eventSlots.id, id));
  return row ?? null;
}

/** Add-ons, by template then position: one template's (`templateId`) or every active template's. */
export function upgradeRows(db: DbOrTx, templateId?: string): Promise<UpgradeRow[]> {
  return db
    .select({ upgrade: eventUpgrades })
    .from(eventUpgrades)
    .innerJoin(eventTemplates, eq(eventTemplates.id, eventUpgrades.templateId))
    .where(templateId ? eq(eventUpgrades.templateId, templateId) : eq(eventTemplates.active, true))
    .orderBy(asc(eventTemplates.position), asc(eventUpgrades.position), asc(eventUpgrades.id))
    .then((rows) => rows.map((row) => row.upgrade));
}
