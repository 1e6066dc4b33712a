/**
 * Typos and other readings answered in memory (suggestion-index.ts matchReadings, fuzzy-match.ts) equal
 * the SQL's answer (match-sql.ts's fuzzy branch, then alternativePlans one after the other): the
 * dropdown's ids, kinds, order and total, and the whole search page, in and out of a category scope.
 * Also: a product whose part number changed is found by a typo once the index has patched it. On
 * PGlite, or on PostgreSQL with DATABASE_URL.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProductQuerySchema, suggestionQuerySchema } from '../src/api/schemas/search';
import { products } from '../src/server/db/schema';
import { listProducts } from '../src/server/services/search/listing';
import { planSearch } from '../src/server/services/search/plan';
import { suggestProducts } from '../src/server/services/search/suggest';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  // The indexes are looked at in this process (on PostgreSQL they would be in the search thread).
  server = await startTestServer({ env: { SEARCH_THREAD: '0' } });
  await Promise.all([server.deps.search!.index.ready(), server.deps.search!.listing.ready()]);
});
afterAll(async () => {
  await server?.stop();
});

const db = () => server.database.db;
const index = () => server.deps.search!.index;

/** What a shopper types when the catalogue has nothing that strictly matches it (and a few that do). */
const TYPED: [string, string][] = [
  ['atmga328', 'a missing letter (ATmega328)'],
  ['atmeag328p', 'two letters transposed'],
  ['atmegga328', 'a letter typed twice'],
  ['amsl117', 'l typed for 1 (AMS1117)'],
  ['stm32f013c8', 'digits transposed (STM32F103C8)'],
  ['lm358nn', 'an extra letter at the end'],
  ['sn74hc959n', 'a maker prefix and transposed digits (SN74HC595N)'],
  ['mc7805ctgx', 'a maker prefix and a stray letter (MC7805CTG)'],
  ['l78o5cv', 'letter o for zero (L7805CV)'],
  ['nrf24lo1', 'letter o for zero in a module code'],
  ['مپ۳۵۸', 'lm358 typed with the Persian keyboard layout'],
  ['lrh,lj', '«مقاومت» typed with the Latin layout'],
  ['مولتی متر', 'a ZWNJ word typed apart'],
  ['qzxqzxq', 'nonsense: nothing in any reading'],
  ['lm358', 'a strict match (unchanged path)'],
];

/** Categories: the typo's own subtree, a parent, and one that holds none of these parts. */
const SCOPES = [undefined, 'avr-microcontrollers', 'microcontrollers', 'voltage-regulators', 'op-amps', 'leds'];

async function sameSuggestion(text: string, category: string | undefined) {
  const params = { filter_searchPart: text, limit: '150', take: '50', ...(category ? { filter_category: category } : {}) };
  const q = suggestionQuerySchema.parse(params);
  await index().ready();
  const held = index().current()!;
  // The index answers it whole: no reading is handed to the SQL.
  const scope = category ? server.deps.search!.listing.current()!.scopeOf(category)! : null;
  expect(held.answerReadings(planSearch(text)!, q, scope ? new Set(scope.ids) : null, 1000), `${text} in memory`).not.toBeNull();
  const viaIndex = await suggestProducts(db(), q, server.deps.search);
  const viaSql = await suggestProducts(db(), q);
  expect({ params, ...viaIndex }).toEqual({ params, ...viaSql });
  return viaIndex;
}

async function sameSearchPage(text: string, category: string | undefined) {
  const params = { filter_part: text, ...(category ? { filter_category: category } : {}) };
  const q = getProductQuerySchema.parse(params);
  await Promise.all([index().ready(), server.deps.search!.listing.ready()]);
  const viaIndex = await listProducts(db(), q, server.deps.search);
  const viaSql = await listProducts(db(), q);
  // Past 1,000 matches a branch reads a different first thousand in SQL (heap order) than in memory (by id).
  if (viaSql.capped) expect(viaIndex.capped).toBe(true);
  else expect({ params, ...viaIndex }).toEqual({ params, ...viaSql });
  return viaIndex;
}

describe('typos and other readings in memory', () => {
  it.each(TYPED)('the dropdown: %s (%s), in and out of categories', async (text) => {
    for (const category of SCOPES) await sameSuggestion(text, category);
  });

  it.each(TYPED)('the search page: %s (%s), in and out of categories', async (text) => {
    for (const category of SCOPES) await sameSearchPage(text, category);
  });

  it('labels typos fuzzy and other readings with what was understood', async () => {
    const typo = await sameSuggestion('amsl117', undefined);
    expect(typo.items.length).toBeGreaterThan(0);
    expect(typo.items.every((i) => i.match === 'fuzzy')).toBe(true);
    const layout = await sameSearchPage('مپ۳۵۸', undefined);
    expect(layout.interpretedAs).toBe('lm358');
    // A category without the part: matches elsewhere in the catalogue mean no typo, so nothing fuzzy.
    const elsewhere = await sameSuggestion('lm358', 'leds');
    expect(elsewhere.total).toBe(0);
  });

  it("finds a patched product's new part number by a typo", async () => {
    const [p] = await db().select({ id: products.id }).from(products).where(eq(products.slug, 'lm358n-dip8'));
    const builds = index().stats.builds;
    await db().update(products).set({ partNumber: 'QWZ8080K', pnKey: 'QWZ8080K' }).where(eq(products.id, p!.id));
    server.deps.cache.invalidate({ products: [p!.id] });
    await index().ready();
    expect(index().stats.builds).toBe(builds);
    const found = await sameSuggestion('qwz8o80k', undefined);
    expect(found.items.map((i) => [i.id, i.match])).toEqual([[p!.id, 'fuzzy']]);
    await sameSearchPage('qwz8o80k', undefined);
    // And gone from the typo's answer once it has its old number back.
    await db().execute(sql`update products set part_number = 'LM358N', pn_key = 'LM358N' where id = ${p!.id}`);
    server.deps.cache.invalidate({ products: [p!.id] });
    expect((await sameSuggestion('qwz8o80k', undefined)).total).toBe(0);
  });
});
