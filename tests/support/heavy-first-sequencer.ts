/**
 * Runs the slowest test files first. Vitest orders a clean clone's files (no timing cache, as in CI)
 * largest file first, which left the site-building and Chromium files to the end, one fork working
 * alone while the other sat idle. Starting them first lets the many short files fill the gaps.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The isolated group's files (tests/support/test-groups.ts) with the fork-seconds each took in CI,
 * longest first: with two forks, the longest file left to start is the one to start, so neither fork
 * idles at the end of the group while the other finishes a long file. The second is the first browser
 * file: it builds the run's shared site and its fixture (tests/support/browser-site.ts) while the first
 * fork runs the longest file, which needs neither, so no fork waits for that build. Figures from
 * CI's log; a file missing here runs after these, in vitest's own order.
 */
const ISOLATED_SECONDS: [RegExp, number][] = [
  [/storefront-rebuild\.test/, 246],
  [/forms-browser\.test/, 228],
  [/security\/csp-browser\.test/, 167],
  [/storefront-islands\.test/, 167],
  [/security\/production-mode\.test/, 165],
  [/notifications-browser\.test/, 141],
  [/shop-browser\.test/, 109],
  [/backoffice-browser\.test/, 77],
  [/lists-browser\.test/, 75],
  [/engagement-browser\.test/, 74],
  [/storefront-on-request\.test/, 71],
  [/storefront-build\.test/, 60],
  [/storefront-plain-build\.test/, 49],
  [/account-browser\.test/, 49],
  [/staff-products-browser\.test/, 48],
  [/checkout-browser\.test/, 35],
  [/staff-console-browser\.test/, 34],
  [/security\/html-sanitise\.test/, 7],
  [/bidi-browser\.test/, 3],
];

/**
 * The shared group's slowest files, slowest first (CI's PGlite log of 2026-11-27, and the PostgreSQL
 * pass's files taken at load ~10 that day). The PostgreSQL pass runs a few of them only; there the three
 * instances of several-servers (a site build at their start, 43–68 s, then `npm start` as two processes) and the two in-memory index files
 * (listing-index and index-patch, ~70 s each there: their catalogue builds and patches go through
 * PostgreSQL) are the longest by far: started last, as vitest's own order left several-servers, the
 * other fork idled for half of it. On PGlite several-servers is skipped at once.
 */
const SHARED_HEAVY: RegExp[] = [
  /cluster\/several-servers\.test/,
  /listing-index\.test/,
  /staff-products-api\.test/,
  /index-patch\.test/,
  /security\/fuzz-api\.test/,
  /checkout-api\.test/,
  /security\/payments-stock\.test/,
  /catalogue-import\.test/,
  /security\/login-throttle\.test/,
  /order-lifecycle-api\.test/,
  /notifications-events\.test/,
  /search-plans\.test/,
  /engagement-api\.test/,
  /account-api\.test/,
  /search-api\.test/,
  /bom-accuracy\.test/,
  /bom-api\.test/,
  /seed\.test/,
  /search-update\.test/,
  /bom-files\.test/,
];

const HEAVY: RegExp[] = [
  ...[...ISOLATED_SECONDS].sort((a, b) => b[1] - a[1]).map(([pattern]) => pattern),
  // Isolated files not measured yet: still before the shared group's.
  /-browser\.test/,
  /storefront-/,
  ...SHARED_HEAVY,
];

const rankOf = (file: TestSpecification): number => {
  const i = HEAVY.findIndex((pattern) => pattern.test(file.moduleId));
  return i < 0 ? HEAVY.length : i;
};

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const usual = await super.sort(files);
    return usual
      .map((file, i) => ({ file, i, rank: rankOf(file) }))
      .sort((a, b) => a.rank - b.rank || a.i - b.i)
      .map(({ file }) => file);
  }
}
