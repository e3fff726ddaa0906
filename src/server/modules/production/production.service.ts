import { addDays, londonDate, type IsoDate } from '../../../domain/calendar';
import { productionPlan, type ProductionPlan } from '../../../domain/production-plan';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { boxDays, boxesForDeliveryDay } from '../orders';
import { requireCapability } from '../staff';

// The kitchen's production plan (issue 25 part 5): a delivery day's paid boxes, counted by the pure rules of
// domain/production-plan.ts, for owners, managers and the kitchen (403 for anyone else).

const DAYS_AHEAD = 21;

export class ProductionService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async plan(customerId: string, date: IsoDate): Promise<ProductionPlan> {
    await requireCapability(this.db, customerId, 'production');
    return productionPlan(await boxesForDeliveryDay(this.db, date));
  }

  /** The delivery days from today to three weeks ahead with boxes to make. */
  async days(customerId: string): Promise<{ date: IsoDate; boxes: number }[]> {
    await requireCapability(this.db, customerId, 'production');
    const today = londonDate(this.clock.now());
    const days = await boxDays(this.db, today, addDays(today, DAYS_AHEAD));
    return days.map((day) => ({ date: day.date as IsoDate, boxes: day.boxes }));
  }
}
