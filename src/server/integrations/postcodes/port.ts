// The postcodes port (architecture decision 8; spec §7 External: "a postcode service: GET
// /postcodes/{postcode}, reading the result's latitude and longitude"). The shape is postcodes.io's, so the
// embedded gazetteer (./local.ts, served at GET /postcodes/{postcode} by ./local.routes.ts) and the real
// postcodes.io or a self-hosted copy of it (./postcodes-io.ts) answer alike. ./index.ts picks one by
// POSTCODES.

/** postcodes.io's `result` for GET /postcodes/{postcode}. */
export interface PostcodeResult {
  postcode: string;
  quality: number;
  eastings: number | null;
  northings: number | null;
  country: string;
  nhs_ha: string | null;
  longitude: number | null;
  latitude: number | null;
  european_electoral_region: string | null;
  primary_care_trust: string | null;
  region: string | null;
  lsoa: string | null;
  msoa: string | null;
  incode: string;
  outcode: string;
  parliamentary_constituency: string | null;
  parliamentary_constituency_2024: string | null;
  admin_district: string | null;
  parish: string | null;
  admin_county: string | null;
  date_of_introduction: string | null;
  admin_ward: string | null;
  ced: string | null;
  ccg: string | null;
  nuts: string | null;
  pfa: string | null;
  codes: Record<string, string | null>;
}

/** postcodes.io's answers: `{ status: 200, result }` or `{ status: 404, error: "Postcode not found" }`. */
export type PostcodesIoBody = { status: 200; result: PostcodeResult } | { status: number; error: string };

export interface PostcodeService {
  readonly name: 'embedded' | 'postcodes.io';
  /** The postcode's facts, or null when it does not exist (or is not a postcode at all). */
  lookup(postcode: string): Promise<PostcodeResult | null>;
}

/** The service could not answer (unreachable, too slow, an unexpected reply): not "no such postcode". */
export class PostcodeServiceError extends Error {
  override name = 'PostcodeServiceError';
}
