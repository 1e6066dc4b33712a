/**
 * Runs the slowest test files first. Vitest orders a clean clone's files (no timing cache, as in CI)
 * largest file first, which left the site-building and Chromium files to the end, one fork working
 * alone while the other sat idle. Starting them first lets the many short files fill the gaps.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first, as measured (each builds a site, starts the shop as a process or drives Chromium). */
const HEAVY: RegExp[] = [
  /security\/production-mode\.test/,
  /security\/csp-browser\.test/,
  /storefront-islands\.test/,
  /security\/fuzz-api\.test/,
  /-browser\.test/,
  /storefront-/,
  /security\/html-sanitise\.test/,
  /search-api\.test/,
  /seed\.test/,
  /search-update\.test/,
  /bom-(files|accuracy)\.test/,
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
