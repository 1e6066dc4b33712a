/**
 * Runs the slowest test files first. Vitest orders a clean clone's files (no timing cache, as in CI)
 * largest file first, which left the site-building and Chromium files to the end, one fork working
 * alone while the other sat idle. Starting them first lets the many short files fill the gaps.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Slowest first, in the order of their measured durations (CI's log): each builds a site, starts the
 * shop as a process or drives Chromium. With two forks, the longest file started last would leave one
 * fork idle at the end of its group (tests/support/test-groups.ts) while the other finishes it.
 */
const HEAVY: RegExp[] = [
  /storefront-rebuild\.test/,
  /forms-browser\.test/,
  /storefront-islands\.test/,
  /security\/csp-browser\.test/,
  /security\/production-mode\.test/,
  /shop-browser\.test/,
  /notifications-browser\.test/,
  /storefront-build\.test/,
  /-browser\.test/,
  /storefront-/,
  /security\/fuzz-api\.test/,
  /security\/html-sanitise\.test/,
  /security\/login-throttle\.test/,
  /account-api\.test/,
  /order-lifecycle-api\.test/,
  /search-api\.test/,
  /bom-accuracy\.test/,
  /seed\.test/,
  /search-update\.test/,
  /bom-files\.test/,
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
