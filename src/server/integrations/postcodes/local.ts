import { isUkPostcode, outcodeOf } from '../../../domain/address';
import { gazetteer, toApproximateResult, toPostcodeResult } from './gazetteer';
import type { PostcodeResult, PostcodeService } from './port';
import { toDistrictResult, ukOutcodeCentre } from './uk-outcodes';

/**
 * postcodes.io over the shipped gazetteer: its postcodes exactly; any other well-formed postcode of an
 * outcode it knows (every outcode we deliver to) at that outcode's centroid, marked approximate (quality 6);
 * any other of a real UK district at that district's centre (./uk-outcodes.ts), approximate too; nothing
 * elsewhere. See docs/decisions/0012 and its addendum.
 */
export class EmbeddedPostcodes implements PostcodeService {
  readonly name = 'embedded';

  async lookup(postcode: string): Promise<PostcodeResult | null> {
    if (!isUkPostcode(postcode)) return null;
    const known = gazetteer();
    const entry = known.postcode(postcode);
    if (entry) return toPostcodeResult(entry);
    const outcode = known.outcode(outcodeOf(postcode));
    if (outcode) return toApproximateResult(postcode, outcode);
    const centre = ukOutcodeCentre(outcodeOf(postcode));
    return centre ? toDistrictResult(postcode, centre) : null;
  }
}
