/**
 * Every place the build reaches into Astro's or Node's internals, in one list. Each patch saves
 * build time by relying on how Astro (or Node) works inside today; none is needed for a correct site.
 * When Astro changes, a patch may no longer apply: `stillApplies` says so, and
 * src/build/internals/internals.test.ts fails instead of the build silently losing the speed-up (or,
 * worse, the patch doing something else). A plain Astro build without any of them:
 * QATEH_PLAIN_BUILD=1 (src/build/internals/plain-build.ts).
 *
 * Astro and Vite are pinned exactly in package.json (`astro`, and Astro's own Vite through
 * `overrides`): upgrading either means running that test, and fixing or dropping what it names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { RENDER_SESSION_RELIES_ON } from './render-session';
import { BUILD_DRIVER_RELIES_ON } from './astro-build-driver';

export interface BuildPatch {
  /** The file holding the patch. */
  file: string;
  /** What it saves, measured when it was written. */
  saves: string;
  /** The Astro version the patch was written for (and last checked against). */
  astro: string;
  /** null when the internals it relies on are still there; otherwise what changed. */
  stillApplies(): string | null;
}

const require = createRequire(import.meta.url);
const astroDir = dirname(require.resolve('astro/package.json'));
const astroFile = (rel: string) => readFileSync(join(astroDir, rel), 'utf8');
const missing = (rel: string, text: string) => (astroFile(rel).includes(text) ? null : `${rel} no longer contains ${JSON.stringify(text)}`);

export const installedAstro = (): string => (JSON.parse(astroFile('package.json')) as { version: string }).version;

export const BUILD_PATCHES: Record<string, BuildPatch> = {
  quickUrlCheck: {
    file: 'src/build/internals/vite-quick-url-check.ts',
    saves: "a thrown URL parse per island props attribute: ~5% of a product page's rendering",
    astro: '5.18.2',
    // The plugin rewrites this exact expression of Astro's attribute renderer.
    stillApplies: () => missing('dist/runtime/server/render/util.js', 'value.includes("&") && isHttpUrl(value)'),
  },
  tagIslandRenderer: {
    file: 'src/build/internals/vite-tag-islands.ts',
    saves: 'the trial render of every island to find its renderer: every island was rendered twice (800k React renders at 100k products)',
    astro: '5.18.2',
    // The mark the plugin sets is the symbol Astro's component renderer reads before trying renderers.
    stillApplies: () =>
      missing('dist/runtime/server/render/common.js', 'Symbol.for("astro:renderer")') ??
      missing('dist/runtime/server/render/component.js', 'Component[Renderer]'),
  },
  clientBundleReplay: {
    file: 'src/build/internals/vite-client-replay.ts',
    saves: '~2 s of a ~7.5 s partial rebuild: the recorded browser bundle stands in for bundling again',
    astro: '5.18.2',
    // It hooks the client build through astro:build:setup's `target` and swaps Rollup's output.
    stillApplies: () =>
      missing('dist/integrations/hooks.js', 'hookName: "astro:build:setup"') ?? missing('dist/integrations/hooks.js', 'target,'),
  },
  syncPageWrites: {
    file: 'src/build/internals/sync-page-writes.ts',
    saves: 'a thread-pool round trip per page write: tens of seconds of CPU over 300k pages',
    astro: '5.18.2',
    // Only writes made through the fs.promises namespace at call time are taken over.
    stillApplies: () =>
      missing('dist/core/build/generate.js', 'await fs.promises.writeFile(outFile, body)') ??
      missing('dist/core/build/generate.js', 'await fs.promises.mkdir(outFolder, { recursive: true })'),
  },
  serverCodeReuse: {
    file: 'src/build/internals/astro-build-driver.ts',
    saves: "Astro/Vite compiling every page's server code in a partial rebuild whose sources are those of an earlier build (~9 s of ~22 s)",
    astro: '5.18.2',
    // It runs Astro's build steps itself to step around viteBuild, restoring the build state it returns.
    stillApplies: () => BUILD_DRIVER_RELIES_ON.map(([file, text]) => missing(file, text)).find((m) => m !== null) ?? null,
  },
  renderSession: {
    file: 'src/build/internals/render-session.ts',
    // Not a speed-up of the build: without it a product page not built yet could only be had from a
    // partial build (~7 s), so it is the one patch the running shop relies on (README "Storefront").
    saves: 'a partial Astro build per product page rendered on its first request: ~7 s against tens of milliseconds',
    astro: '5.18.2',
    stillApplies: () => RENDER_SESSION_RELIES_ON.map(([file, text]) => missing(file, text)).find((m) => m !== null) ?? null,
  },
};
