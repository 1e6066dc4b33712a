import fs from 'node:fs';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withSyncFileWrites } from './sync-page-writes';

const dir = mkdtempSync(join(tmpdir(), 'qateh-sync-writes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('page writes during a build', () => {
  it('write pages and folders as Astro asks, and fail the way the promise calls fail', async () => {
    const before = { mkdir: fs.promises.mkdir, writeFile: fs.promises.writeFile };
    await withSyncFileWrites(async () => {
      expect(fs.promises.writeFile).not.toBe(before.writeFile);
      await fs.promises.mkdir(join(dir, 'shop', 'products', 'lm358'), { recursive: true });
      await fs.promises.writeFile(join(dir, 'shop', 'products', 'lm358', 'index.html'), new TextEncoder().encode('<h1>LM358</h1>'));
      await fs.promises.writeFile(join(dir, 'note.txt'), 'آی‌سی', 'utf8');
      // A missing folder is a rejected promise, not an exception thrown at the caller.
      const missing = fs.promises.writeFile(join(dir, 'no-such-folder', 'index.html'), 'x');
      await expect(missing).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(fs.promises.mkdir(join(dir, 'note.txt', 'x'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    });
    expect(readFileSync(join(dir, 'shop', 'products', 'lm358', 'index.html'), 'utf8')).toBe('<h1>LM358</h1>');
    expect(readFileSync(join(dir, 'note.txt'), 'utf8')).toBe('آی‌سی');
    // Outside a build the originals are back.
    expect(fs.promises.mkdir).toBe(before.mkdir);
    expect(fs.promises.writeFile).toBe(before.writeFile);
  });

  it('keep the sync calls until the last of two overlapping builds ends', async () => {
    const original = fs.promises.writeFile;
    let release!: () => void;
    const first = withSyncFileWrites(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    await withSyncFileWrites(async () => {});
    expect(fs.promises.writeFile).not.toBe(original);
    release();
    await first;
    expect(fs.promises.writeFile).toBe(original);
  });
});
