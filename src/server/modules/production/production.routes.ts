import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import { longDayLabel, type IsoDate } from '../../../domain/calendar';
import { productionPlanRows } from '../../../domain/production-plan';
import {
  productionDaysDocument,
  productionPlanDocument,
  productionQuery,
} from '../../../contracts/production';
import { requireCustomer } from '../../http/session';
import type { ProductionService } from './production.service';

// The kitchen's production plan (issue 25 part 5): for a delivery day, what to make, the boxes by courier
// route, and the allergen and dietary totals; as a CSV for a spreadsheet, and printable from its screen. For
// owners, managers and the kitchen (403 for anyone else; 401 signed out).

export interface ProductionRoutesOptions {
  production: ProductionService;
}

const tags = ['back office'];

export async function productionRoutes(app: FastifyInstance, { production }: ProductionRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const planOf = (customerId: string, date: IsoDate) => production.plan(customerId, date);

  r.get(
    '/back_office/production',
    {
      schema: {
        tags,
        summary:
          'A delivery day’s production plan: dishes by portion, boxes by courier route, allergen and dietary totals (owners, managers, the kitchen)',
        querystring: productionQuery,
        response: { 200: productionPlanDocument },
      },
    },
    async (request) => {
      const date = request.query.date as IsoDate;
      const plan = await planOf(requireCustomer(request), date);
      return {
        data: {
          id: date,
          type: 'production_plans' as const,
          attributes: { date, dateLabel: longDayLabel(date), ...plan },
        },
      };
    },
  );

  r.get(
    '/back_office/production.csv',
    {
      schema: {
        tags,
        summary: 'The same plan as a CSV file (text/csv) for a spreadsheet',
        querystring: productionQuery,
      },
    },
    async (request, reply) => {
      const date = request.query.date as IsoDate;
      const plan = await planOf(requireCustomer(request), date);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="production-${date}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(stringify(productionPlanRows(date, plan)));
    },
  );

  r.get(
    '/back_office/production/days',
    {
      schema: {
        tags,
        summary: 'The delivery days from today to three weeks ahead that have boxes to make, with how many',
        response: { 200: productionDaysDocument },
      },
    },
    async (request) => {
      const days = await production.days(requireCustomer(request));
      return {
        data: days.map((day) => ({
          id: day.date,
          type: 'production_days' as const,
          attributes: { dateLabel: longDayLabel(day.date), boxes: day.boxes },
        })),
      };
    },
  );
}
