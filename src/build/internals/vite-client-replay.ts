/**
 * Records the browser bundle of a build and replays it in a later partial build (the record and why:
 * src/build/client-bundle-record.ts). An Astro integration, because only `astro:build:setup` sees the
 * client build on its own:
 *
 * - record (QATEH_CLIENT_BUNDLE_SAVE names the file): before any plugin's generateBundle runs, the
 *   bundle and the module graph are written down.
 * - replay (QATEH_CLIENT_BUNDLE_REUSE names a record that matches the sources): every module of the
 *   recorded graph is loaded as a stand-in that only imports what the real module imported — Rollup
 *   then has next to nothing to parse, tree-shake or minify, yet every module has the importers
 *   Astro's CSS plugin walks — and, before any generateBundle, the stand-in output is swapped for the
 *   recorded one. Astro's plugins so read what they read in the real build; nothing is written, as
 *   the live site already has these files.
 *
 * Whichever happened is left in a global for the build to report (Astro loads this file through its
 * own config loader, so a module variable would not be the one src/build/astro-render.ts imports).
 */
import type { AstroIntegration, ViteUserConfig } from 'astro';
import { fileURLToPath } from 'node:url';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rollup';
import {
  buildSettingsKey,
  newRecord,
  readClientBundleRecord,
  recordMismatch,
  writeClientBundleRecord,
  type ClientBundleRecord,
  type RecordedModule,
  type RecordedOutput,
} from '../client-bundle-record';

// Astro's own Vite, which may be another version than the project's.
type Plugin = Extract<NonNullable<ViteUserConfig['plugins']>[number], { name: string }>;

export type ClientBundleOutcome = { mode: 'built'; saved: boolean; why: string } | { mode: 'replayed' };
const OUTCOME_KEY = '__qatehClientBundle';
type WithOutcome = typeof globalThis & { [OUTCOME_KEY]?: ClientBundleOutcome };

export const takeClientBundleOutcome = (): ClientBundleOutcome | undefined => {
  const outcome = (globalThis as WithOutcome)[OUTCOME_KEY];
  delete (globalThis as WithOutcome)[OUTCOME_KEY];
  return outcome;
};
const setOutcome = (outcome: ClientBundleOutcome) => {
  (globalThis as WithOutcome)[OUTCOME_KEY] = outcome;
};
/** For a build that used the live site's recorded bundle without a client build (src/build/internals/astro-build-driver.ts). */
export const setClientBundleOutcome = setOutcome;
export const peekClientBundleOutcome = (): ClientBundleOutcome | undefined => (globalThis as WithOutcome)[OUTCOME_KEY];

const CHUNK_KEYS = [
  'code',
  'dynamicImports',
  'exports',
  'facadeModuleId',
  'fileName',
  'implicitlyLoadedBefore',
  'importedBindings',
  'imports',
  'isDynamicEntry',
  'isEntry',
  'isImplicitEntry',
  'moduleIds',
  'name',
  'preliminaryFileName',
  'referencedFiles',
  'sourcemapFileName',
  'type',
];
const ASSET_KEYS = ['fileName', 'name', 'names', 'originalFileName', 'originalFileNames', 'needsCodeReference', 'type'];
// Module ids whose stand-in must be valid for Vite's style and JSON transforms, not JavaScript.
const STYLE_ID = /\.(css|less|sass|scss|styl|stylus|pcss|postcss|sss)(?:$|\?)/;
const JSON_ID = /\.json(?:$|\?)/;

function pick(from: object, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (k in from) out[k] = (from as Record<string, unknown>)[k];
  return out;
}

function recordOutput(o: OutputChunk | OutputAsset): RecordedOutput {
  if (o.type === 'asset') {
    const source = typeof o.source === 'string' ? o.source : { base64: Buffer.from(o.source).toString('base64') };
    return { ...pick(o, ASSET_KEYS), source } as unknown as RecordedOutput;
  }
  const modules = Object.fromEntries(
    Object.entries(o.modules).map(([id, m]) => [
      id,
      {
        renderedExports: m.renderedExports,
        removedExports: m.removedExports,
        renderedLength: m.renderedLength,
        originalLength: m.originalLength,
      },
    ]),
  );
  const meta = (o as OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata;
  const viteMetadata = meta && { importedCss: [...meta.importedCss], importedAssets: [...meta.importedAssets] };
  return { ...pick(o, CHUNK_KEYS), map: null, modules, viteMetadata } as unknown as RecordedOutput;
}

function replayOutput(r: RecordedOutput): OutputChunk | OutputAsset {
  if (r.type === 'asset') {
    const source = typeof r.source === 'string' ? r.source : new Uint8Array(Buffer.from((r.source as { base64: string }).base64, 'base64'));
    return { ...r, source } as unknown as OutputAsset;
  }
  const modules = Object.fromEntries(Object.entries(r.modules as Record<string, object>).map(([id, m]) => [id, { ...m, code: null }]));
  const meta = r.viteMetadata as { importedCss: string[]; importedAssets: string[] } | undefined;
  const viteMetadata = meta && { importedCss: new Set(meta.importedCss), importedAssets: new Set(meta.importedAssets) };
  return { ...r, modules, viteMetadata } as unknown as OutputChunk;
}

function plainMeta(meta: unknown): Record<string, unknown> | null {
  try {
    return JSON.parse(JSON.stringify(meta ?? {})) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function standIn(m: RecordedModule): string {
  if (STYLE_ID.test(m.id)) return '';
  if (JSON_ID.test(m.id)) return '{}';
  return [
    ...m.imports.map((id) => `import ${JSON.stringify(id)};`),
    ...m.dynamicImports.map((id) => `import(${JSON.stringify(id)});`),
  ].join('\n');
}

/** Writes the bundle down as the real build made it. */
function recordPlugin(file: string, inputs: string[], settings: string): Plugin {
  return {
    name: 'qateh:client-bundle-record',
    enforce: 'pre',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle: OutputBundle) {
        const modules: RecordedModule[] = [];
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (!info) continue;
          const m: RecordedModule = {
            id,
            imports: [...info.importedIds],
            dynamicImports: [...info.dynamicallyImportedIds],
            external: info.isExternal,
            meta: plainMeta(info.meta),
          };
          // A style or JSON module cannot import anything in a stand-in: such a graph is not replayable.
          if ((STYLE_ID.test(id) || JSON_ID.test(id)) && m.imports.length + m.dynamicImports.length > 0) {
            setOutcome({ mode: 'built', saved: false, why: `${id} imports other modules` });
            return;
          }
          modules.push(m);
        }
        writeClientBundleRecord(file, newRecord(inputs, settings, modules, Object.values(bundle).map(recordOutput)));
        setOutcome({ mode: 'built', saved: true, why: 'recorded' });
      },
    },
  };
}

/** Stands in for every recorded module, then hands Astro the recorded bundle. */
function replayPlugin(record: ClientBundleRecord): Plugin {
  const modules = new Map(record.modules.map((m) => [m.id, m]));
  return {
    name: 'qateh:client-bundle-replay',
    enforce: 'pre',
    resolveId(source) {
      const m = modules.get(source);
      if (!m) return null;
      return m.external ? { id: source, external: true } : source;
    },
    load(id) {
      const m = modules.get(id);
      if (!m || m.external) return null;
      return { code: standIn(m), map: null, ...(m.meta ? { meta: m.meta } : {}) };
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle: OutputBundle) {
        for (const key of Object.keys(bundle)) delete bundle[key];
        for (const r of record.outputs) bundle[r.fileName] = replayOutput(r);
      },
    },
  };
}

export function clientBundleReplay(): AstroIntegration {
  let root = process.cwd();
  let site: string | undefined;
  return {
    name: 'qateh:client-bundle-replay',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        site = config.site;
      },
      'astro:build:setup': ({ target, vite, updateConfig }) => {
        if (target !== 'client') return;
        const save = process.env.QATEH_CLIENT_BUNDLE_SAVE || undefined;
        const reuse = process.env.QATEH_CLIENT_BUNDLE_REUSE || undefined;
        if (!save && !reuse) return;
        const input = vite.build?.rollupOptions?.input;
        const inputs = (Array.isArray(input) ? input : typeof input === 'string' ? [input] : Object.values(input ?? {})).map(String);
        const settings = buildSettingsKey(root, site);
        let why = 'no record to reuse';
        if (reuse) {
          const record = readClientBundleRecord(reuse);
          const mismatch = record ? recordMismatch(record, inputs, settings) : 'no readable record';
          if (record && !mismatch) {
            // Said now: should the replay trip the build, the caller knows to bundle for real.
            setOutcome({ mode: 'replayed' });
            updateConfig({
              plugins: [replayPlugin(record)],
              // Stand-ins need no minifying, and the live site already holds the real files.
              build: { write: false, minify: false, rollupOptions: { onwarn: () => {}, shimMissingExports: true } },
            });
            return;
          }
          why = mismatch!;
        }
        setOutcome({ mode: 'built', saved: false, why });
        if (save) updateConfig({ plugins: [recordPlugin(save, inputs, settings)] });
      },
    },
  };
}
