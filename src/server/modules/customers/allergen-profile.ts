import { eq, sql } from 'drizzle-orm';
import type { AllergenProfileBody } from '../../../contracts/allergen-profile';
import { ALLERGENS, UK_MAJOR_ALLERGEN_CODES } from '../../../domain/allergens';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { customerAllergenProfiles } from '../../db/schema/takeaway';

// A customer's allergen profile (issue 13 part 5): one per customer, the 14 UK allergens they must avoid.
// Set once in the account and read by every channel: the takeaway menu marks what conflicts, the checkout
// asks to confirm, and the order carries it to the kitchen.

export interface AllergenProfile {
  codes: number[];
  updatedAt: Date | null;
}

const named = (codes: readonly number[]) => codes.map((code) => ({ code, name: ALLERGENS[code]! }));

/** The profile's codes, or null when the customer has never set one. */
export async function allergenProfileOf(db: DbOrTx, customerId: string): Promise<number[] | null> {
  const [row] = await db
    .select({ allergens: customerAllergenProfiles.allergens })
    .from(customerAllergenProfiles)
    .where(eq(customerAllergenProfiles.customerId, customerId));
  return row ? [...row.allergens].sort((a, b) => a - b) : null;
}

export function allergenProfileView(customerId: string, profile: AllergenProfile) {
  return {
    data: {
      id: customerId,
      type: 'allergen_profiles' as const,
      attributes: {
        codes: profile.codes,
        allergens: named(profile.codes),
        options: named(UK_MAJOR_ALLERGEN_CODES),
        updatedAt: profile.updatedAt?.toISOString() ?? null,
      },
    },
  };
}

export class AllergenProfileService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get(customerId: string): Promise<AllergenProfile> {
    const [row] = await this.db
      .select()
      .from(customerAllergenProfiles)
      .where(eq(customerAllergenProfiles.customerId, customerId));
    return row
      ? { codes: [...row.allergens].sort((a, b) => a - b), updatedAt: row.updatedAt }
      : { codes: [], updatedAt: null };
  }

  /** Replaces the profile (an empty list clears it). */
  async set(customerId: string, body: AllergenProfileBody): Promise<AllergenProfile> {
    const codes = [...new Set(body.allergens)].sort((a, b) => a - b);
    const at = this.clock.now();
    const [row] = await this.db
      .insert(customerAllergenProfiles)
      .values({ customerId, allergens: codes, updatedAt: at })
      .onConflictDoUpdate({
        target: customerAllergenProfiles.customerId,
        set: { allergens: sql`excluded.allergens`, updatedAt: at },
      })
      .returning();
    return { codes: [...row!.allergens], updatedAt: row!.updatedAt };
  }
}
