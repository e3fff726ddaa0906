import type { ShopSettingsBody, ShopSettingsView } from '../../../contracts/back-office-shop';
import { FieldErrors } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { CatalogueChanges } from '../menu';
import { loadShopRules, putSetting, type ShopRules, type ShopRulesCache } from '../shop';
import { recordChange } from '../staff';
import { shopActor } from './actor';
import { SETTING_KEYS, settingsProblems } from './settings-rules';

// The shop's settings in the back office (issue 25 part 3): the fees, minimums, the late delivery credit, a
// takeaway's time to accept, a tab's clock and limit, and when event booking closes. Saved in one
// transaction with its audit entry (only what changed), then the rules' cache forgets, so GET /settings and
// every basket use the new values at once, and the pages kept are forgotten.

export function settingsOf(rules: ShopRules): ShopSettingsView {
  return {
    minimumSpend: rules.minimumSpend,
    minimumSpendPerOrder: rules.minimumSpendPerOrder,
    defaultDeliveryFee: rules.defaultDeliveryFee.price,
    freeDeliveryThreshold: rules.defaultDeliveryFee.threshold,
    oneOffFee: rules.oneOffFee,
    minimumCardCharge: rules.minimumCardCharge,
    lateDeliveryCredit: rules.lateDeliveryCredit,
    takeawayAcceptMinutes: rules.takeawayAcceptMinutes,
    tabAutoCloseHours: rules.tabs.autoCloseHours,
    tabMaxHours: rules.tabs.maxHours,
    tabLimitMax: rules.tabs.limitMax,
    eventBookingClosesHours: rules.events.bookingClosesHours,
  };
}

export class SettingsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly rules: ShopRulesCache,
    private readonly changes: CatalogueChanges,
  ) {}

  async current(customerId: string): Promise<ShopSettingsView> {
    await shopActor(this.db, customerId);
    return settingsOf(await loadShopRules(this.db));
  }

  async change(customerId: string, body: ShopSettingsBody): Promise<ShopSettingsView> {
    const actor = await shopActor(this.db, customerId);
    const problems = settingsProblems(body);
    if (problems.length > 0) throw new FieldErrors(problems);
    const saved = await this.db.transaction(async (tx) => {
      const before = settingsOf(await loadShopRules(tx));
      const changed = (Object.keys(SETTING_KEYS) as (keyof ShopSettingsBody)[]).filter(
        (field) => before[field] !== body[field],
      );
      if (changed.length === 0) return before;
      for (const field of changed) await putSetting(tx, SETTING_KEYS[field], body[field]);
      const after = settingsOf(await loadShopRules(tx));
      await recordChange(tx, {
        actorId: actor.customerId,
        actorEmail: actor.email,
        action: 'settings.update',
        subjectType: 'settings',
        subjectId: 'shop',
        before: Object.fromEntries(changed.map((field) => [field, before[field]])),
        after: Object.fromEntries(changed.map((field) => [field, after[field]])),
        at: this.clock.now(),
      });
      return after;
    });
    this.rules.invalidate();
    // The pages kept were rendered with the old values (their fees, the late delivery promise).
    this.changes.changed();
    return saved;
  }
}
