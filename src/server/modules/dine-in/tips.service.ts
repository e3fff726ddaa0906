import type { TipPreview } from '../../../contracts/dine-in';
import { DomainError } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { BasketOwner } from '../../security/basket-owner';
import { priceTakeawayBasket } from '../takeaway';
import { qrSvg } from './qr-codes';
import { foodTotalOf, readTabParts } from './tab-view';
import type { TabsService } from './tabs.service';
import { readPart, tabOfRound } from './tabs.repo';
import { tipPreview } from './tips';

// What a table sees before choosing a tip (issue 21 part 3): the choices on a basket's food and drink
// before ordering, and on a tab's bill (or one part of it) before paying; and the tab's join link as a QR code.

export class TipsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tabs: TabsService,
    private readonly publicUrl: string,
  ) {}

  async forBasket(owner: BasketOwner, basketId: string): Promise<TipPreview> {
    const priced = await priceTakeawayBasket(this.db, owner, basketId, this.clock.now());
    if (priced.fulfillmentType !== 'eat_in') {
      throw new DomainError('TIP_INVALID', 'A tip is for eating in: choose eating in at a restaurant first');
    }
    return tipPreview(priced.totals.subtotal);
  }

  /** On the tab's bill (the holder's part of it, once split), or on a part. `orderId` is one of its rounds. */
  async forTab(customerId: string, orderId: string, partId?: string): Promise<TipPreview> {
    const found = await tabOfRound(this.db, orderId);
    // Not a round, or a round of a tab the customer is not on: the same answer (a stranger learns nothing).
    if (!found) throw new DomainError('TAB_NOT_FOUND', 'We could not find that tab');
    const tab = await this.tabs.memberTab(customerId, found.id);
    if (partId) {
      const part = await readPart(this.db, partId);
      if (!part || part.tabId !== tab.id)
        throw new DomainError('PART_NOT_FOUND', 'That part is not on this bill');
      return tipPreview(part.amount);
    }
    const read = await readTabParts(this.db, tab);
    const own = read.parts.find((part) => part.position === 1);
    return tipPreview(own ? own.amount : foodTotalOf(read));
  }

  /** The tab's join link and its QR code (members only). */
  async joinCode(customerId: string, tabId: string) {
    const tab = await this.tabs.memberTab(customerId, tabId);
    const url = `${this.publicUrl}/dine-in-view-tab?join=${tab.joinToken}`;
    return { tableNumber: null, url, svg: await qrSvg(url) };
  }
}
