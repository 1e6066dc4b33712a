/**
 * `npm test`: the whole suite, in the two groups of tests/support/test-groups.ts — first the files that
 * each need a fresh process (static builds, the shop as a process, Chromium), then the rest in shared
 * processes. Arguments go to both runs of vitest (filters, `--exclude`, reporters). A JSON report
 * (`--outputFile.json=F`) is written per group and merged into F, so it reads as one run's. Both groups
 * run even when the first fails; the exit status is non-zero when either did. When the arguments name
 * test files only (CI's PostgreSQL pass), a group holding none of them is not started:
 * a vitest start that finds no file costs a few seconds.
 *
 * QATEH_SHARED_NODE_BIN, a folder holding another `node` (CI's Node 22), runs the shared group on that
 * runtime: it goes first on the group's PATH, which `npx` and vitest's forks take their `node` from. The
 * isolated group (Astro builds, the shop as a process, Chromium) stays on the runtime that runs this script.
 *
 * QATEH_SHARED_BESIDE=1 (both groups to run) starts the shared group beside the isolated one,
 * with one fork, once the isolated run has made the template databases: the isolated group's browser
 * files leave much of the two cores idle while pages load and settle, which the shared group's API files
 * can use. The shared group's output is kept and printed after the isolated group's.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, relative, resolve, sep } from 'node:path';
import { dropPostgres, templatesRecord, type DatabaseTemplates } from '../tests/support/database-templates';
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

const HEADINGS: Record<TestGroup, string> = {
  isolated: 'files that each need a fresh process',
  shared: 'files that share processes',
};

/** One group's vitest arguments (its own JSON report, merged below) and environment. */
function groupRun(group: TestGroup, keepTemplates: boolean, extraEnv: Record<string, string> = {}) {
  const groupOutput = output ? `${output.replace(/\.json$/, '')}.${group}.json` : undefined;
  const groupArgs = args.map((a) => (groupOutput && JSON_OUTPUT.test(a) ? `--outputFile.json=${groupOutput}` : a));
  const otherNode = group === 'shared' ? process.env.QATEH_SHARED_NODE_BIN : undefined;
  const env = {
    ...process.env,
    ...(otherNode ? { PATH: `${resolve(otherNode)}${delimiter}${process.env.PATH ?? ''}` } : {}),
    QATEH_TEST_GROUP: group,
    QATEH_TEST_TEMPLATES: templates,
    QATEH_TEST_TEMPLATES_KEEP: keepTemplates ? '1' : '0',
    ...extraEnv,
  };
  return { groupOutput, vitestArgs: ['vitest', 'run', ...groupArgs], env };
}

function collect(groupOutput: string | undefined, status: number | null): void {
  if (status !== 0) failed = true;
  if (groupOutput && existsSync(groupOutput)) {
    reports.push(JSON.parse(readFileSync(groupOutput, 'utf8')) as JsonReport);
    rmSync(groupOutput);
  }
}

/** The version of the `node` a group's environment finds first on its PATH. */
function runtimeVersion(env: NodeJS.ProcessEnv): string {
  const run = spawnSync('node', ['--version'], { env, encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : `not found (${run.error?.message ?? run.stderr.trim()})`;
}

/** The groups one after the other, the first leaving the templates to the second. */
function runInTurn(groups: TestGroup[]): void {
  groups.forEach((group, i) => {
    const { groupOutput, vitestArgs, env } = groupRun(group, i < groups.length - 1);
    console.log(`\n── ${HEADINGS[group]} (node ${runtimeVersion(env)}) ──`);
    const run = spawnSync('npx', vitestArgs, { stdio: 'inherit', env });
    collect(groupOutput, run.status);
  });
}

/**
 * The shared group beside the isolated one (QATEH_SHARED_BESIDE). Both keep the templates (removed
 * below with their folder: PGlite's are files); the shared run starts once the isolated run's global
 * set-up has recorded them, or once that run has ended.
 */
async function runBeside(): Promise<void> {
  const isolated = groupRun('isolated', true);
  const shared = groupRun('shared', true, { QATEH_SHARED_FORKS: process.env.QATEH_SHARED_FORKS ?? '1' });
  const sharedLog = join(templates, 'shared-group.log');
  console.log(`\n── ${HEADINGS.isolated} (the shared group runs beside it; its output follows) ──`);
  const ended = (child: ReturnType<typeof spawn>) => new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const isolatedChild = spawn('npx', isolated.vitestArgs, { stdio: 'inherit', env: isolated.env });
  const isolatedEnded = ended(isolatedChild);
  let isolatedDone = false;
  void isolatedEnded.then(() => (isolatedDone = true));
  const record = templatesRecord(templates, process.env.DATABASE_URL);
  while (!isolatedDone && !existsSync(record)) await new Promise((r) => setTimeout(r, 500));
  const log = createWriteStream(sharedLog);
  const sharedChild = spawn('npx', shared.vitestArgs, { stdio: ['ignore', 'pipe', 'pipe'], env: shared.env });
  sharedChild.stdout!.pipe(log, { end: false });
  sharedChild.stderr!.pipe(log, { end: false });
  const [isolatedStatus, sharedStatus] = await Promise.all([isolatedEnded, ended(sharedChild)]);
  await new Promise<void>((resolve) => log.end(resolve));
  collect(isolated.groupOutput, isolatedStatus);
  console.log(`\n── ${HEADINGS.shared} (ran beside the first group) ──`);
  process.stdout.write(readFileSync(sharedLog));
  collect(shared.groupOutput, sharedStatus);
  // Both runs kept the templates; PGlite's go with the folder below, PostgreSQL's are dropped here.
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && existsSync(record)) {
    const made = JSON.parse(readFileSync(record, 'utf8')) as DatabaseTemplates;
    if (made.kind === 'postgres') await dropPostgres(serverUrl, [made.empty, made.catalogue]);
  }
}

try {
  const groups = groupsToRun();
  if (process.env.QATEH_SHARED_BESIDE === '1' && groups.length === 2) await runBeside();
  else runInTurn(groups);
  if (output && reports.length > 0) writeFileSync(output, JSON.stringify(merge(reports)));
} finally {
  rmSync(templates, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
