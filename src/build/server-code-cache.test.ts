import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  findServerCode,
  restoreServerCode,
  saveServerCode,
  serverCodeFingerprint,
  serverCodeKey,
  type ServerCodeEntry,
} from './server-code-cache';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), text);
};
const key = (site = 'https://shop.example') => serverCodeKey(serverCodeFingerprint(root, site));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'qateh-code-key-'));
  write('src/site/pages/index.astro', '<h1>home</h1>');
  write('src/lib/money.ts', 'export const x = 1;');
  write('locales/fa.json', '{}');
  write('public/favicon.svg', '<svg/>');
  write('astro.config.mjs', 'export default {}');
  write('package-lock.json', '{"packages":{"node_modules/astro":{"version":"5.18.2"}}}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the key of the compiled server code', () => {
  it('is the same for the same sources, settings and packages', () => {
    expect(key()).toBe(key());
  });

  it.each([
    ['a page edited', 'src/site/pages/index.astro', '<h1>home!</h1>'],
    ['a page added', 'src/site/pages/about.astro', '<p/>'],
    ['a shared module edited', 'src/lib/money.ts', 'export const x = 2;'],
    ['an interface string edited', 'locales/fa.json', '{"a":1}'],
    ['a public file edited', 'public/favicon.svg', '<svg></svg>'],
    ['the Astro config changed', 'astro.config.mjs', 'export default { build: {} }'],
    ['a package upgraded (the lock file)', 'package-lock.json', '{"packages":{"node_modules/astro":{"version":"5.18.3"}}}'],
  ])('changes when %s', (_name, file, text) => {
    const before = key();
    write(file, text);
    expect(key()).not.toBe(before);
  });

  it('changes with the site address and the public environment, not with a test file', () => {
    const before = key();
    expect(key('https://other.example')).not.toBe(before);
    write('src/lib/money.test.ts', 'test');
    expect(key()).toBe(before);
    process.env.PUBLIC_QATEH_KEY_TEST = '1';
    try {
      expect(key()).not.toBe(before);
    } finally {
      delete process.env.PUBLIC_QATEH_KEY_TEST;
    }
  });
});

describe('the compiled server code cache', () => {
  it('gives back what was saved for the same sources, and nothing once a source changed', () => {
    const cache = join(root, 'cache');
    const out = join(root, 'out');
    write('out/chunks/page.mjs', 'export const page = 1;');
    write('out/renderers.mjs', 'export const renderers = [];');
    write('out/.qateh-client-bundle.json', '{}');
    const fingerprint = serverCodeFingerprint(root, 'https://shop.example');
    expect(saveServerCode(cache, fingerprint, out, new Set(['.qateh-client-bundle.json']), { state: 1 })).toBe(true);
    // A second writer of the same code finds it saved.
    expect(saveServerCode(cache, fingerprint, out, new Set(), { state: 2 })).toBe(false);
    const found = findServerCode(cache, serverCodeFingerprint(root, 'https://shop.example'));
    if ('missing' in found) throw new Error(found.missing);
    expect(found.entry.state).toEqual({ state: 1 });
    expect(found.entry.outputs.sort()).toEqual(['chunks/page.mjs', 'renderers.mjs']);
    const into = join(root, 'into');
    restoreServerCode(found, into);
    expect(readFileSync(join(into, 'chunks/page.mjs'), 'utf8')).toBe('export const page = 1;');

    write('src/site/pages/index.astro', '<h1>new deploy</h1>');
    expect(findServerCode(cache, serverCodeFingerprint(root, 'https://shop.example'))).toEqual({
      missing: 'no compiled code for these sources yet',
    });
  });

  it('an entry whose recorded sources differ from its key is dropped, never used', () => {
    const cache = join(root, 'cache');
    write('out/renderers.mjs', 'x');
    const fingerprint = serverCodeFingerprint(root, 'https://shop.example');
    saveServerCode(cache, fingerprint, join(root, 'out'), new Set(), {});
    const file = join(cache, serverCodeKey(fingerprint), 'entry.json');
    const entry = JSON.parse(readFileSync(file, 'utf8')) as ServerCodeEntry;
    entry.fingerprint.files['src/lib/money.ts'] = 'edited';
    writeFileSync(file, JSON.stringify(entry));
    expect(findServerCode(cache, fingerprint)).toEqual({ missing: 'src/lib/money.ts changed' });
    expect(findServerCode(cache, fingerprint)).toEqual({ missing: 'no compiled code for these sources yet' });
  });
});
