import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client';
import {
  attributes,
  brands,
  categories,
  productAttributeValues,
  productFiles,
  productImages,
  productPrices,
  products,
} from '../src/server/db/schema';
import { CatalogueImportError, importCatalogue, type ImportReport } from '../src/server/services/catalogue-import';
import { freshDatabase } from './support/database';
import { readSharedCatalogue } from './support/server';

const shared = readSharedCatalogue();
let database: Database;
let firstReport: ImportReport;

beforeAll(async () => {
  database = await freshDatabase();
  firstReport = await importCatalogue(database.db, shared);
}, 120_000);
afterAll(async () => database?.close());

const db = () => database.db;
const productBySlug = async (slug: string) => (await db().select().from(products).where(eq(products.slug, slug)))[0]!;
const tableCounts = async () => {
  const n = async (
    t:
      | typeof products
      | typeof productPrices
      | typeof productAttributeValues
      | typeof productFiles
      | typeof productImages
      | typeof categories
      | typeof brands,
  ) => (await db().select({ n: count() }).from(t))[0]!.n;
  return {
    products: await n(products),
    tiers: await n(productPrices),
    values: await n(productAttributeValues),
    files: await n(productFiles),
    images: await n(productImages),
    categories: await n(categories),
    brands: await n(brands),
  };
};
/** Physical lines of the shared products.csv (a quoted line break makes two), without the CR. */
const physicalLines = () => shared.products.text.split('\n').map((l) => l.replace(/\r$/, ''));
/** The shared products.csv with physical lines replaced: { lineNumber: newText }. */
function editedProducts(edits: Record<number, string>): string {
  const lines = shared.products.text.split('\n');
  for (const [line, value] of Object.entries(edits)) lines[Number(line) - 1] = `${value}\r`;
  return lines.join('\n');
}
const lineOf = (slug: string) => physicalLines().findIndex((l) => l.startsWith(`${slug},`)) + 1;

describe('importing the shared catalogue', () => {
  it('creates every category, product and brand', async () => {
    expect(firstReport.categories).toMatchObject({ created: 90, updated: 0 });
    expect(firstReport.products).toMatchObject({ created: 3026, updated: 0 });
    expect(firstReport.brands).toBe(146);
    const counts = await tableCounts();
    expect(counts).toMatchObject({ products: 3026, categories: 90, brands: 146 });
    const depths = await db()
      .select({ depth: categories.depth, n: count() })
      .from(categories)
      .groupBy(categories.depth)
      .orderBy(categories.depth);
    expect(depths).toEqual([
      { depth: 0, n: 9 },
      { depth: 1, n: 41 },
      { depth: 2, n: 40 },
    ]);
    // Every product has its drawn picture; every datasheet link became a file row.
    expect(counts.images).toBe(3026);
    expect(counts.files).toBe(1166);
  });

  it('stores a product field by field, money in rials', async () => {
    const p = await productBySlug('lm358p-pdip8');
    expect(p).toMatchObject({
      partNumber: 'LM358P',
      name: 'LM358P Dual operational amplifier, PDIP-8',
      package: 'PDIP-8',
      quality: 'original',
      price: 155_000,
      minimumPurchase: 1,
      stock: 838,
      threshold: 500,
      availabilityDate: null,
      enable: true,
      datasheetUrl: 'https://www.ti.com/lit/ds/symlink/lm358.pdf',
      pnKey: 'LM358P',
      deletedAt: null,
    });
    expect(p.nameFa).toBe('آی‌سی LM358P تقویت‌کننده عملیاتی دوبل پکیج PDIP-8');
    const brand = (await db().select().from(brands).where(eq(brands.id, p.brandId!)))[0]!;
    expect(brand).toMatchObject({ slug: 'texas-instruments', name: 'Texas Instruments' });
    const category = (await db().select().from(categories).where(eq(categories.id, p.categoryId)))[0]!;
    expect(category.slug).toBe('op-amps');
    const tiers = await db()
      .select({ minCount: productPrices.minCount, maxCount: productPrices.maxCount, price: productPrices.price })
      .from(productPrices)
      .where(eq(productPrices.productId, p.id))
      .orderBy(asc(productPrices.minCount));
    expect(tiers).toEqual([
      { minCount: 1, maxCount: 9, price: 155_000 },
      { minCount: 10, maxCount: 99, price: 145_000 },
      { minCount: 100, maxCount: null, price: 130_000 },
    ]);
    const values = await db()
      .select({ name: attributes.name, slug: attributes.slug, value: productAttributeValues.value })
      .from(productAttributeValues)
      .innerJoin(attributes, eq(attributes.id, productAttributeValues.attributeId))
      .where(eq(productAttributeValues.productId, p.id));
    expect(values).toEqual(
      expect.arrayContaining([
        { name: 'Package', slug: 'package', value: 'PDIP-8' },
        { name: 'Supply voltage', slug: 'supply-voltage', value: '3-32V' },
        { name: 'Slew rate', slug: 'slew-rate', value: '0.3V/µs' },
      ]),
    );
    expect(values).toHaveLength(5);
    const files = await db().select().from(productFiles).where(eq(productFiles.productId, p.id));
    expect(files).toMatchObject([
      { kind: 'datasheet', label: 'Datasheet', file: null, fileLink: 'https://www.ti.com/lit/ds/symlink/lm358.pdf' },
    ]);
    const images = await db().select().from(productImages).where(eq(productImages.productId, p.id));
    expect(images).toMatchObject([{ src: '/media/parts/lm358p-pdip8.svg', width: 400, height: 400, alt: 'LM358P' }]);
    // Searchable by its category path in both languages, not only by its own words.
    expect(p.searchText).toContain(' semiconductors ');
    expect(p.searchText).toContain('نیمه');
  });

  it('keeps a hidden, zero-stock pre-order row as written', async () => {
    const p = await productBySlug('bav99-215-sot23');
    expect(p).toMatchObject({
      partNumber: 'BAV99,215',
      pnKey: 'BAV99215',
      stock: 0,
      availabilityDate: '2027-02-18',
      enable: false,
      minimumPurchase: 10,
      price: 23_000,
      threshold: 2000,
    });
    expect(await db().select().from(productPrices).where(eq(productPrices.productId, p.id))).toEqual([]);
    expect((await productBySlug('at27c512r-45pu-pdip28-renew')).quality).toBe('renew');
    const unbranded = await db()
      .select({ n: count() })
      .from(products)
      .where(sql`${products.quality} IS NULL`);
    expect(unbranded[0]!.n).toBe(705);
  });

  it('normalises Arabic ي and ك to Persian ی and ک', async () => {
    for (const slug of [
      'lm317t-to220',
      'ne555p-pdip8',
      'bc547bta-to92',
      'irfz44npbf-to220ab',
      'hc-sr04',
      'mb-102',
      'atmega8a-pu-pdip28',
      'srd-05vdc-sl-c',
    ]) {
      const p = await productBySlug(slug);
      expect(p.nameFa, slug).not.toMatch(/[يك]/);
      expect(p.descriptionFa ?? '', slug).not.toMatch(/[يك]/);
    }
    expect((await productBySlug('ne555p-pdip8')).nameFa).toBe('آی‌سی NE555P تایمر دقیق PDIP-8');
  });

  it('keeps line breaks inside quoted descriptions and odd part numbers intact', async () => {
    expect((await productBySlug('tl494cn-pdip16')).description).toContain('\n');
    expect((await productBySlug('ds3231sn-soic16w')).partNumber).toBe('DS3231SN#');
    expect((await productBySlug('mkds-1-5-2-5-08')).partNumber).toBe('MKDS 1,5/ 2-5,08');
    expect((await productBySlug('bc817-40-215-sot23')).partNumber).toBe('BC817-40,215');
    expect((await productBySlug('s8050-j3y-sot23')).pnKey).toBe('S8050J3Y');
  });

  it('counts enabled products in each category and everything below it', async () => {
    const all = await db().select().from(categories);
    const top = all.filter((c) => c.parentId === null);
    const enabled = (
      await db()
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.enable, true)))
    )[0]!.n;
    expect(enabled).toBe(3026 - 42);
    expect(top.reduce((s, c) => s + c.itemsCount, 0)).toBe(enabled);
    for (const parent of all.filter((c) => all.some((x) => x.parentId === c.id))) {
      const direct = (
        await db()
          .select({ n: count() })
          .from(products)
          .where(and(eq(products.categoryId, parent.id), eq(products.enable, true)))
      )[0]!.n;
      const below = all.filter((c) => c.parentId === parent.id).reduce((s, c) => s + c.itemsCount, 0);
      expect(parent.itemsCount, parent.slug).toBe(direct + below);
    }
    const opAmps = all.find((c) => c.slug === 'op-amps')!;
    const ic = all.find((c) => c.slug === 'integrated-circuits')!;
    const semi = all.find((c) => c.slug === 'semiconductors')!;
    expect(opAmps.path).toBe(`/${semi.id}/${ic.id}/${opAmps.id}/`);
    expect(opAmps.depth).toBe(2);
  });
});

describe('importing again', () => {
  it('changes nothing when nothing changed', async () => {
    const before = await tableCounts();
    const stamp = await db()
      .select({ max: sql<string>`max(${products.updatedAt})::text` })
      .from(products);
    const report = await importCatalogue(db(), shared);
    expect(report.products).toEqual({ created: 0, updated: 0, unchanged: 3026 });
    expect(report.categories).toEqual({ created: 0, updated: 0, unchanged: 90 });
    expect(await tableCounts()).toEqual(before);
    expect(
      await db()
        .select({ max: sql<string>`max(${products.updatedAt})::text` })
        .from(products),
    ).toEqual(stamp);
  });

  it('updates only the rows that changed and replaces their tiers', async () => {
    const line = lineOf('lm358dr-soic8');
    const original = physicalLines()[line - 1]!;
    const edited = original.replace(',11500,1-9:11500|10-99:10500|100-:9800,', ',12000,1-49:12000|50-:11000,');
    expect(edited).not.toBe(original);
    const untouched = await productBySlug('lm358p-pdip8');
    const report = await importCatalogue(db(), { ...shared, products: { name: 'products.csv', text: editedProducts({ [line]: edited }) } });
    expect(report.products).toEqual({ created: 0, updated: 1, unchanged: 3025 });
    const p = await productBySlug('lm358dr-soic8');
    expect(p.price).toBe(120_000);
    const tiers = await db()
      .select({ minCount: productPrices.minCount, maxCount: productPrices.maxCount, price: productPrices.price })
      .from(productPrices)
      .where(eq(productPrices.productId, p.id))
      .orderBy(asc(productPrices.minCount));
    expect(tiers).toEqual([
      { minCount: 1, maxCount: 49, price: 120_000 },
      { minCount: 50, maxCount: null, price: 110_000 },
    ]);
    expect(await db().select().from(productFiles).where(eq(productFiles.productId, p.id))).toHaveLength(1);
    expect((await productBySlug('lm358p-pdip8')).updatedAt).toEqual(untouched.updatedAt);
    // Restore, so later tests see the shared catalogue again.
    await importCatalogue(db(), shared);
  });
});

describe('bad files', () => {
  async function expectRejected(files: Parameters<typeof importCatalogue>[1]) {
    const before = await tableCounts();
    const error = await importCatalogue(db(), files).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogueImportError);
    expect(await tableCounts()).toEqual(before);
    return (error as CatalogueImportError).problems;
  }

  it('lists every bad row with file, line and reason, and writes nothing — even rows before them', async () => {
    const lines = physicalLines();
    // Good new products first (they would be created), then the bad rows further down.
    const newRow = lines[1]!.replace(/^lm358p-pdip8,/, 'brand-new-part-1,');
    const unknownCategory = lines[9]!.replace(/,op-amps,|,[a-z-]+,(?=[^,]*,[^,]*,(?:original|renew|copy|),)/, ',no-such-category,');
    const tl = lineOf('tl494cn-dip16-copy'); // just after a record with a line break inside
    const badPrice = lines[tl - 1]!.replace(/,41500,|,\d+,(?=\d+-)/, ',12abc,');
    const badTierLine = lineOf('lm358dr-soic8');
    const badTier = lines[badTierLine - 1]!.replace('1-9:11500|10-99:10500|100-:9800', '1-9:11500|5-99:10500|100-:9800');
    const text = editedProducts({ 2: newRow, 10: unknownCategory, [tl]: badPrice, [badTierLine]: badTier });
    const problems = await expectRejected({ ...shared, products: { name: 'products.csv', text } });
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual(
      [`products.csv:${badTierLine}`, 'products.csv:10', `products.csv:${tl}`].sort(
        (a, b) => Number(a.split(':')[1]) - Number(b.split(':')[1]),
      ),
    );
    const reason = (line: number) => problems.find((p) => p.line === line)!.reason;
    expect(reason(10)).toMatch(/category_slug "no-such-category"/);
    expect(reason(tl)).toMatch(/price_toman "12abc".*whole number/);
    expect(reason(badTierLine)).toMatch(/tiers .*must start at 10/);
    expect(await db().select().from(products).where(eq(products.slug, 'brand-new-part-1'))).toEqual([]);
    expect(tl).toBe(104);
  });

  it('reports a missing column, a short row and a bad category parent', async () => {
    const header = shared.products.text.slice(0, shared.products.text.indexOf('\r\n'));
    const noPrice = shared.products.text.replace(header, header.replace(',price_toman', ',price'));
    const problems = await expectRejected({
      categories: { name: 'cats.csv', text: `${shared.categories.text}orphan,nowhere,Orphan,یتیم,10\r\n` },
      products: { name: 'products.csv', text: noPrice },
    });
    expect(problems).toEqual([
      { file: 'cats.csv', line: 92, reason: expect.stringMatching(/parent_slug "nowhere"/) },
      { file: 'products.csv', line: 1, reason: expect.stringMatching(/missing column: price_toman/) },
    ]);
    const short = editedProducts({ 3: 'lm358dr-soic8,LM358DR,only three' });
    const more = await expectRejected({ ...shared, products: { name: 'products.csv', text: short } });
    expect(more).toEqual([{ file: 'products.csv', line: 3, reason: expect.stringMatching(/3 fields, the header has 19/) }]);
  });

  it('checks quality, dates, enable, datasheet links and attributes', async () => {
    const l = physicalLines();
    const row = l[1]!;
    const edits = {
      2: row.replace(',original,', ',mint,'),
      3: l[2]!.replace(',,1,https://www.ti.com', ',2026-13-40,1,https://www.ti.com'),
      4: l[3]!.replace(/,1,https:\/\/www\.ti\.com\/lit\/ds\/symlink\/lm358-n\.pdf,/, ',yes,http://example.com/x.pdf,'),
      5: l[4]!.replace(/Package=/, 'Package'),
    };
    const problems = await expectRejected({ ...shared, products: { name: 'products.csv', text: editedProducts(edits) } });
    const text = problems.map((p) => `${p.line}: ${p.reason}`).join('\n');
    expect(text).toMatch(/2: column quality "mint"/);
    expect(text).toMatch(/3: column availability_date "2026-13-40"/);
    expect(text).toMatch(/4: column enable "yes"/);
    expect(text).toMatch(/4: column datasheet_url "http:\/\/example.com\/x.pdf": is not an https/);
    expect(text).toMatch(/5: column attributes .*is not "Name=Value"/);
  });

  it('accepts a file that starts with a byte order mark', async () => {
    const report = await importCatalogue(db(), {
      categories: { name: 'categories.csv', text: `\ufeff${shared.categories.text}` },
      products: { name: 'products.csv', text: `\ufeff${shared.products.text}` },
    });
    expect(report.products.unchanged).toBe(3026);
  });
});
