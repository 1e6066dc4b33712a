/**
 * `npx tsx scripts/security-headers.ts`: prints, for the current configuration and the built site (SITE_OUT_DIR
 * or dist/), the Content-Security-Policy and Permissions-Policy our server sends with pages, as nginx
 * `add_header` lines — for a front server that serves dist/ itself. Run it again after every build:
 * the policy names the hashes of the site's inline scripts.
 */
import { resolve } from 'node:path';
import { DEFAULT_SITE_DIR } from '../src/build/site';
import { ConfigError, loadConfig } from '../src/server/config';
import { PERMISSIONS_POLICY, securityHeaders } from '../src/server/http/security-headers';

try {
  const config = loadConfig();
  const siteDir = resolve(process.env.SITE_OUT_DIR || DEFAULT_SITE_DIR);
  const policy = securityHeaders(config, siteDir).pagePolicy();
  console.log(`add_header Content-Security-Policy "${policy}" always;`);
  console.log(`add_header Permissions-Policy "${PERMISSIONS_POLICY}" always;`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
