import fs from 'node:fs';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { productPageWrites } from './product-page-writes';
import { withSyncFileWrites } from './internals/sync-page-writes';

const base = mkdtempSync(join(tmpdir(), 'qateh-product-writes-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const englishPage = (slug: string) =>
  `<!DOCTYPE html><html lang="en" dir="ltr"><head><link rel="canonical" href="https://shop.example/en/shop/products/${slug}"></head>` +
  `<body><a href="/en/shop/catalog">Catalogue</a><h1>${slug}</h1></body></html>`;

/** Writes a page the way Astro does: a folder, then the file, both by file: URL, the page as bytes. */
async function astroWrites(outDir: string, rel: string, html: string) {
  const file = pathToFileURL(join(outDir, rel));
  await fs.promises.mkdir(new URL('.', file), { recursive: true });
  await fs.promises.writeFile(file, new TextEncoder().encode(html));
}

describe('product pages written during a build', () => {
  it('go to the shared folder, English ones bringing their Russian page, other pages stay in the build output', async () => {
    const outDir = join(base, 'slice-1');
    const pagesDir = join(base, 'products');
    mkdirSync(outDir, { recursive: true });
    const writer = productPageWrites({ outDir, pagesDir, russian: { site: 'https://shop.example/', samples: ['ne5532-dip8'] } });
    await withSyncFileWrites(async () => {
      await astroWrites(outDir, 'shop/products/lm358n-dip8.html', '<html lang="fa" dir="rtl"><h1>آی‌سی LM358N</h1></html>');
      await astroWrites(outDir, 'en/shop/products/lm358n-dip8.html', englishPage('lm358n-dip8'));
      // A sample product: Astro renders its Russian page too, for the build to compare.
      await astroWrites(outDir, 'en/shop/products/ne5532-dip8.html', englishPage('ne5532-dip8'));
      await astroWrites(outDir, 'en/shop/catalog/op-amps.html', '<html lang="en"></html>');
    }, writer);

    expect(readFileSync(join(pagesDir, 'shop/products/lm358n-dip8.html'), 'utf8')).toContain('آی‌سی LM358N');
    expect(readFileSync(join(pagesDir, 'en/shop/products/lm358n-dip8.html'), 'utf8')).toBe(englishPage('lm358n-dip8'));
    const russian = readFileSync(join(pagesDir, 'ru/shop/products/lm358n-dip8.html'), 'utf8');
    expect(russian).toContain('<html lang="ru" dir="ltr">');
    expect(russian).toContain('href="https://shop.example/ru/shop/products/lm358n-dip8"');
    expect(russian).toContain('href="/ru/shop/catalog"');
    expect(existsSync(join(pagesDir, 'ru/shop/products/ne5532-dip8.html'))).toBe(false);
    expect(writer.russianWritten).toBe(1);
    // Nothing of the product pages in Astro's own folder; the listing page is there.
    expect(existsSync(join(outDir, 'shop/products/lm358n-dip8.html'))).toBe(false);
    expect(existsSync(join(outDir, 'en/shop/products/lm358n-dip8.html'))).toBe(false);
    expect(readFileSync(join(outDir, 'en/shop/catalog/op-amps.html'), 'utf8')).toBe('<html lang="en"></html>');
  });

  it('stop taking writes over once their build ends', async () => {
    const outDir = join(base, 'slice-2');
    const writer = productPageWrites({ outDir, pagesDir: join(base, 'other'), russian: null });
    await withSyncFileWrites(async () => {}, writer);
    await astroWrites(outDir, 'shop/products/tl072-dip8.html', '<html></html>');
    expect(existsSync(join(outDir, 'shop/products/tl072-dip8.html'))).toBe(true);
    expect(existsSync(join(base, 'other'))).toBe(false);
  });
});
