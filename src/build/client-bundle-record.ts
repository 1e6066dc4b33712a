/**
 * The browser bundle of a build, kept beside the site so that an incremental rebuild need not bundle
 * it again. The islands' code does not depend on the catalogue: a partial build that renders three
 * pages still spent ~2.8 s of its ~9 s in Vite's client build, producing files the live site already
 * has. The record holds what Astro's build plugins read from that bundle (every output chunk and
 * asset as they stand when the bundle is generated), the module graph they walk (which module
 * imports which), and a fingerprint of everything the bundle was made from; src/build/internals/vite-client-replay.ts
 * records it and replays it. A record whose fingerprint no longer matches is never used.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { writeFileReplacing } from './replace-files';

export const CLIENT_BUNDLE_FILE = '.qateh-client-bundle.json';
/** Bumped whenever the record's shape or the replay's assumptions change. */
const FORMAT = 1;

export interface RecordedModule {
  id: string;
  imports: string[];
  dynamicImports: string[];
  external: boolean;
  /** The module's plugin metadata (Astro reads `vite.cssScopeTo` from it); null when not plain data. */
  meta: Record<string, unknown> | null;
}

/** An output chunk or asset with its Sets and bytes made JSON. */
export type RecordedOutput = Record<string, unknown> & { type: 'chunk' | 'asset'; fileName: string };

export interface ClientBundleRecord {
  format: number;
  /** The bundle's inputs, the build settings and the content hash of every source file in its graph. */
  fingerprint: { inputs: string[]; settings: string; files: Record<string, string> };
  modules: RecordedModule[];
  outputs: RecordedOutput[];
}

const sha1 = (data: string | Buffer): string => createHash('sha1').update(data).digest('base64url');

/** The file a module id reads, when it is a file of the project or of a package. */
function sourceFileOf(id: string): string | null {
  if (id.startsWith('\0')) return null;
  const path = id.split('?')[0]!;
  return isAbsolute(path) && existsSync(path) ? path : null;
}

function hashFiles(paths: Iterable<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const path of paths) out[path] = sha1(readFileSync(path));
  return out;
}

/**
 * What else shapes the bundle besides its sources: the Astro config, the exact package versions
 * (Astro, Vite and Rollup among them), the public environment baked into browser code, and the site.
 */
export function buildSettingsKey(root: string, site: string | undefined): string {
  const read = (name: string) => (existsSync(join(root, name)) ? readFileSync(join(root, name), 'utf8') : '');
  const publicEnv = Object.entries(process.env)
    .filter(([k]) => k.startsWith('PUBLIC_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return sha1(JSON.stringify([FORMAT, read('astro.config.mjs'), read('package-lock.json'), publicEnv, site ?? '']));
}

/** Why the record cannot stand in for a client build of `inputs` now; null when it can. */
export function recordMismatch(record: ClientBundleRecord, inputs: string[], settings: string): string | null {
  if (record.format !== FORMAT) return 'recorded by another version of the build';
  if (JSON.stringify([...inputs].sort()) !== JSON.stringify(record.fingerprint.inputs))
    return 'the islands and scripts on the pages changed';
  if (record.fingerprint.settings !== settings) return 'the build settings or packages changed';
  for (const [path, hash] of Object.entries(record.fingerprint.files)) {
    if (!existsSync(path) || sha1(readFileSync(path)) !== hash) return `${path} changed`;
  }
  return null;
}

export function newRecord(inputs: string[], settings: string, modules: RecordedModule[], outputs: RecordedOutput[]): ClientBundleRecord {
  const files = new Set<string>();
  for (const m of modules) {
    const file = m.external ? null : sourceFileOf(m.id);
    if (file) files.add(file);
  }
  return { format: FORMAT, fingerprint: { inputs: [...inputs].sort(), settings, files: hashFiles([...files].sort()) }, modules, outputs };
}

export function readClientBundleRecord(file: string): ClientBundleRecord | null {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as ClientBundleRecord;
    return record.format === FORMAT && Array.isArray(record.modules) && Array.isArray(record.outputs) ? record : null;
  } catch {
    return null;
  }
}

export function writeClientBundleRecord(file: string, record: ClientBundleRecord): void {
  writeFileReplacing(file, JSON.stringify(record));
}
