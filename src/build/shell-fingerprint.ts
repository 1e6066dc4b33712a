/**
 * What every page shows from configuration rather than from the database: the store's details, the
 * test-mode banner (PAYMENT_SANDBOX), the help-file links, the public address in canonical links, the
 * store terms the policy pages state (shipping thresholds, pre-invoice validity, guarantee).
 * The catalogue version cannot see a change to these, so the build manifest keeps their fingerprint
 * and a start with another configuration builds the site again in full: a shop switched out of
 * test mode never keeps serving pages that say "test mode", nor the other way round.
 */
import { HELP_FILES } from '../api/schemas/content';
import type { Config } from '../server/config';
import { storeTermsOf } from '../server/services/shop/shipping-rates';
import { helpFileLink, storeInfo } from '../server/services/store-info';
import { dataHash, readManifest } from './build-record';

export function shellFingerprint(config: Config): string {
  return dataHash([storeInfo(config), config.PUBLIC_BASE_URL, HELP_FILES.map((name) => helpFileLink(config, name)), storeTermsOf(config)]);
}

/** True when the site in `siteDir` was built under another configuration (or before fingerprints). */
export function shellChanged(config: Config, siteDir: string): boolean {
  const manifest = readManifest(siteDir);
  return manifest !== null && manifest.shell !== shellFingerprint(config);
}
