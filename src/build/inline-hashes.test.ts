import { createHash } from 'node:crypto';
import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cspHash, InlineHashCollector } from './inline-hashes';
import { withSyncFileWrites } from './internals/sync-page-writes';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('InlineHashCollector', () => {
  it.each([
    ['a plain inline script', '<script>run()</script>', { scripts: [sha('run()')], styles: [] }],
    ['a module script', '<script type="module">import "/x.js"</script>', { scripts: [sha('import "/x.js"')], styles: [] }],
    ['text/javascript, quoted either way', "<script type='text/javascript'>a()</script>", { scripts: [sha('a()')], styles: [] }],
    ['JSON-LD is data', '<script type="application/ld+json">{"@type":"Product"}</script>', { scripts: [], styles: [] }],
    ['an external script needs no hash', '<script type="module" src="/_astro/a.js"></script>', { scripts: [], styles: [] }],
    ['a style element', '<style>p{color:red}</style>', { scripts: [], styles: [sha('p{color:red}')] }],
    ['Persian text hashed as UTF-8', '<script>alert("سلام")</script>', { scripts: [sha('alert("سلام")')], styles: [] }],
    ['an empty script', '<script></script>', { scripts: [sha('')], styles: [] }],
  ])('%s', (_name, html, expected) => {
    const c = new InlineHashCollector();
    c.add(`<!doctype html><html><head>${html}</head><body><p>x</p></body></html>`);
    expect(c.result()).toEqual(expected);
  });

  it('the same bytes as text or as bytes, repeats counted once, several per page', () => {
    const html = '<style>a{}</style><script>one()</script><p></p><script>two()</script><script>one()</script>';
    const fromText = new InlineHashCollector();
    fromText.add(html);
    fromText.add(html);
    const fromBytes = new InlineHashCollector();
    fromBytes.add(new TextEncoder().encode(html));
    expect(fromText.result()).toEqual(fromBytes.result());
    expect(fromText.result().scripts).toEqual([sha('one()'), sha('two()')].sort());
    expect(cspHash('one()')).toBe(sha('one()'));
  });
});

describe('the build looks at every page it writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qateh-inline-hashes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('HTML pages reach the observer as written; other files do not', async () => {
    const seen: string[] = [];
    await withSyncFileWrites(
      async () => {
        await fs.promises.writeFile(join(dir, 'index.html'), '<script>x()</script>');
        await fs.promises.writeFile(join(dir, 'data.json'), '{}');
      },
      undefined,
      (file) => seen.push(file),
    );
    expect(seen).toEqual([join(dir, 'index.html')]);
  });
});
