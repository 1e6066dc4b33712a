/**
 * Replacing files and folders of a site that may be served (or read by a rebuild) meanwhile: the new
 * version is written beside the old one and renamed over it, so a reader gets the old or the new,
 * never half of one, and a crash leaves the old one in place.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

const aside = (path: string) => `${path}.${process.pid}.new`;

export function writeFileReplacing(file: string, data: string | Uint8Array): void {
  writeFileSync(aside(file), data);
  renameSync(aside(file), file);
}

/**
 * Like writeFileReplacing, for files several writers may write at once (a page rendered on request by
 * two requests or two instances): each writes beside it under a name of its own, and the last rename wins.
 */
export function writeFileWhole(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const own = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(own, data);
    renameSync(own, file);
  } finally {
    rmSync(own, { force: true });
  }
}

export function copyFileReplacing(from: string, to: string): void {
  copyFileSync(from, aside(to));
  renameSync(aside(to), to);
}

const removeNow = (path: string) => rmSync(path, { recursive: true, force: true });

/** Where replaceFolder puts the folder it replaces, beside it: `<current>.old-<pid>-<time>`. */
const oldMark = (current: string) => `${basename(current)}.old-`;

/**
 * Puts the folder `next` where `current` is (if anywhere), by two renames; a copy when they lie on
 * different file systems. The replaced folder is then handed to `dropOld` (removed at once by default).
 */
export function replaceFolder(next: string, current: string, dropOld: (old: string) => void = removeNow): void {
  const old = join(dirname(current), `${oldMark(current)}${process.pid}-${Date.now()}`);
  const had = existsSync(current);
  if (had) renameSync(current, old);
  try {
    renameSync(next, current);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') {
      if (had) renameSync(old, current);
      throw err;
    }
    cpSync(next, current, { recursive: true });
    rmSync(next, { recursive: true, force: true });
  }
  if (had) dropOld(old);
}

/**
 * Removes a folder nobody reads any more without waiting for it: a detached `rm -rf` that goes on if
 * this process exits first. Replacing a 100k-product site leaves ~300k old files, half a minute of
 * deleting that the new site need not wait for.
 */
export function removeInBackground(path: string): void {
  if (process.platform === 'win32') return removeNow(path);
  const rm = spawn('rm', ['-rf', '--', path], { detached: true, stdio: 'ignore' });
  rm.on('error', () => removeNow(path));
  rm.unref();
}

/** Old copies of `current` that replaceFolder left behind (a removal cut short), removed in the background. */
export function removeLeftovers(current: string): void {
  const parent = dirname(current);
  if (!existsSync(parent)) return;
  for (const name of readdirSync(parent)) if (name.startsWith(oldMark(current))) removeInBackground(join(parent, name));
}
