/**
 * The static build of the storefront. Astro renders every page from the backend's data, read over
 * HTTP from the real API: we start the server in-process on a free loopback port over the given
 * database (its search rate limit lifted: the build reads the catalogue in bulk), point the pages at
 * it with QATEH_API_URL, run Astro's build, and stop the server again. A full build then writes the
 * build manifest (what each page was rendered from, for incremental rebuilds) and the Pagefind index.
 *
 * A partial build (`renderOnly`) renders only the named product and listing pages, plus the small
 * fixed pages, into its own folder; src/build/rebuild.ts copies them over the live site.
 */
import { build } from 'astro';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { startServer } from '../server/server';
import { startRecording, stopRecording, writeManifest, type BuildManifest } from './build-record';
import { indexSite, type SearchIndexResult } from './search-index';
import type { RenderOnlyFile } from './render-filter';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_SITE_DIR = resolve(PROJECT_ROOT, 'dist');

export interface SiteBuildOptions {
  /** Where the pages go; `dist/` by default. */
  outDir?: string;
  /** Astro's log level: 'info' lists every page, 'warn' only problems. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  /** Render only these product and listing pages (incremental rebuild); no manifest, no search index. */
  renderOnly?: RenderOnlyFile;
  /** Skip the Pagefind index (tests that do not search). */
  searchIndex?: boolean;
}

export interface SiteBuildResult {
  outDir: string;
  seconds: number;
  /** Seconds spent in Astro (data reads included) and in the Pagefind indexer. */
  renderSeconds: number;
  search: SearchIndexResult | null;
  /** What the pages were rendered from: written to dist/ by full builds, merged by rebuilds. */
  record: Omit<BuildManifest, 'builtAt' | 'version'> & { builtAt?: string; version?: string };
}

/** Runs `fn` with environment variables set, restoring them afterwards. */
async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const previous = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(previous)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  }
}

/**
 * Astro writes its server-side chunks inside the output folder when that lies under the working
 * directory, and into one fixed <cwd>/.astro/ folder otherwise — where two builds at once (parallel
 * test files, a benchmark beside a build) would delete each other's chunks, and a later build in the
 * same process would get the earlier build's modules from Node's import cache. So a build aimed
 * outside the working directory runs in a folder of its own under node_modules/.cache and is moved
 * into place afterwards (a rename: same file system in practice).
 */
function stagingDir(outDir: string): string | null {
  const cwd = process.cwd();
  if (outDir === cwd || outDir.startsWith(cwd + sep)) return null;
  const base = join(cwd, 'node_modules', '.cache', 'qateh-site');
  mkdirSync(base, { recursive: true });
  return mkdtempSync(join(base, 'build-'));
}

/** Puts a finished build where it was asked for, replacing whatever was there. */
function moveInto(staged: string, outDir: string): void {
  if (existsSync(outDir)) {
    if (readdirSync(outDir).length === 0) rmSync(outDir, { recursive: true, force: true });
    else {
      const old = `${outDir}.old-${process.pid}-${Date.now()}`;
      renameSync(outDir, old);
      rmSync(old, { recursive: true, force: true });
    }
  }
  try {
    renameSync(staged, outDir);
  } catch (err) {
    // Another file system: copy instead.
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    cpSync(staged, outDir, { recursive: true });
    rmSync(staged, { recursive: true, force: true });
  }
}

export async function buildSite(config: Config, database: Database, opts: SiteBuildOptions = {}): Promise<SiteBuildResult> {
  const outDir = resolve(opts.outDir ?? DEFAULT_SITE_DIR);
  const started = performance.now();
  const api = await startServer(
    { ...config, HOST: '127.0.0.1', PORT: 0, SEARCH_RATE_LIMIT: 1_000_000_000, LOG_REQUESTS: false },
    database,
  );
  let onlyFile: string | undefined;
  let onlyDir: string | undefined;
  if (opts.renderOnly) {
    onlyDir = mkdtempSync(join(tmpdir(), 'qateh-only-'));
    onlyFile = join(onlyDir, 'render-only.json');
    writeFileSync(onlyFile, JSON.stringify(opts.renderOnly));
  }
  const staged = stagingDir(outDir);
  const astroOut = staged ?? outDir;
  startRecording();
  let record: ReturnType<typeof stopRecording>;
  try {
    const buildId = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    await withEnv({ QATEH_API_URL: api.url, QATEH_RENDER_ONLY: onlyFile, QATEH_BUILD_ID: buildId }, () => build({
      root: PROJECT_ROOT,
      outDir: astroOut,
      site: config.PUBLIC_BASE_URL,
      logLevel: opts.logLevel ?? 'warn',
      // Astro would otherwise print a telemetry notice and phone home on the first build.
      telemetry: { enabled: false },
    } as Parameters<typeof build>[0]));
    // Astro's content layer leaves its (empty) data modules in the output; they are not pages.
    for (const file of ['content-assets.mjs', 'content-modules.mjs']) rmSync(resolve(astroOut, file), { force: true });
    if (staged) moveInto(staged, outDir);
  } finally {
    if (staged) rmSync(staged, { recursive: true, force: true });
    record = stopRecording();
    await api.close();
    if (onlyDir) rmSync(onlyDir, { recursive: true, force: true });
  }
  const renderSeconds = (performance.now() - started) / 1000;
  const result: SiteBuildResult['record'] = {
    builtAt: record.builtAt,
    version: record.version,
    products: Object.fromEntries(record.products),
    listings: Object.fromEntries(record.listings),
  };
  let search: SearchIndexResult | null = null;
  if (!opts.renderOnly) {
    if (opts.searchIndex !== false) search = await indexSite(outDir);
    if (result.builtAt) writeManifest(outDir, result as BuildManifest);
  }
  return { outDir, seconds: (performance.now() - started) / 1000, renderSeconds, search, record: result };
}

/** True when `dir` holds a finished build (its home page is written last-ish and always exists). */
export const siteIsBuilt = (dir: string): boolean => existsSync(resolve(dir, 'index.html'));
