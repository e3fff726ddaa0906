import type { BannerAdminBody, BannerAdminView } from '../../../contracts/back-office-shop';
import { addDays, isoDate, londonDate, londonInstant } from '../../../domain/calendar';
import { DomainError, FieldErrors } from '../../../domain/errors';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import {
  findBanner,
  insertBanner,
  listAllBanners,
  updateBanner,
  type BannerRecord,
  type BannerValues,
} from '../marketing';
import type { CatalogueChanges } from '../menu';
import { recordChange } from '../staff';
import { shopActor, type ShopActor } from './actor';
import { bannerProblems } from './banner-rules';

// Marketing banners in the back office (issue 25 part 3): every banner with whether it shows today; made and
// changed whole (its words, who sees it, its order, colours whose text stays readable, its dates), or hidden.
// Audited in the change's transaction; GET /marketing_banners and the pages rendered with them show the
// change at once (the pages kept are forgotten once it has committed).

const BANNER_NOT_FOUND = 'We couldn’t find that banner: reload the list.';

export function bannerView(row: BannerRecord, now: Date): BannerAdminView {
  return {
    id: String(row.id),
    category: row.category,
    active: row.active,
    position: row.position,
    customerType: row.customerType,
    text: row.text,
    mobileText: row.mobileText,
    link: row.link,
    bgColor: row.bgColor,
    fgColor: row.fgColor,
    startDate: row.startsAt ? londonDate(row.startsAt) : null,
    // Shown until the end of its last day: the instant it stops is the next day's start.
    endDate: row.endsAt ? londonDate(new Date(row.endsAt.getTime() - 1)) : null,
    showing:
      row.active &&
      (row.startsAt === null || row.startsAt <= now) &&
      (row.endsAt === null || row.endsAt > now),
  };
}

function valuesOf(body: BannerAdminBody): BannerValues {
  const blank = (text: string | null) => (text === null || text.trim() === '' ? null : text.trim());
  return {
    category: body.category.trim(),
    active: body.active,
    position: body.position,
    customerType: body.customerType,
    text: body.text.trim(),
    mobileText: blank(body.mobileText),
    link: blank(body.link),
    bgColor: body.bgColor.toLowerCase(),
    fgColor: body.fgColor.toLowerCase(),
    startsAt: body.startDate ? londonInstant(isoDate(body.startDate), 0) : null,
    endsAt: body.endDate ? londonInstant(addDays(isoDate(body.endDate), 1), 0) : null,
  };
}

export class BannersAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly changes: CatalogueChanges,
  ) {}

  async list(customerId: string): Promise<BannerAdminView[]> {
    await shopActor(this.db, customerId);
    const now = this.clock.now();
    return (await listAllBanners(this.db)).map((row) => bannerView(row, now));
  }

  async create(customerId: string, body: BannerAdminBody): Promise<BannerAdminView> {
    const actor = await shopActor(this.db, customerId);
    this.check(body);
    const view = await this.db.transaction(async (tx) => {
      const row = await insertBanner(tx, valuesOf(body));
      return this.audit(tx, actor, 'banner.create', null, row);
    });
    this.changes.changed();
    return view;
  }

  async update(customerId: string, id: string, body: BannerAdminBody): Promise<BannerAdminView> {
    const actor = await shopActor(this.db, customerId);
    const view = await this.db.transaction(async (tx) => {
      const before = /^\d{1,9}$/.test(id) ? await findBanner(tx, Number(id)) : null;
      if (!before) throw new DomainError('NOT_FOUND', BANNER_NOT_FOUND);
      this.check(body);
      const row = await updateBanner(tx, before.id, valuesOf(body));
      return this.audit(tx, actor, 'banner.update', before, row);
    });
    this.changes.changed();
    return view;
  }

  private check(body: BannerAdminBody) {
    const problems = bannerProblems(body);
    if (problems.length > 0) throw new FieldErrors(problems);
  }

  private async audit(
    tx: DbOrTx,
    actor: ShopActor,
    action: string,
    before: BannerRecord | null,
    after: BannerRecord,
  ): Promise<BannerAdminView> {
    const now = this.clock.now();
    const view = bannerView(after, now);
    await recordChange(tx, {
      actorId: actor.customerId,
      actorEmail: actor.email,
      action,
      subjectType: 'banner',
      subjectId: view.id,
      before: before ? bannerView(before, now) : null,
      after: view,
      at: now,
    });
    return view;
  }
}
