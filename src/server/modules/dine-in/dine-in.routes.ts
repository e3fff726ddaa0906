import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { basketParams } from '../../../contracts/baskets';
import {
  basketTipPreviewBody,
  closeTabBody,
  joinTabBody,
  openTabBody,
  orderTipPreviewBody,
  partParams,
  payPartBody,
  qrCodeDocument,
  raiseLimitBody,
  splitBody,
  tabDocument,
  tabIdQuery,
  tabQuery,
  tipPreviewDocument,
  type Tab,
  type TipPreview,
} from '../../../contracts/dine-in';
import { orderParams } from '../../../contracts/orders';
import { ownerOf } from '../../http/basket-owner';
import { requireDiner } from '../../http/session';
import type { TabBillsService } from './tab-bills.service';
import type { TabsService } from './tabs.service';
import type { TipsService } from './tips.service';

// Dine-in's calls (issue 21, decision 28; spec §7 Orders open_tab, open_tab/checkout, tip_preview; Baskets
// tip_preview). Everyone at a table is a diner: a signed-in customer or a guest session (POST
// /sessions/guest_token); anyone else is 401. A tab is its members' only: 404 for anyone else's.

const tags = ['dine-in'];

const tabDoc = (tab: Tab, payOrderId: string | null = null) => {
  const { id, ...attributes } = tab;
  return { data: { id, type: 'tabs' as const, attributes }, meta: { payOrderId } };
};
const tipDoc = (id: string, preview: TipPreview) => ({
  data: { id, type: 'tip_previews' as const, attributes: preview },
});

export interface DineInRoutesOptions {
  tabs: TabsService;
  bills: TabBillsService;
  tips: TipsService;
}

export async function dineInRoutes(app: FastifyInstance, { tabs, bills, tips }: DineInRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/baskets/:id/tip_preview',
    {
      schema: {
        tags,
        summary:
          'The tip choices for a table’s basket: "No tip" and percentages of the food and drink only, each with what it adds; nothing chosen; and every charge beyond the food (none)',
        params: basketParams,
        body: basketTipPreviewBody,
        response: { 200: tipPreviewDocument },
      },
    },
    async (request) => tipDoc(request.params.id, await tips.forBasket(ownerOf(request), request.params.id)),
  );

  r.post(
    '/orders/:id/tip_preview',
    {
      schema: {
        tags,
        summary:
          'The tip choices when paying a tab (the id of one of its rounds): on the bill for whoever opened it, or on one part of a split bill',
        params: orderParams,
        body: orderTipPreviewBody,
        response: { 200: tipPreviewDocument },
      },
    },
    async (request) =>
      tipDoc(
        request.params.id,
        await tips.forTab(requireDiner(request).customerId, request.params.id, request.body.partId),
      ),
  );

  r.get(
    '/orders/open_tab',
    {
      schema: {
        tags,
        summary:
          'Your tab (tab_id, or your newest): every round with who added it and how far the kitchen is, the running total against the limit held, the split and its parts, and once closed your receipt',
        querystring: tabQuery,
        response: { 200: tabDocument },
      },
    },
    async (request) => {
      const { customerId } = requireDiner(request);
      const tab = await bills.settleOwn(await tabs.current(customerId, request.query.tabId));
      return tabDoc(await tabs.document(tab, customerId));
    },
  );

  r.post(
    '/orders/open_tab',
    {
      schema: {
        tags,
        summary:
          'Open a tab with the basket as its first round (then hold the card for the limit with POST /payments on meta.pay_order_id), or with tab_id add the basket as a round: it goes to the kitchen at once if it fits under the limit (else 409 TAB_LIMIT_REACHED with what it needs)',
        body: openTabBody,
        response: { 200: tabDocument, 201: tabDocument },
      },
    },
    async (request, reply) => {
      const { customerId } = requireDiner(request);
      const opened = await tabs.openOrAdd(ownerOf(request), customerId, request.body);
      return reply.status(request.body.tabId ? 200 : 201).send(tabDoc(opened.tab, opened.payOrderId));
    },
  );

  r.post(
    '/orders/open_tab/join',
    {
      schema: {
        tags,
        summary: 'Join a tab from its link or QR code: then add your own rounds and pay your part',
        body: joinTabBody,
        response: { 200: tabDocument },
      },
    },
    async (request) =>
      tabDoc(await tabs.join(requireDiner(request).customerId, request.body.token, request.body.name)),
  );

  r.post(
    '/orders/open_tab/limit',
    {
      schema: {
        tags,
        summary:
          'Raise the tab’s limit (whoever opened it): hold the new limit with POST /payments on meta.pay_order_id; the old hold is released once it is held',
        body: raiseLimitBody,
        response: { 200: tabDocument },
      },
    },
    async (request) => {
      const raised = await tabs.raiseLimit(
        requireDiner(request).customerId,
        request.body.tabId,
        request.body.limit,
      );
      return tabDoc(raised.tab, raised.payOrderId);
    },
  );

  r.post(
    '/orders/open_tab/split',
    {
      schema: {
        tags,
        summary:
          'Split the bill (whoever opened the tab): evenly, by items with any dish shared, or custom amounts that add up exactly. The first part is the holder’s, taken from the hold last',
        body: splitBody,
        response: { 200: tabDocument },
      },
    },
    async (request) => tabDoc(await bills.split(requireDiner(request).customerId, request.body)),
  );

  r.delete(
    '/orders/open_tab/split',
    {
      schema: {
        tags,
        summary: 'Back to one bill, while nobody has started paying a part',
        querystring: tabIdQuery,
        response: { 200: tabDocument },
      },
    },
    async (request) => tabDoc(await bills.cancelSplit(requireDiner(request).customerId, request.query.tabId)),
  );

  r.post(
    '/orders/open_tab/parts/:partId',
    {
      schema: {
        tags,
        summary:
          'Pay a part of the split bill with your tip: pay meta.pay_order_id with POST /payments (card or PayPal)',
        params: partParams,
        body: payPartBody,
        response: { 200: tabDocument },
      },
    },
    async (request) => {
      const placed = await bills.payPart(
        requireDiner(request).customerId,
        request.params.partId,
        request.body.tip,
      );
      return tabDoc(placed.tab, placed.payOrderId);
    },
  );

  r.post(
    '/orders/open_tab/checkout',
    {
      schema: {
        tags,
        summary:
          'Close the tab (whoever opened it) with a tip: one capture of the bill and the tip from the card held. When the bill is split, pays their own part once the others have (cover_rest: take the unpaid parts now too)',
        body: closeTabBody,
        response: { 200: tabDocument },
      },
    },
    async (request) =>
      tabDoc(
        await bills.close(
          requireDiner(request).customerId,
          request.body.tabId,
          request.body.tip,
          request.body.coverRest ?? false,
        ),
      ),
  );

  r.get(
    '/orders/open_tab/qr',
    {
      schema: {
        tags,
        summary: 'The tab’s join link as a QR code, for the others at the table to scan',
        querystring: tabIdQuery,
        response: { 200: qrCodeDocument },
      },
    },
    async (request) => {
      const code = await tips.joinCode(requireDiner(request).customerId, request.query.tabId);
      return { data: { id: request.query.tabId, type: 'qr_codes' as const, attributes: code } };
    },
  );
}
