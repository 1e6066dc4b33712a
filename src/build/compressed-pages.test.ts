import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compressPage, pagePartsDir, readPageText } from './compressed-pages';

const css = `<style>${'.product{color:red}'.repeat(200)}</style>`;
const loader = `<script>${'(()=>{self.Astro=1})();'.repeat(40)}</script>`;
/** A product page as BaseLayout lays it out: inlined stylesheet, frame around the switcher, body, footer. */
const page = (name: string, ld = '{"@type":"Product"}') =>
  `<!doctype html><html><head><title>${name}</title><script type="application/ld+json">${ld.repeat(40)}</script>${css}</head><body>` +
  `<a class="skip-link" href="#main">skip</a><header class="site-header"><ul>${'<li><a href="/c">ICs</a></li>'.repeat(50)}</ul>` +
  `<nav class="lang-switch" aria-label="x"><a href="/en/shop/products/${name}">en</a></nav></header>` +
  `<main id="main" class="container page"><h1>${name}</h1>${loader}<p>${name} specification</p></main><footer>${'f'.repeat(900)}</footer></body></html>`;

describe('kept product pages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qateh-kept-pages-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keep what every page repeats once, beside them, and read back every page whole', async () => {
    const files: { name: string; file: string }[] = [];
    for (const name of ['lm358n', 'ne555p', 'atmega8a', 'irf540n']) {
      const file = join(dir, `${name}.html.br`);
      writeFileSync(file, await compressPage(page(name), file));
      files.push({ name, file });
    }
    for (const { name, file } of files) expect(readPageText(file)).toBe(page(name));
    // The stylesheet, two stretches of the frame and the loader script, one file each for every page;
    // the first page's own part as the reference the others are compressed after, and its stream's start.
    const parts = readdirSync(pagePartsDir(files[0]!.file)).sort();
    expect(parts.filter((p) => /^[0-9a-f]{32}$/.test(p))).toHaveLength(4);
    expect(parts.filter((p) => p.endsWith('.ref') || p.endsWith('.start'))).toHaveLength(2);
    expect(parts).toContain('reference');
    // A later page keeps only what differs from the reference: a few dozen bytes here.
    expect(statSync(files[3]!.file).size).toBeLessThan(120);
    expect(readFileSync(files[3]!.file).includes('irf540n')).toBe(false);
  });

  it('read a page kept whole, as before parts and references', () => {
    const old = join(dir, 'old.html.br');
    writeFileSync(old, brotliCompressSync(Buffer.from(page('old'))));
    expect(readPageText(old)).toBe(page('old'));
  });

  it('keep a page holding a NUL character without shared parts, and read it back', async () => {
    const file = join(dir, 'nul.html.br');
    const html = page('nul\u0000');
    writeFileSync(file, await compressPage(html, file));
    expect(readPageText(file)).toBe(html);
  });
});
