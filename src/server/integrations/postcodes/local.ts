import { isUkPostcode } from '../../../domain/address';
import { gazetteer, toPostcodeResult } from './gazetteer';
import type { PostcodeResult, PostcodeService } from './port';

/** postcodes.io over the shipped gazetteer: the demo delivery areas, and nothing outside them. */
export class EmbeddedPostcodes implements PostcodeService {
  readonly name = 'embedded';

  async lookup(postcode: string): Promise<PostcodeResult | null> {
    if (!isUkPostcode(postcode)) return null;
    const entry = gazetteer().postcode(postcode);
    return entry ? toPostcodeResult(entry) : null;
  }
}
