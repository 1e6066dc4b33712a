/**
 * One run of Astro's build over the running API: the pages read their data from `apiUrl`, render
 * what `filter` names (src/build/render-filter.ts), and land in `outDir`. Used in-process by
 * src/build/site.ts and by each worker process of a parallel build (src/build/slice-worker.ts).
 */
import { build } from 'astro';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_BUNDLE_FILE } from './client-bundle-record';
import { InlineHashCollector, type InlineHashes } from './inline-hashes';
import { provideBuildInput } from '../site/build-input';
import { productPageWrites } from './product-page-writes';
import type { RenderOnlyFile } from './render-filter';
import { siteBuildInput } from './site-input';
import { withSyncFileWrites } from './internals/sync-page-writes';
import { takeClientBundleOutcome, type ClientBundleOutcome } from './internals/vite-client-replay';
import { buildWithServerCode, takeServerCodeOutcome, type ServerCodeOutcome } from './internals/astro-build-driver';
import { isPlainBuild } from './internals/plain-build';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface AstroRenderJob {
  apiUrl: string;
  /** PUBLIC_BASE_URL: canonical and Open Graph addresses. */
  site: string;
  outDir: string;
  filter: RenderOnlyFile;
  logLevel: 'info' | 'warn' | 'error' | 'silent';
  /**
   * A browser-bundle record (src/build/client-bundle-record.ts) to replay instead of bundling the
   * islands again, when it still matches the sources. A build that bundles records its own bundle
   * in its output folder.
   */
  reuseClientBundle?: string;
  /**
   * A full build (every page, no live site beside it): it may take compiled code and browser bundle
   * kept whole by an earlier full build of the same sources (src/build/server-code-cache.ts).
   */
  whole?: boolean;
  /** Where product pages go instead of `outDir` (the workers of a parallel build share one folder). */
  productPagesDir?: string;
  /**
   * Make each Russian product page from the English one as it is written, except for these sample
   * products (Astro renders those, for the build to compare); null when Astro renders them all.
   */
  russianFromEnglish?: { samples: string[] } | null;
}

export interface AstroRenderResult {
  /** Whether the browser bundle was made or replayed. */
  clientBundle: ClientBundleOutcome | undefined;
  /** Whether the pages' server code was compiled or reused from an earlier build (src/build/server-code-cache.ts). */
  serverCode: ServerCodeOutcome | undefined;
  /** Russian product pages made from English ones. */
  russianWritten: number;
  /** The inline scripts and styles of the pages written (src/build/inline-hashes.ts). */
  inlineHashes: InlineHashes;
}

/** Runs `fn` with environment variables set, restoring them afterwards. */
async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const previous = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(vars))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(previous))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
}

export async function renderWithAstro(job: AstroRenderJob): Promise<AstroRenderResult> {
  const outDir = resolve(job.outDir);
  const pagesDir = job.productPagesDir ? resolve(job.productPagesDir) : outDir;
  const writer =
    pagesDir !== outDir || job.russianFromEnglish
      ? productPageWrites({
          outDir,
          pagesDir,
          russian: job.russianFromEnglish ? { site: job.site, samples: job.russianFromEnglish.samples } : null,
        })
      : undefined;
  // Russian pages are made from English ones with the same scripts: the English page stands for both.
  const inline = new InlineHashCollector();
  const observer = (file: string, data: string | Uint8Array) => {
    if (file.startsWith(outDir + sep) || file.startsWith(pagesDir + sep)) inline.add(data);
  };
  const run = (reuse: string | undefined) => {
    // The pages' data source and scope, handed to them for this run (src/build/site-input.ts).
    provideBuildInput(siteBuildInput(job.apiUrl, job.filter));
    // For the build's own Vite plugin (src/build/internals/vite-client-replay.ts), not the pages.
    const env = {
      QATEH_CLIENT_BUNDLE_SAVE: resolve(job.outDir, CLIENT_BUNDLE_FILE),
      QATEH_CLIENT_BUNDLE_REUSE: reuse,
    };
    const inlineConfig = {
      root: PROJECT_ROOT,
      cacheDir,
      outDir: job.outDir,
      site: job.site,
      logLevel: job.logLevel,
      // Astro would otherwise print a telemetry notice and phone home on the first build.
      telemetry: { enabled: false },
    };
    return withEnv(env, () =>
      withSyncFileWrites(
        () =>
          isPlainBuild()
            ? build(inlineConfig as Parameters<typeof build>[0])
            : // The compiled server code of these sources is reused when the live site's browser bundle is theirs.
              buildWithServerCode(inlineConfig, {
                clientBundleFrom: reuse && dirname(reuse),
                clientBundleSave: env.QATEH_CLIENT_BUNDLE_SAVE,
                onlyPages: job.filter.pages && new Set(job.filter.pages),
                whole: job.whole,
              }),
        writer,
        observer,
      ),
    );
  };
  // Astro writes its content store into its cache folder through a temporary file and a rename; two
  // builds at once in one project (parallel test files, the render thread beside a rebuild) broke each
  // other's rename when they shared node_modules/.astro. Nothing in it is worth keeping between builds.
  const cacheBase = resolve(PROJECT_ROOT, 'node_modules', '.cache', 'qateh-site');
  mkdirSync(cacheBase, { recursive: true });
  const cacheDir = mkdtempSync(join(cacheBase, 'astro-'));
  try {
    takeClientBundleOutcome();
    takeServerCodeOutcome();
    try {
      await run(job.reuseClientBundle);
    } catch (err) {
      // A replayed bundle is an optimisation: should it ever trip the build, bundle for real.
      if (takeClientBundleOutcome()?.mode !== 'replayed') throw err;
      console.warn(`Reusing the recorded browser bundle failed (${(err as Error).message}); bundling again.`);
      await run(undefined);
    }
    // Astro's content layer leaves its (empty) data modules in the output; they are not pages.
    for (const file of ['content-assets.mjs', 'content-modules.mjs']) rmSync(resolve(job.outDir, file), { force: true });
    return {
      clientBundle: takeClientBundleOutcome(),
      serverCode: takeServerCodeOutcome(),
      russianWritten: writer?.russianWritten ?? 0,
      inlineHashes: inline.result(),
    };
  } finally {
    provideBuildInput(undefined);
    rmSync(cacheDir, { recursive: true, force: true });
  }
}
