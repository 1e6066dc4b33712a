/**
 * Astro's `build()`, step by step, so that its Vite builds can be left out when their result is
 * already known. Astro 5 compiles the server code of every page (and bundles the browser code) in
 * `viteBuild`, then renders the pages from that code in `staticBuild`; `build()` offers no way
 * between them. This runs the same steps with Astro's own modules (the instances Astro itself
 * loads), and around `viteBuild`:
 *
 * - reuse: when the compiled code of the same sources is in the cache (src/build/server-code-cache.ts)
 *   and the browser bundle the live site holds is still that of these sources, its files go into the
 *   output folder and Astro's build state (which module is which page's entry, the pages' styles, the
 *   islands found) is rebuilt from the entry — no Vite build at all;
 * - save: a build that compiled records its output folder and state in the cache for the next one;
 * - whole reuse: a full build (no live site beside it) whose sources a full build compiled before takes
 *   that build's browser bundle and record from its entry as well — no Vite build either.
 *
 * Anything that goes wrong on the reuse side makes the build compile as usual.
 */
import fs from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  findServerCode,
  restoreServerCode,
  saveServerCode,
  serverCodeCacheDir,
  serverCodeFingerprint,
  serverCodeKey,
  type ServerCodeFingerprint,
} from '../server-code-cache';
import { buildSettingsKey, readClientBundleRecord, recordMismatch, type ClientBundleRecord } from '../client-bundle-record';
import { astroModule } from './render-session';
import { peekClientBundleOutcome, setClientBundleOutcome } from './vite-client-replay';

/** Files and the text in them this driver relies on (src/build/internals/index.ts checks them). */
export const BUILD_DRIVER_RELIES_ON: [string, string][] = [
  ['dist/core/build/index.js', 'const { internals, ssrOutputChunkNames } = await viteBuild(opts);'],
  ['dist/core/build/index.js', 'await staticBuild(opts, internals, ssrOutputChunkNames);'],
  ['dist/core/build/index.js', 'const manifest = createDevelopmentManifest(this.settings);'],
  ['dist/core/build/index.js', 'await syncInternal({'],
  ['dist/core/build/index.js', 'const { assets, allPages } = collectPagesData({'],
  ['dist/core/build/index.js', 'const keyPromise = hasKey ? getEnvironmentKey() : createKey();'],
  ['dist/core/build/static-build.js', 'return { internals, ssrOutputChunkNames };'],
  ['dist/core/build/internal.js', 'function createBuildInternals() {'],
  [
    'dist/prerender/utils.js',
    'settings.buildOutput === "server" ? settings.config.build.server : getOutDirWithinCwd(settings.config.outDir)',
  ],
];

type Any = any;

/** `entry`: the cache folder of the code (src/build/server-code-cache.ts). */
export type ServerCodeOutcome = { mode: 'reused'; entry: string } | { mode: 'compiled'; saved: boolean; why: string; entry: string };
const OUTCOME_KEY = '__qatehServerCode';
type WithOutcome = typeof globalThis & { [OUTCOME_KEY]?: ServerCodeOutcome };

export interface ServerCodeOptions {
  /** The live site whose browser bundle this build relies on (a partial build writes none of it). */
  clientBundleFrom: string | undefined;
  /** The client bundle record file this build writes when it bundles (its outputs are not server code). */
  clientBundleSave: string | undefined;
  /** Render only the routes of these page sources (Astro's component paths); absent: every route. */
  onlyPages?: ReadonlySet<string>;
  /** A full build: it may take the browser bundle kept with compiled code, and keeps its own there. */
  whole?: boolean;
}

// Astro's build state, as JSON: Maps, Sets, URLs and RegExps tagged; a page's build data by its key
// (the page objects of the build reusing it are Astro's own, freshly made from the routes).
function encode(value: unknown, pages: Map<object, string>): unknown {
  if (value instanceof Map) return { $map: [...value].map(([k, v]) => [encode(k, pages), encode(v, pages)]) };
  if (value instanceof Set) return { $set: [...value].map((v) => encode(v, pages)) };
  if (value instanceof URL) return { $url: value.href };
  if (value instanceof RegExp) return { $re: [value.source, value.flags] };
  if (value !== null && typeof value === 'object' && pages.has(value)) return { $page: pages.get(value) };
  if (Array.isArray(value)) return value.map((v) => encode(v, pages));
  if (value !== null && typeof value === 'object')
    return { $obj: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v, pages)])) };
  return value === undefined ? { $undefined: true } : value;
}

function decode(value: unknown, pages: Map<string, object>): unknown {
  if (Array.isArray(value)) return value.map((v) => decode(v, pages));
  if (value === null || typeof value !== 'object') return value;
  const v = value as Record<string, any>;
  if ('$map' in v) return new Map((v.$map as [unknown, unknown][]).map(([k, x]) => [decode(k, pages), decode(x, pages)]));
  if ('$set' in v) return new Set((v.$set as unknown[]).map((x) => decode(x, pages)));
  if ('$url' in v) return new URL(v.$url as string);
  if ('$re' in v) return new RegExp(v.$re[0] as string, v.$re[1] as string);
  if ('$undefined' in v) return undefined;
  if ('$page' in v) {
    const page = pages.get(v.$page as string);
    if (!page) throw new Error(`the compiled code has a page ${v.$page as string} this build has not`);
    return page;
  }
  return Object.fromEntries(Object.entries(v.$obj as Record<string, unknown>).map(([k, x]) => [k, decode(x, pages)]));
}

// Build state that is only Rollup's output objects (used when Astro builds a server, not a static site).
const LEFT_OUT = new Set(['ssrEntryChunk', 'manifestEntryChunk', 'prerenderOnlyChunks']);

function encodeState(internals: Record<string, unknown>, ssrOutputChunkNames: string[]): unknown {
  const pages = new Map<object, string>();
  for (const [key, page] of internals.pagesByKeys as Map<string, object>) pages.set(page, key);
  const fields = Object.fromEntries(Object.entries(internals).filter(([k]) => !LEFT_OUT.has(k)));
  // What the Vite builds added to each page's data (its styles, its module).
  const pageData = Object.fromEntries(
    [...pages].map(([page, key]) => [
      key,
      encode(Object.fromEntries(Object.entries(page).filter(([k]) => k !== 'route' && k !== 'component' && k !== 'key')), new Map()),
    ]),
  );
  return { internals: encode(fields, pages), pageData, ssrOutputChunkNames };
}

function decodeState(
  state: any,
  allPages: Record<string, Record<string, unknown>>,
  fresh: Record<string, unknown>,
): { internals: Record<string, unknown>; ssrOutputChunkNames: string[] } {
  const pages = new Map<string, object>();
  for (const page of Object.values(allPages)) {
    const recorded = state.pageData[page.key as string];
    if (!recorded) throw new Error(`the compiled code has no page ${page.key as string}`);
    Object.assign(page, decode(recorded, new Map()));
    pages.set(page.key as string, page);
  }
  const fields = decode(state.internals, pages) as Record<string, unknown>;
  return { internals: { ...fresh, ...fields }, ssrOutputChunkNames: state.ssrOutputChunkNames as string[] };
}

/** Why the live site's browser bundle cannot stand for these sources' (null: it can). */
function clientBundleMismatch(record: ClientBundleRecord | null, root: string, site: string | undefined, liveSite: string, state: any) {
  if (!record) return 'the live site has no browser bundle record';
  const mismatch = recordMismatch(record, record.fingerprint.inputs, buildSettingsKey(root, site));
  if (mismatch) return mismatch;
  // Every browser file the compiled pages link to is in the live site.
  const entries = (state.internals.$obj.entrySpecifierToBundleMap.$map as [string, string][]).map(([, file]) => file);
  const missing = entries.find((file) => typeof file === 'string' && file.startsWith('_astro/') && !fs.existsSync(join(liveSite, file)));
  return missing ? `the live site lacks ${missing}` : null;
}

/**
 * A full build's output folder made from the entry a full build of the same sources kept whole: its
 * compiled server code, its browser bundle and that bundle's record (checked against the sources as a
 * replay checks it). Anything missing or changed: the build compiles.
 */
function restoreWhole(
  cacheDir: string,
  whole: ServerCodeFingerprint,
  root: string,
  site: string | undefined,
  outDir: string,
  recordFile: string | undefined,
  allPages: Record<string, Record<string, unknown>>,
  createBuildInternals: () => Record<string, unknown>,
): { built: { internals: Record<string, unknown>; ssrOutputChunkNames: string[] }; dir: string } | { missing: string } {
  // The same checks as any entry's (every source's hash).
  const found = findServerCode(cacheDir, whole);
  if ('missing' in found) return found;
  if (!recordFile) return { missing: 'no browser bundle record to write' };
  const record = readClientBundleRecord(join(found.dir, 'client', relative(outDir, recordFile)));
  if (!record) return { missing: 'the kept full build has no browser bundle record' };
  const mismatch = recordMismatch(record, record.fingerprint.inputs, buildSettingsKey(root, site));
  if (mismatch) return { missing: `browser bundle: ${mismatch}` };
  if (!found.entry.clientOutputs?.length) return { missing: 'the kept entry has no browser bundle' };
  try {
    fs.mkdirSync(outDir, { recursive: true });
    restoreServerCode(found, outDir, true);
    return { built: decodeState(found.entry.state, allPages, createBuildInternals()), dir: found.dir };
  } catch (err) {
    return { missing: `the kept full build could not be restored (${(err as Error).message})` };
  }
}

/** The browser bundle the pages link to, as the server code cache keys it: its file names. */
const bundleId = (record: ClientBundleRecord | null): string =>
  record
    ? record.outputs
        .map((o) => o.fileName)
        .sort()
        .join('\n')
    : '';

export const takeServerCodeOutcome = (): ServerCodeOutcome | undefined => {
  const outcome = (globalThis as WithOutcome)[OUTCOME_KEY];
  delete (globalThis as WithOutcome)[OUTCOME_KEY];
  return outcome;
};

/** Astro's `build(inlineConfig)`, reusing or saving the compiled server code (see above). */
export async function buildWithServerCode(inlineConfig: Record<string, any>, opts: ServerCodeOptions): Promise<void> {
  const [
    { resolveConfig },
    { createNodeLogger },
    { createSettings },
    hooks,
    { createDevelopmentManifest },
    { createRoutesList },
    { createVite },
    { syncInternal },
    { collectPagesData },
    { viteBuild, staticBuild },
    { createBuildInternals },
    encryption,
    { ensureProcessNodeEnv },
    { apply: applyPolyfill },
  ] = await Promise.all([
    astroModule<Any>('dist/core/config/config.js'),
    astroModule<Any>('dist/core/config/logging.js'),
    astroModule<Any>('dist/core/config/settings.js'),
    astroModule<Any>('dist/integrations/hooks.js'),
    astroModule<Any>('dist/vite-plugin-astro-server/plugin.js'),
    astroModule<Any>('dist/core/routing/index.js'),
    astroModule<Any>('dist/core/create-vite.js'),
    astroModule<Any>('dist/core/sync/index.js'),
    astroModule<Any>('dist/core/build/page-data.js'),
    astroModule<Any>('dist/core/build/static-build.js'),
    astroModule<Any>('dist/core/build/internal.js'),
    astroModule<Any>('dist/core/encryption.js'),
    astroModule<Any>('dist/core/util.js'),
    astroModule<Any>('dist/core/polyfill.js'),
  ]);
  delete (globalThis as WithOutcome)[OUTCOME_KEY];
  ensureProcessNodeEnv('production');
  applyPolyfill();
  const logger = createNodeLogger(inlineConfig);
  const { astroConfig } = await resolveConfig(inlineConfig, 'build');
  const root = fileURLToPath(astroConfig.root);
  let settings = await createSettings(astroConfig, root);
  settings = await hooks.runHookConfigSetup({ settings, command: 'build', logger });
  const devManifest = createDevelopmentManifest(settings);
  const routesList = await createRoutesList({ settings }, logger);
  await hooks.runHookConfigDone({ settings, logger, command: 'build' });
  const viteConfig = await createVite(
    { server: { hmr: false, middlewareMode: true } },
    { settings, logger, mode: 'production', command: 'build', sync: false, routesList, manifest: devManifest },
  );
  await syncInternal({ mode: 'production', settings, logger, fs, routesList, command: 'build', manifest: devManifest });
  await hooks.runHookBuildStart({ config: settings.config, logger });
  const { assets, allPages } = collectPagesData({ settings, logger, manifest: routesList });
  const site: string | undefined = settings.config.site;
  const buildOpts = {
    allPages,
    settings,
    logger,
    routesList,
    runtimeMode: 'production',
    origin: site ? new URL(site).origin : `http://localhost:${settings.config.server.port}`,
    pageNames: [] as string[],
    teardownCompiler: true,
    viteConfig,
    key: encryption.hasEnvironmentKey() ? encryption.getEnvironmentKey() : encryption.createKey(),
  };
  const outDir = fileURLToPath(settings.config.outDir);
  const cacheDir = serverCodeCacheDir(root);
  // The browser bundle the pages will link to: the live site's (reused or replayed), else none known yet.
  const liveRecord = opts.clientBundleFrom ? readClientBundleRecord(join(opts.clientBundleFrom, '.qateh-client-bundle.json')) : null;
  let fingerprint: ServerCodeFingerprint = serverCodeFingerprint(root, site ?? '', bundleId(liveRecord));

  let built: { internals: Record<string, unknown>; ssrOutputChunkNames: string[] } | null = null;
  let why = 'no live site to take the browser bundle from';
  // Keyed with no browser bundle: a full build has none to match yet.
  const wholeFingerprint = opts.whole ? serverCodeFingerprint(root, site ?? '', '') : undefined;
  if (wholeFingerprint && !opts.clientBundleFrom) {
    const restored = restoreWhole(cacheDir, wholeFingerprint, root, site, outDir, opts.clientBundleSave, allPages, createBuildInternals);
    if ('missing' in restored) why = restored.missing;
    else {
      built = restored.built;
      setClientBundleOutcome({ mode: 'replayed' });
      (globalThis as WithOutcome)[OUTCOME_KEY] = { mode: 'reused', entry: restored.dir };
    }
  }
  if (opts.clientBundleFrom) {
    const found = findServerCode(cacheDir, fingerprint);
    if ('missing' in found) why = found.missing;
    else {
      const mismatch = clientBundleMismatch(liveRecord, root, site, opts.clientBundleFrom, found.entry.state);
      if (mismatch) why = `browser bundle: ${mismatch}`;
      else {
        try {
          fs.mkdirSync(outDir, { recursive: true });
          restoreServerCode(found, outDir);
          built = decodeState(found.entry.state, allPages, createBuildInternals());
          // The live site's recorded browser bundle stands, as a replay would have used it.
          setClientBundleOutcome({ mode: 'replayed' });
          (globalThis as WithOutcome)[OUTCOME_KEY] = { mode: 'reused', entry: found.dir };
        } catch (err) {
          why = `the compiled code could not be restored (${(err as Error).message})`;
          built = null;
        }
      }
    }
  }
  if (!built) {
    built = (await viteBuild(buildOpts)) as { internals: Record<string, unknown>; ssrOutputChunkNames: string[] };
    // Browser files are not server code: the live site holds them, and a build that bundled lists them in its record.
    const client = peekClientBundleOutcome();
    const record = opts.clientBundleSave && client?.mode === 'built' && client.saved ? readClientBundleRecord(opts.clientBundleSave) : null;
    let saved = false;
    if (client?.mode === 'replayed' || record) {
      // Saved under the bundle the pages link to: the one this build made, or the live one it replayed.
      if (record) fingerprint = serverCodeFingerprint(root, site ?? '', bundleId(record));
      const exclude = new Set<string>(record ? record.outputs.map((o) => o.fileName) : []);
      if (opts.clientBundleSave) exclude.add(relative(outDir, opts.clientBundleSave));
      saved = saveServerCode(
        cacheDir,
        fingerprint,
        outDir,
        exclude,
        encodeState(built.internals, built.ssrOutputChunkNames),
        // Only a build that made its bundle has it to keep.
        record ? wholeFingerprint : undefined,
      );
    }
    (globalThis as WithOutcome)[OUTCOME_KEY] = { mode: 'compiled', saved, why, entry: join(cacheDir, serverCodeKey(fingerprint)) };
  }
  // Routes left out generate nothing (after saving: the cache holds every page's code).
  if (opts.onlyPages) {
    const pages = built.internals.pagesByKeys as Map<string, { component: string }>;
    for (const [key, page] of pages) if (!opts.onlyPages.has(page.component)) pages.delete(key);
  }
  await staticBuild(buildOpts, built.internals, built.ssrOutputChunkNames);
  for (const [file, text] of Object.entries(assets as Record<string, string | undefined>)) {
    if (!text) continue;
    fs.mkdirSync(dirname(file), { recursive: true });
    fs.writeFileSync(file, text, 'utf8');
  }
  await hooks.runHookBuildDone({
    settings,
    pages: buildOpts.pageNames,
    routes: Object.values(allPages as Record<string, { route: unknown }>).map((page) => page.route),
    logger,
  });
}
