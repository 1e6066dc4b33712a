import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeInBackground, removeLeftovers, replaceFolder } from './replace-files';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function folderWith(parent: string, name: string, files: Record<string, string>): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qateh-replace-'));
  dirs.push(dir);
  return dir;
}

async function until(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  return check();
}

describe('replacing a site folder', () => {
  it('puts the new folder in place and deletes the old one before returning, by default', () => {
    const base = scratch();
    const site = folderWith(base, 'site', { 'index.html': 'old' });
    const next = folderWith(base, 'next', { 'index.html': 'new' });
    replaceFolder(next, site);
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toBe('new');
    expect(readdirSync(base)).toEqual(['site']);
  });

  it('can leave the old folder to a background removal: the new one is in place at once, the old one goes soon after', async () => {
    const base = scratch();
    const site = folderWith(base, 'site', Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`p${i}.html`, 'old'])));
    const next = folderWith(base, 'next', { 'index.html': 'new' });
    replaceFolder(next, site, removeInBackground);
    expect(readdirSync(site)).toEqual(['index.html']);
    expect(await until(() => readdirSync(base).length === 1)).toBe(true);
    expect(readdirSync(base)).toEqual(['site']);
  });

  it('clears old copies a cut-short removal left beside the site, and nothing else', async () => {
    const base = scratch();
    folderWith(base, 'site', { 'index.html': 'live' });
    folderWith(base, 'site.old-123-1700000000000', { 'index.html': 'stale' });
    folderWith(base, 'site-backup', { 'index.html': 'kept' });
    folderWith(base, 'other.old-1-2', { 'index.html': 'kept' });
    removeLeftovers(join(base, 'site'));
    expect(await until(() => !existsSync(join(base, 'site.old-123-1700000000000')))).toBe(true);
    expect(readdirSync(base).sort()).toEqual(['other.old-1-2', 'site', 'site-backup']);
  });
});
