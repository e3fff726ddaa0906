import type {
  VoucherAdminBody,
  VoucherAdminQuery,
  VoucherAdminView,
} from '../../../contracts/back-office-shop';
import { addDays, londonDate } from '../../../domain/calendar';
import { DomainError, FieldErrors } from '../../../domain/errors';
import { normaliseVoucherCode } from '../../../domain/vouchers';
import type { Clock } from '../../clock';
import { sqlStateOf } from '../../db/availability';
import type { Db, DbOrTx } from '../../db/client';
import { productIdsOfVariants } from '../menu';
import { recordChange } from '../staff';
import {
  findShopVoucher,
  findVoucherByCode,
  insertShopVoucher,
  listShopVouchers,
  updateShopVoucher,
  type VoucherRecord,
  type VoucherValues,
} from '../vouchers';
import { shopActor, type ShopActor } from './actor';
import { voucherActive, voucherProblems } from './voucher-rules';

// Voucher codes in the back office (issue 25 part 3): listed with how often each was used and whether it works
// today, made and changed whole (every kind the shop has: an amount or a percentage off, a free dish, store
// credit), and stopped (its end date becomes yesterday, so no basket takes it from now on). Each change is
// audited in its own transaction; a basket takes a new code at once (the vouchers area reads the table).

const VOUCHER_NOT_FOUND = 'We couldn’t find that voucher: reload the list.';
const CODE_TAKEN = 'That code is already used by another voucher: choose another.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Two people taking the same code at once: the second is told it is taken (the unique index decides). */
async function codeFree<T>(change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (sqlStateOf(error) === '23505') throw new DomainError('CONFLICT', CODE_TAKEN);
    throw error;
  }
}

export function voucherView(row: VoucherRecord, today: string): VoucherAdminView {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    valueType: row.valueType,
    value: row.value,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    singleOrder: row.singleOrder,
    minimumSpendPerOrder: row.minimumSpendPerOrder,
    productVariantIds: row.productVariantIds.map(String),
    addonVariantId: row.addonVariantId === null ? null : String(row.addonVariantId),
    usageLimit: row.usageLimit,
    timesRedeemed: row.timesRedeemed,
    oncePerCustomer: row.oncePerCustomer,
    newCustomersOnly: row.newCustomersOnly,
    active: voucherActive(row, today),
    createdAt: row.createdAt.toISOString(),
  };
}

function valuesOf(body: VoucherAdminBody): VoucherValues {
  const addon = body.type === 'AddonVoucher';
  const credit = body.type === 'CreditVoucher';
  return {
    code: normaliseVoucherCode(body.code),
    type: body.type,
    valueType: addon || credit ? 'fixed_amount' : body.valueType,
    value: addon ? 0 : body.value,
    description: body.description.trim(),
    startDate: body.startDate,
    endDate: body.endDate,
    singleOrder: credit ? false : body.singleOrder,
    minimumSpendPerOrder: credit ? null : body.minimumSpendPerOrder,
    productVariantIds: credit || addon ? [] : [...new Set(body.productVariantIds.map(Number))],
    addonVariantId: addon && body.addonVariantId !== null ? Number(body.addonVariantId) : null,
    usageLimit: body.usageLimit,
    oncePerCustomer: body.oncePerCustomer,
    newCustomersOnly: body.newCustomersOnly,
  };
}

export class VouchersAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private today() {
    return londonDate(this.clock.now());
  }

  async list(customerId: string, query: VoucherAdminQuery): Promise<VoucherAdminView[]> {
    await shopActor(this.db, customerId);
    const today = this.today();
    return (await listShopVouchers(this.db, query.search)).map((row) => voucherView(row, today));
  }

  async one(customerId: string, id: string): Promise<VoucherAdminView> {
    await shopActor(this.db, customerId);
    return voucherView(await this.find(this.db, id), this.today());
  }

  async create(customerId: string, body: VoucherAdminBody): Promise<VoucherAdminView> {
    const actor = await shopActor(this.db, customerId);
    this.check(body, 0);
    return codeFree(() =>
      this.db.transaction(async (tx) => {
        const values = await this.checked(tx, body, null);
        const row = await insertShopVoucher(tx, values);
        return this.audit(tx, actor, 'voucher.create', null, row);
      }),
    );
  }

  async update(customerId: string, id: string, body: VoucherAdminBody): Promise<VoucherAdminView> {
    const actor = await shopActor(this.db, customerId);
    return codeFree(() =>
      this.db.transaction(async (tx) => {
        const before = await this.find(tx, id);
        this.check(body, before.timesRedeemed);
        const values = await this.checked(tx, body, before.id);
        const row = await updateShopVoucher(tx, before.id, values);
        return this.audit(tx, actor, 'voucher.update', before, row);
      }),
    );
  }

  /** Stopped from today: its end date becomes yesterday (and its start no later), kept for its history. */
  async deactivate(customerId: string, id: string): Promise<VoucherAdminView> {
    const actor = await shopActor(this.db, customerId);
    const yesterday = addDays(this.today(), -1);
    return this.db.transaction(async (tx) => {
      const before = await this.find(tx, id);
      if (before.endDate !== null && before.endDate <= yesterday) {
        return voucherView(before, this.today());
      }
      const startDate =
        before.startDate !== null && before.startDate > yesterday ? yesterday : before.startDate;
      const row = await updateShopVoucher(tx, before.id, { endDate: yesterday, startDate });
      return this.audit(tx, actor, 'voucher.deactivate', before, row);
    });
  }

  private async find(db: DbOrTx, id: string): Promise<VoucherRecord> {
    const row = UUID.test(id) ? await findShopVoucher(db, id) : null;
    if (!row) throw new DomainError('NOT_FOUND', VOUCHER_NOT_FOUND);
    return row;
  }

  private check(body: VoucherAdminBody, timesRedeemed: number) {
    const problems = voucherProblems(body, timesRedeemed);
    if (problems.length > 0) throw new FieldErrors(problems);
  }

  /** The values to write, once the code is free and the dishes it names exist. */
  private async checked(tx: DbOrTx, body: VoucherAdminBody, self: string | null): Promise<VoucherValues> {
    const values = valuesOf(body);
    const holder = await findVoucherByCode(tx, values.code);
    if (holder && holder.id !== self) throw new DomainError('CONFLICT', CODE_TAKEN);
    const named = [
      ...(values.productVariantIds ?? []),
      ...(values.addonVariantId ? [values.addonVariantId] : []),
    ];
    if (named.length > 0 && (await productIdsOfVariants(tx, named)).length < new Set(named).size) {
      throw new FieldErrors([
        {
          field: values.addonVariantId ? 'addonVariantId' : 'productVariantIds',
          message: 'A dish this code names doesn’t exist: check the variant numbers.',
        },
      ]);
    }
    return values;
  }

  private async audit(
    tx: DbOrTx,
    actor: ShopActor,
    action: string,
    before: VoucherRecord | null,
    after: VoucherRecord,
  ): Promise<VoucherAdminView> {
    const today = this.today();
    const view = voucherView(after, today);
    await recordChange(tx, {
      actorId: actor.customerId,
      actorEmail: actor.email,
      action,
      subjectType: 'voucher',
      subjectId: after.id,
      before: before ? voucherView(before, today) : null,
      after: view,
      at: this.clock.now(),
    });
    return view;
  }
}
