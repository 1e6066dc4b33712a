/**
 * Replacing files and folders of a site that may be served (or read by a rebuild) meanwhile: the new
 * version is written beside the old one and renamed over it, so a reader gets the old or the new,
 * never half of one, and a crash leaves the old one in place.
 */
import { copyFileSync, cpSync, existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const aside = (path: string) => `${path}.${process.pid}.new`;

export function writeFileReplacing(file: string, data: string | Uint8Array): void {
  writeFileSync(aside(file), data);
  renameSync(aside(file), file);
}

export function copyFileReplacing(from: string, to: string): void {
  copyFileSync(from, aside(to));
  renameSync(aside(to), to);
}

/** Puts the folder `next` where `current` is (if anywhere), by two renames; a copy when they lie on different file systems. */
export function replaceFolder(next: string, current: string): void {
  const old = `${current}.old-${process.pid}-${Date.now()}`;
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
  if (had) rmSync(old, { recursive: true, force: true });
}
