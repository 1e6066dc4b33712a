import { defineConfig, configDefaults } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import HeavyFirstSequencer from './tests/support/heavy-first-sequencer';
import { ISOLATED_FILES, testGroup } from './tests/support/test-groups';

const ALL_FILES = ['src/**/*.test.ts', 'tests/**/*.test.ts'];
// `npm test` runs the two groups one after the other (scripts/test.ts, tests/support/test-groups.ts).
const group = testGroup(process.env.QATEH_TEST_GROUP);

/**
 * Forks at once: two, one per core. QATEH_ISOLATED_FORKS sets it for the isolated group alone, to try
 * more: its browser files spend much of their time waiting (a page's network falling quiet), about half
 * a core each when run alone, so a third fork may fill what two leave idle. QATEH_SHARED_FORKS sets the
 * shared group's: one when it runs beside the isolated group (scripts/test.ts, QATEH_SHARED_BESIDE).
 */
function forksFor(of: typeof group): number {
  const asked = Number(of === 'isolated' ? process.env.QATEH_ISOLATED_FORKS : of === 'shared' ? process.env.QATEH_SHARED_FORKS : undefined);
  return Number.isInteger(asked) && asked > 0 ? asked : 2;
}

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: group === 'isolated' ? ISOLATED_FILES : ALL_FILES,
    exclude: group === 'shared' ? [...configDefaults.exclude, ...ISOLATED_FILES] : configDefaults.exclude,
    // Each file boots its own database and server; two cores, so keep parallelism modest.
    pool: 'forks',
    poolOptions: { forks: { maxForks: forksFor(group), minForks: 1, isolate: group !== 'shared' } },
    // The migrated (and catalogue-imported) databases each test file's database is copied from, and the
    // folder of the one static build the browser files share.
    globalSetup: ['./tests/support/database-templates.ts', './tests/support/browser-site-folder.ts'],
    sequence: { sequencer: HeavyFirstSequencer },
    testTimeout: 60_000,
    // A page's island hydrates later on a loaded CI machine than here: one second (vitest's default) is
    // shorter than a shopper would wait, and made journeys fail on timing rather than behaviour.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
    passWithNoTests: group !== undefined,
  },
});
