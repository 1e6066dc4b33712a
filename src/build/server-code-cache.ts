/**
 * The compiled server code of the pages, kept between builds. Compiling every page and component
 * with Vite took ~9 s of a ~22 s partial rebuild, and its result depends only on the sources, the
 * build settings and the installed packages, never on the catalogue: a rebuild whose code is the
 * same as an earlier build's renders from that build's compiled code instead
 * (src/build/internals/astro-build-driver.ts takes it out of and puts it back into Astro's build).
 *
 * An entry lives in a folder named by the code key (a hash of every source file, the Astro config,
 * the package lock, the public environment, the site address and the project folder): any change to
 * those names another folder, so a new deploy compiles again and a stale entry is never found. The
 * entry also lists the content hash of each of those files, checked again before use. Entries are
 * written aside and renamed into place whole: several processes (the test files' forks, the running
 * shop's rebuild thread beside a build) may build at once and share them.
 *
 * A full build that bundled the browser code also keeps an entry keyed without a bundle, holding that
 * bundle too (under `client/`): a later full build of the same sources and settings, which has no live
 * site to take a bundle from, takes both and runs no Vite build at all (a test run builds the same small shop in several files; a restart under another
 * configuration builds every page again from the same code).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeFileWhole } from './replace-files';

/** Bumped whenever an entry's shape or what the driver restores from it changes. */
const FORMAT = 2;
/** Entries kept besides the one just written (older code of earlier deploys, other worktrees' settings). */
const KEEP = 4;
/** An entry used within this time is never pruned: another process may be copying it now. */
const IN_USE_MS = 10 * 60 * 1000;

/** What the compiled code is made from: folders walked whole (test files excepted) and single files. */
const SOURCE_FOLDERS = ['src', 'locales', 'public'];
const SOURCE_FILES = ['astro.config.mjs', 'package-lock.json', 'package.json', 'tsconfig.json'];

export interface ServerCodeFingerprint {
  /** Every source file (relative to the project) and its content hash. */
  files: Record<string, string>;
  /** Everything else that shapes the compiled code (format, public environment, site, project folder). */
  settings: string;
}

const sha1 = (data: string | Buffer): string => createHash('sha1').update(data).digest('base64url');

function walk(root: string, dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(root, full, out);
    // Tests never reach the pages' code.
    else if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name)) out.push(relative(root, full));
  }
}

/** The fingerprint of the code a build of the project in `root` for `site`, beside browser bundle `clientBundle`, compiles now. */
export function serverCodeFingerprint(root: string, site: string, clientBundle = ''): ServerCodeFingerprint {
  const paths: string[] = [];
  for (const folder of SOURCE_FOLDERS) walk(root, join(root, folder), paths);
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) paths.push(file);
  const files: Record<string, string> = {};
  for (const path of paths.sort()) files[path] = sha1(readFileSync(join(root, path)));
  // Vite bakes PUBLIC_ variables into the code; compiled modules name files by absolute path.
  const publicEnv = Object.entries(process.env)
    .filter(([k]) => k.startsWith('PUBLIC_'))
    .sort(([a], [b]) => a.localeCompare(b));
  // `clientBundle`: the browser bundle's file names the compiled pages link to (two bundlings of the
  // same sources may name chunks differently: each gets its own entry).
  return { files, settings: sha1(JSON.stringify([FORMAT, publicEnv, site, root, clientBundle])) };
}

/** The folder name of the entry for a fingerprint. */
export function serverCodeKey(fingerprint: ServerCodeFingerprint): string {
  return sha1(JSON.stringify([fingerprint.settings, fingerprint.files]));
}

/** Why an entry recorded for `recorded` cannot stand for code fingerprinted `now`; null when it can. */
export function fingerprintMismatch(recorded: ServerCodeFingerprint, now: ServerCodeFingerprint): string | null {
  if (recorded.settings !== now.settings) return 'the build settings changed';
  for (const [path, hash] of Object.entries(now.files)) if (recorded.files[path] !== hash) return `${path} changed`;
  for (const path of Object.keys(recorded.files)) if (!(path in now.files)) return `${path} was removed`;
  return null;
}

/** One entry: the files Vite's builds left in the output folder, and what Astro learnt making them. */
export interface ServerCodeEntry {
  format: number;
  fingerprint: ServerCodeFingerprint;
  /** Astro's build state after its Vite builds, encoded (src/build/internals/astro-build-driver.ts). */
  state: unknown;
  /** The output folder's files, relative to it (copied under `files/`). */
  outputs: string[];
  /** The browser bundle's files and its record, relative to the output folder (copied under `client/`), kept by full builds. */
  clientOutputs?: string[];
}

export const serverCodeCacheDir = (root: string): string => join(root, 'node_modules', '.cache', 'qateh-site', 'server-code');

/** The entry for `fingerprint`, with the folder its files are in; null when there is none (or it is unreadable). */
export function findServerCode(
  cacheDir: string,
  fingerprint: ServerCodeFingerprint,
): { entry: ServerCodeEntry; filesDir: string; dir: string } | { missing: string } {
  const dir = join(cacheDir, serverCodeKey(fingerprint));
  if (!existsSync(join(dir, 'entry.json'))) return { missing: 'no compiled code for these sources yet' };
  let entry: ServerCodeEntry;
  try {
    entry = JSON.parse(readFileSync(join(dir, 'entry.json'), 'utf8')) as ServerCodeEntry;
  } catch {
    return { missing: 'the compiled code entry is unreadable' };
  }
  if (entry.format !== FORMAT) return { missing: 'compiled code recorded by another version of the build' };
  const mismatch = fingerprintMismatch(entry.fingerprint, fingerprint);
  if (mismatch) {
    // Under its key yet not matching: damaged. Moved aside at once (a rename), so that the build
    // compiling now can put a good entry there.
    dropEntry(cacheDir, dir);
    return { missing: mismatch };
  }
  // Marks it used (pruning keeps what was used lately).
  const now = new Date();
  try {
    utimesSync(join(dir, 'entry.json'), now, now);
  } catch {
    // Read-only cache: still usable.
  }
  return { entry, filesDir: join(dir, 'files'), dir };
}

function dropEntry(cacheDir: string, dir: string): void {
  const aside = join(cacheDir, `.drop-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    renameSync(dir, aside);
    rmSync(aside, { recursive: true, force: true });
  } catch {
    // Another process dropped or replaced it first.
  }
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string, base = dir, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, base, out);
    else if (entry.isFile()) out.push(relative(base, full));
  }
  return out;
}

/**
 * Saves the output folder's files (all but `exclude`) and `state` as the entry of `fingerprint`,
 * whole or not at all: written in a folder of its own, renamed into place. Returns false when another
 * process saved it first or the cache cannot be written (the build goes on either way).
 */
const isBrowserScript = (file: string): boolean => /^_astro\/[^/]+\.m?js$/.test(file);

export function saveServerCode(
  cacheDir: string,
  fingerprint: ServerCodeFingerprint,
  outDir: string,
  exclude: ReadonlySet<string>,
  state: unknown,
  /** A full build's fingerprint without bundle: an entry of its own keeps the browser files too, for the next full build. */
  whole?: ServerCodeFingerprint,
): boolean {
  let all: string[];
  try {
    all = filesUnder(outDir);
  } catch {
    return false;
  }
  // Browser scripts (a bundle's chunks, the captcha's web worker) are the live site's, never restored over it.
  const outputs = all.filter((f) => !exclude.has(f) && !isBrowserScript(f));
  const saved = writeEntry(cacheDir, outDir, { format: FORMAT, fingerprint, state, outputs });
  // An entry of its own, not this one: a rebuild that compiles anew replaces this one, without browser files.
  if (whole) {
    const clientOutputs = all.filter((f) => exclude.has(f) || isBrowserScript(f));
    writeEntry(cacheDir, outDir, { format: FORMAT, fingerprint: whole, state, outputs, clientOutputs });
  }
  return saved;
}

/** Writes `entry` with its files from `outDir`, whole or not at all; false when it exists or cannot be written. */
function writeEntry(cacheDir: string, outDir: string, entry: ServerCodeEntry): boolean {
  const dir = join(cacheDir, serverCodeKey(entry.fingerprint));
  if (existsSync(dir)) return false;
  let tmp: string | null = null;
  try {
    mkdirSync(cacheDir, { recursive: true });
    tmp = mkdtempSync(join(cacheDir, '.tmp-'));
    // Copies, not hard links: the built site's files (the bundle record among them) may later be written in place.
    for (const file of entry.outputs) cpSync(join(outDir, file), join(tmp, 'files', file));
    for (const file of entry.clientOutputs ?? []) cpSync(join(outDir, file), join(tmp, 'client', file));
    writeFileWhole(join(tmp, 'entry.json'), JSON.stringify(entry));
    renameSync(tmp, dir);
    tmp = null;
    pruneServerCode(cacheDir, dir);
    return true;
  } catch {
    return false;
  } finally {
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }
}

/** Drops all but the most recently used entries, never one used in the last minutes. */
function pruneServerCode(cacheDir: string, keep: string): void {
  const now = Date.now();
  const entries = readdirSync(cacheDir)
    .map((name) => join(cacheDir, name))
    .filter((dir) => dir !== keep && existsSync(join(dir, 'entry.json')))
    .map((dir) => ({ dir, used: statSync(join(dir, 'entry.json')).mtimeMs }))
    .sort((a, b) => b.used - a.used);
  for (const { dir, used } of entries.slice(KEEP)) if (now - used > IN_USE_MS) dropEntry(cacheDir, dir);
  // Folders of writers that died before their rename.
  for (const name of readdirSync(cacheDir)) {
    if (!name.startsWith('.tmp-') && !name.startsWith('.drop-')) continue;
    const dir = join(cacheDir, name);
    try {
      if (now - statSync(dir).mtimeMs > IN_USE_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}

/** Puts an entry's files into the output folder of the build about to render from them (`client`: its browser bundle too). */
export function restoreServerCode(found: { entry: ServerCodeEntry; filesDir: string; dir?: string }, outDir: string, client = false): void {
  for (const file of found.entry.outputs) cpSync(join(found.filesDir, file), join(outDir, file));
  if (client) for (const file of found.entry.clientOutputs ?? []) cpSync(join(found.dir!, 'client', file), join(outDir, file));
}
