/**
 * `npm test`: the whole suite, in the two groups of tests/support/test-groups.ts — first the files that
 * each need a fresh process (static builds, the shop as a process, Chromium), then the rest in shared
 * processes. Arguments go to both runs of vitest (filters, `--exclude`, reporters). A JSON report
 * (`--outputFile.json=F`) is written per group and merged into F, so it reads as one run's. Both groups
 * run even when the first fails; the exit status is non-zero when either did. When the arguments name
 * test files only (CI's PostgreSQL and Node 22 passes), a group holding none of them is not started:
 * a vitest start that finds no file costs a few seconds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { groupOf, type TestGroup } from '../tests/support/test-groups';

const GROUPS: TestGroup[] = ['isolated', 'shared'];
const JSON_OUTPUT = /^--outputFile\.json=(.+)$/;

interface JsonReport {
  success: boolean;
  startTime: number;
  testResults: unknown[];
  [count: `num${string}`]: number;
}

function merge(reports: JsonReport[]): JsonReport {
  const merged: JsonReport = {
    ...reports[0]!,
    success: reports.every((r) => r.success),
    startTime: Math.min(...reports.map((r) => r.startTime)),
    testResults: reports.flatMap((r) => r.testResults),
  };
  for (const key of Object.keys(reports[0]!).filter((k) => k.startsWith('num'))) {
    merged[key as `num${string}`] = reports.reduce((sum, r) => sum + (Number(r[key as `num${string}`]) || 0), 0);
  }
  return merged;
}

const args = process.argv.slice(2);
const output = args.map((a) => JSON_OUTPUT.exec(a)?.[1]).find((f) => f !== undefined);

/**
 * The groups the arguments can reach: all, unless every argument that is not an option names a test
 * file that exists (a filter vitest would match otherwise, or an option's value, keeps both).
 */
function groupsToRun(): TestGroup[] {
  const files = args.filter((a) => !a.startsWith('-'));
  const named = files.map((f) => relative(process.cwd(), resolve(f)).split(sep).join('/'));
  if (files.length === 0 || !named.every((f) => /\.test\.ts$/.test(f) && existsSync(f))) return GROUPS;
  return GROUPS.filter((group) => named.some((f) => groupOf(f) === group));
}
const templates = mkdtempSync(join(tmpdir(), 'qateh-test-templates-'));
let failed = false;
const reports: JsonReport[] = [];
try {
  const groups = groupsToRun();
  groups.forEach((group, i) => {
    const groupOutput = output ? `${output.replace(/\.json$/, '')}.${group}.json` : undefined;
    const groupArgs = args.map((a) => (groupOutput && JSON_OUTPUT.test(a) ? `--outputFile.json=${groupOutput}` : a));
    console.log(`\n── ${group === 'isolated' ? 'files that each need a fresh process' : 'files that share processes'} ──`);
    const run = spawnSync('npx', ['vitest', 'run', ...groupArgs], {
      stdio: 'inherit',
      env: {
        ...process.env,
        QATEH_TEST_GROUP: group,
        QATEH_TEST_TEMPLATES: templates,
        QATEH_TEST_TEMPLATES_KEEP: i < groups.length - 1 ? '1' : '0',
      },
    });
    if (run.status !== 0) failed = true;
    if (groupOutput && existsSync(groupOutput)) {
      reports.push(JSON.parse(readFileSync(groupOutput, 'utf8')) as JsonReport);
      rmSync(groupOutput);
    }
  });
  if (output && reports.length > 0) writeFileSync(output, JSON.stringify(merge(reports)));
} finally {
  rmSync(templates, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
