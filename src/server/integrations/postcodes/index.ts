import type { Config } from '../../config';
import type { FetchLike } from './fetch-json';
import { EmbeddedPostcodes } from './local';
import type { PostcodeService } from './port';
import { PostcodesIo } from './postcodes-io';

/** The postcode service POSTCODES asks for: the embedded gazetteer, or postcodes.io at POSTCODES_URL. */
export function createPostcodeService(config: Config['postcodes'], fetchImpl?: FetchLike): PostcodeService {
  return config.mode === 'live'
    ? new PostcodesIo({ baseUrl: config.url, ...(fetchImpl ? { fetch: fetchImpl } : {}) })
    : new EmbeddedPostcodes();
}
