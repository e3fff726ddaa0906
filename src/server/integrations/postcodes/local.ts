import { isUkPostcode, outcodeOf } from '../../../domain/address';
import { gazetteer, toApproximateResult, toPostcodeResult } from './gazetteer';
import type { PostcodeResult, PostcodeService } from './port';

/**
 * postcodes.io over the shipped gazetteer: its postcodes exactly; any other well-formed postcode of an
 * outcode it knows (every outcode we deliver to) at that outcode's centroid, marked approximate (quality 6);
 * nothing elsewhere. See docs/decisions/0012.
 */
export class EmbeddedPostcodes implements PostcodeService {
  readonly name = 'embedded';

  async lookup(postcode: string): Promise<PostcodeResult | null> {
    if (!isUkPostcode(postcode)) return null;
    const known = gazetteer();
    const entry = known.postcode(postcode);
    if (entry) return toPostcodeResult(entry);
    const outcode = known.outcode(outcodeOf(postcode));
    return outcode ? toApproximateResult(postcode, outcode) : null;
  }
}
