import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  floorDocument,
  floorTabDocument,
  floorTabParams,
  moveTabBody,
  qrCodesDocument,
} from '../../../contracts/dine-in';
import { kitchenRestaurantParams } from '../../../contracts/kitchen';
import { requireCustomer } from '../../http/session';
import type { FloorService, FloorTab } from './floor.service';

// The floor view's calls for a restaurant's staff (issue 21 part 6): open tabs by table, closing one the
// guests left, moving one to another table, and the table cards' QR codes. Staff only (403), their own
// restaurant's only (404).

const tags = ['kitchen'];
const floorTabDoc = (tab: FloorTab) => ({
  data: { id: tab.id, type: 'floor_tabs' as const, attributes: tab },
});

export interface FloorRoutesOptions {
  floor: FloorService;
}

export async function floorRoutes(app: FastifyInstance, { floor }: FloorRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/kitchen/restaurants/:id/floor',
    {
      schema: {
        tags,
        summary: 'The floor: each table with its open tabs and their totals (staff of the restaurant)',
        params: kitchenRestaurantParams,
        response: { 200: floorDocument },
      },
    },
    async (request) => {
      const { tables, meta } = await floor.floor(requireCustomer(request), request.params.id);
      return {
        data: tables.map((table) => ({
          id: table.number ?? 'by-name',
          type: 'floor_tables' as const,
          attributes: table,
        })),
        meta,
      };
    },
  );

  r.post(
    '/kitchen/restaurants/:id/tabs/:tabId/close',
    {
      schema: {
        tags,
        summary:
          'Close a tab the guests left: what was ordered is taken from the card held, with no tip; they are emailed the receipt',
        params: floorTabParams,
        response: { 200: floorTabDocument },
      },
    },
    async (request) =>
      floorTabDoc(await floor.close(requireCustomer(request), request.params.id, request.params.tabId)),
  );

  r.post(
    '/kitchen/restaurants/:id/tabs/:tabId/move',
    {
      schema: {
        tags,
        summary: 'Move a tab, and its rounds’ tickets, to another table',
        params: floorTabParams,
        body: moveTabBody,
        response: { 200: floorTabDocument },
      },
    },
    async (request) =>
      floorTabDoc(
        await floor.move(
          requireCustomer(request),
          request.params.id,
          request.params.tabId,
          request.body.tableNumber,
        ),
      ),
  );

  r.get(
    '/kitchen/restaurants/:id/tables/qr',
    {
      schema: {
        tags,
        summary: 'Every table’s card: its link (/dine-in?restaurant=…&table=…) as a QR code, to print',
        params: kitchenRestaurantParams,
        response: { 200: qrCodesDocument },
      },
    },
    async (request) => {
      const { codes, restaurantName } = await floor.tableCodes(requireCustomer(request), request.params.id);
      return {
        data: codes.map((code) => ({
          id: code.tableNumber ?? 'restaurant',
          type: 'qr_codes' as const,
          attributes: code,
        })),
        meta: { restaurantName },
      };
    },
  );
}
