import type { Db } from '../../db/client';
import type { Clock } from '../../clock';
import { DomainError } from '../../../domain/errors';
import { requireStaffOf } from '../kitchen';
import { diningTablesOf, findDiningTable, findRestaurant } from '../restaurants';
import { moveRoundsToTable } from '../takeaway';
import { qrSvg, tableUrl } from './qr-codes';
import type { TabBillsService } from './tab-bills.service';
import { foodTotalOf, outstandingOf, readTabParts, readTabsParts, type TabParts } from './tab-view';
import { liveTabsOf, lockTab, readTab, roundsOf, touchTab, type PartRow, type TabRow } from './tabs.repo';

// The floor (issue 21 part 6): for a restaurant's staff, every open tab by table with its total, and the two
// things staff do with one: close it when the guests left without closing it (what was ordered, no tip) and
// move it to another table. Staff of the restaurant only (the kitchen's memberships): 403 for anyone else,
// 404 for another restaurant or its tabs. Also the table cards' QR codes, to print.

export interface FloorTab {
  id: string;
  tableNumber: string | null;
  holderName: string;
  state: TabRow['state'];
  stateLabel: string;
  foodTotal: number;
  limit: number;
  rounds: number;
  members: number;
  openedAt: string;
  autoCloseAt: string;
  outstanding: number;
  chargeOnClose: number;
}

const FLOOR_LABELS: Partial<Record<TabRow['state'], string>> = {
  open: 'Open',
  settling: 'Paying: bill split',
  closing: 'Closing',
};

export class FloorService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly bills: TabBillsService,
    private readonly publicUrl: string,
  ) {}

  async floor(staffId: string, restaurantId: string) {
    await requireStaffOf(this.db, staffId, restaurantId);
    const restaurant = await findRestaurant(this.db, restaurantId);
    if (!restaurant) throw new DomainError('RESTAURANT_NOT_FOUND', 'We couldn’t find that restaurant');
    const tables = restaurant.hasTableNumbers ? await diningTablesOf(this.db, restaurantId) : [];
    const tabs = (await readTabsParts(this.db, await liveTabsOf(this.db, restaurantId))).map(floorTab);
    const known = new Set(tables.map((table) => table.number));
    const byTable = tables.map((table) => ({
      number: table.number as string | null,
      seats: table.seats as number | null,
      tabs: tabs.filter((tab) => tab.tableNumber === table.number),
    }));
    const unplaced = tabs.filter((tab) => !tab.tableNumber || !known.has(tab.tableNumber));
    if (unplaced.length > 0 || !restaurant.hasTableNumbers) {
      byTable.push({ number: null, seats: null, tabs: unplaced });
    }
    return {
      tables: byTable,
      meta: {
        restaurantId,
        hasTableNumbers: restaurant.hasTableNumbers,
        openTabs: tabs.length,
        tabsTotal: tabs.reduce((sum, tab) => sum + tab.foodTotal, 0),
      },
    };
  }

  /** Closes a tab the guests left: what was ordered, taken from the hold, no tip; its holder is emailed. */
  async close(staffId: string, restaurantId: string, tabId: string): Promise<FloorTab> {
    const tab = await this.restaurantTab(staffId, restaurantId, tabId);
    if (tab.state !== 'open' && tab.state !== 'settling') {
      throw new DomainError(
        'TAB_CLOSED',
        tab.state === 'closing' ? 'This tab is being paid and closed' : 'This tab is closed already',
      );
    }
    const closed = await this.bills.closeForgotten(tabId, 'staff', `staff:${staffId}`, staffId);
    return floorTab(await readTabParts(this.db, closed ?? tab));
  }

  /** Moves a tab (and its rounds' tickets) to another of the restaurant's tables. */
  async move(staffId: string, restaurantId: string, tabId: string, tableNumber: string): Promise<FloorTab> {
    const tab = await this.restaurantTab(staffId, restaurantId, tabId);
    const restaurant = await findRestaurant(this.db, restaurantId);
    if (!restaurant?.hasTableNumbers) {
      throw new DomainError('VALIDATION_FAILED', 'This restaurant serves by name: its tabs have no table');
    }
    const table = await findDiningTable(this.db, restaurantId, tableNumber);
    if (!table) throw new DomainError('TABLE_NOT_FOUND', `${restaurant.name} has no table ${tableNumber}`);
    if (tab.state === 'closed' || tab.state === 'abandoned') {
      throw new DomainError('TAB_CLOSED', 'This tab is closed already');
    }
    const moved = await this.db.transaction(async (tx) => {
      const locked = await lockTab(tx, tab.id);
      if (!locked) throw new DomainError('TAB_NOT_FOUND', 'We couldn’t find that tab');
      const rounds = await roundsOf(tx, locked.id);
      await moveRoundsToTable(
        tx,
        rounds.map((round) => round.orderId),
        table.number,
      );
      return touchTab(tx, locked, { tableNumber: table.number }, this.clock.now());
    });
    return floorTab(await readTabParts(this.db, moved));
  }

  /** Every table's card as a QR code of its link (or the restaurant's one link where it serves by name). */
  async tableCodes(staffId: string, restaurantId: string) {
    await requireStaffOf(this.db, staffId, restaurantId);
    const restaurant = await findRestaurant(this.db, restaurantId);
    if (!restaurant) throw new DomainError('RESTAURANT_NOT_FOUND', 'We couldn’t find that restaurant');
    const numbers: (string | null)[] = restaurant.hasTableNumbers
      ? (await diningTablesOf(this.db, restaurantId)).map((table) => table.number)
      : [null];
    const codes = await Promise.all(
      numbers.map(async (tableNumber) => {
        const url = tableUrl(this.publicUrl, restaurantId, tableNumber);
        return { tableNumber, url, svg: await qrSvg(url) };
      }),
    );
    return { codes, restaurantName: restaurant.name };
  }

  private async restaurantTab(staffId: string, restaurantId: string, tabId: string): Promise<TabRow> {
    await requireStaffOf(this.db, staffId, restaurantId);
    const tab = await readTab(this.db, tabId);
    if (!tab || tab.restaurantId !== restaurantId) {
      throw new DomainError('TAB_NOT_FOUND', 'We couldn’t find that tab at this restaurant');
    }
    return tab;
  }
}

/**
 * What closing a tab the guests left takes from the hold (as TabBillsService.closeForgotten does): the bill,
 * or with a split the holder's part, the parts nobody paid and any tip the holder chose; never above the hold.
 */
function chargeOnClose(tab: TabRow, parts: readonly PartRow[], foodTotal: number): number {
  if (tab.state !== 'settling' || parts.length === 0) return Math.min(foodTotal, tab.holdLimit);
  const owed = parts[0]!.amount + outstandingOf(parts) + (tab.holderTip ?? 0);
  return Math.min(owed, tab.holdLimit);
}

/** A tab as the floor lists it. */
function floorTab(read: TabParts): FloorTab {
  const { tab } = read;
  return {
    id: tab.id,
    tableNumber: tab.tableNumber,
    holderName: read.members.find((member) => member.customerId === tab.holderId)?.name ?? 'Guest',
    state: tab.state,
    stateLabel: FLOOR_LABELS[tab.state] ?? (tab.state === 'closed' ? 'Closed' : tab.state),
    foodTotal: foodTotalOf(read),
    limit: tab.holdLimit,
    rounds: read.rounds.length,
    members: read.members.length,
    openedAt: tab.openedAt.toISOString(),
    autoCloseAt: tab.autoCloseAt.toISOString(),
    outstanding: outstandingOf(read.parts),
    chargeOnClose: chargeOnClose(tab, read.parts, foodTotalOf(read)),
  };
}
