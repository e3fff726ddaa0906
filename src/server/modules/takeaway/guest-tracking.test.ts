import { describe, expect, test } from 'vitest';
import { API } from '../../test/api-expect';
import { guestDiner, tableBasket } from '../../test/dine-in';
import { useTakeawayShop } from '../../test/takeaway';

// A guest's pay-now order at a table (decision 28) is followed on its public tracking page like any takeaway:
// the guest who placed it is its own diner there (meta.order_id), so their page shows their receipt with the
// tip as its own row; anyone else with the link is not.

const shop = useTakeawayShop();

describe('a guest’s order on its tracking link', () => {
  test('the guest who placed it reads it as their own; another guest does not', async () => {
    const { t } = shop;
    const guest = await guestDiner(t);
    const basketId = await tableBasket(guest);
    const placed = await guest.visitor.post(`${API}/orders/guest`, { basket_id: basketId, tip: 110 });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { tracking_token: token } = placed.body.data.attributes;

    const own = await guest.visitor.get(`${API}/tracking/${token}`);
    expect(own.status).toBe(200);
    expect(own.body.meta.order_id).toBe(placed.body.data.id);
    const order = await guest.visitor.get(`${API}/orders/${own.body.meta.order_id}/tracking`);
    expect(order.body.data.attributes).toMatchObject({ tip: 110, table_number: '12' });

    const stranger = await guestDiner(t, 'Bo');
    expect((await stranger.visitor.get(`${API}/tracking/${token}`)).body.meta.order_id).toBeNull();
    expect((await t.visitor().get(`${API}/tracking/${token}`)).body.meta.order_id).toBeNull();
  });
});
