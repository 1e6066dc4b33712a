/**
 * The full static build of the storefront. Astro renders every page from the backend's data, read
 * over HTTP from the real API: we start the server in-process on a free loopback port over the given
 * database (its search rate limit lifted: the build reads the catalogue in bulk), point the pages at
 * it with QATEH_API_URL, run Astro's build, and stop the server again.
 */
import { build } from 'astro';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../server/config';
import type { Database } from '../server/db/client';
import { startServer } from '../server/server';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_SITE_DIR = resolve(PROJECT_ROOT, 'dist');

export interface SiteBuildOptions {
  /** Where the pages go; `dist/` by default. */
  outDir?: string;
  /** Astro's log level: 'info' lists every page, 'warn' only problems. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
}

export interface SiteBuildResult {
  outDir: string;
  seconds: number;
}

export async function buildSite(config: Config, database: Database, opts: SiteBuildOptions = {}): Promise<SiteBuildResult> {
  const outDir = resolve(opts.outDir ?? DEFAULT_SITE_DIR);
  const started = performance.now();
  const api = await startServer(
    { ...config, HOST: '127.0.0.1', PORT: 0, SEARCH_RATE_LIMIT: 1_000_000_000, LOG_REQUESTS: false },
    database,
  );
  const previousUrl = process.env.QATEH_API_URL;
  process.env.QATEH_API_URL = api.url;
  try {
    await build({
      root: PROJECT_ROOT,
      outDir,
      site: config.PUBLIC_BASE_URL,
      logLevel: opts.logLevel ?? 'warn',
      // Astro would otherwise print a telemetry notice and phone home on the first build.
      telemetry: { enabled: false },
    } as Parameters<typeof build>[0]);
    // Astro's content layer leaves its (empty) data modules in the output; they are not pages.
    for (const file of ['content-assets.mjs', 'content-modules.mjs']) rmSync(resolve(outDir, file), { force: true });
  } finally {
    if (previousUrl === undefined) delete process.env.QATEH_API_URL;
    else process.env.QATEH_API_URL = previousUrl;
    await api.close();
  }
  return { outDir, seconds: (performance.now() - started) / 1000 };
}

/** True when `dir` holds a finished build (its home page is written last-ish and always exists). */
export const siteIsBuilt = (dir: string): boolean => existsSync(resolve(dir, 'index.html'));
