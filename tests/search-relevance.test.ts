/**
 * Search relevance, table-driven, against the real shared catalogue (../shared/data) on the real server.
 * Each row is a query a component buyer types and what a trustworthy shop must show for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../src/api/schemas/catalogue';
import { foldForSearch } from '../src/lib/search-text';
import { startTestServer, type TestServer } from './support/server';

interface Case {
  q: string;
  why: string;
  /** The first result is one of these slugs. */
  first?: string[];
  /** These slugs all appear within the first `within` results. */
  includes?: string[];
  within?: number;
  /** Every one of the first `within` results passes this. */
  every?: (p: ProductCard) => boolean;
  /** The first result's match label. */
  kind?: ProductCard['match'];
  interpretedAs?: string;
  none?: true;
}

const fa = (p: ProductCard) => foldForSearch(`${p.nameFa} ${p.name}`);
const has =
  (...words: string[]) =>
  (p: ProductCard) =>
    words.every((w) => fa(p).includes(foldForSearch(w)));
const pnHas = (core: string) => (p: ProductCard) =>
  p.partNumber
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .includes(core);

const CASES: Case[] = [
  // Part numbers: exact first, then the family, whatever the punctuation.
  {
    q: 'LM358',
    why: 'base part number',
    first: ['lm358-sop8'],
    kind: 'exact',
    includes: ['lm358p-pdip8', 'lm358n-dip8', 'lm358dr-soic8'],
    within: 7,
  },
  { q: 'lm-358', why: 'dash inside the part number', first: ['lm358-sop8'], includes: ['lm358p-pdip8', 'lm358dr-soic8'], within: 7 },
  { q: 'lm 358', why: 'space inside the part number', first: ['lm358-sop8'], includes: ['lm358n-dip8'], within: 7 },
  {
    q: 'LM358N',
    why: 'full part number ranks before its longer variants',
    first: ['lm358n-dip8'],
    kind: 'exact',
    includes: ['lm358n-nopb-pdip8'],
    within: 2,
  },
  {
    q: 'lm358dr',
    why: 'lower-case orderable part number',
    first: ['lm358dr-soic8'],
    kind: 'exact',
    includes: ['lm358dr2g-soic8'],
    within: 3,
  },
  {
    q: 'stm32f103c8t6',
    why: 'original and copy of one part number are both exact',
    includes: ['stm32f103c8t6-lqfp48', 'stm32f103c8t6-lqfp48-copy'],
    within: 2,
    kind: 'exact',
  },
  { q: 'stm32', why: 'short family prefix', every: pnHas('STM32'), within: 6, kind: 'family' },
  { q: 'esp32', why: 'family prefix with many members', every: pnHas('ESP32'), within: 6, kind: 'family' },
  {
    q: 'ne555',
    why: 'family: NE555P, NE555N, NE555DR',
    includes: ['ne555p-pdip8', 'ne555n-dip8', 'ne555dr-soic8'],
    within: 3,
    kind: 'family',
  },
  { q: 'irf540n', why: 'exact before the PBF variant', first: ['irf540n-to220-copy'], includes: ['irf540npbf-to220ab'], within: 2 },
  {
    q: '1n4007',
    why: 'diode part number',
    first: ['1n4007-do41'],
    kind: 'exact',
    includes: ['1n4007rlg-do41', '1n4007-e3-54-do41'],
    within: 4,
  },
  { q: '۱n۴۰۰۷', why: 'Persian digits in a part number', first: ['1n4007-do41'], kind: 'exact' },
  {
    q: 'ds18b20',
    why: 'exact DS18B20 and DS18B20+ before the probe',
    first: ['ds18b20-plus', 'ds18b20-copy'],
    kind: 'exact',
    includes: ['ds18b20-probe-1m'],
    within: 4,
  },
  { q: 'hc-sr04', why: 'module code with a dash', first: ['hc-sr04'], kind: 'exact' },
  { q: 'HCSR04', why: 'module code without its dash', first: ['hc-sr04'], kind: 'exact' },
  {
    q: 'ch340g',
    why: 'exact chip before boards that carry it',
    first: ['ch340g-sop16'],
    kind: 'exact',
    includes: ['ch340g-usb-ttl'],
    within: 2,
  },
  { q: 'bc547', why: 'transistor family', every: pnHas('BC547'), within: 3, kind: 'family' },
  {
    q: '7805',
    why: 'maker prefixes in front of the core number (L7805, MC7805, LM7805)',
    every: pnHas('7805'),
    within: 5,
    kind: 'family',
    includes: ['l7805cv-to220', 'mc7805ctg-to220', 'lm7805ct-nopb-to220'],
  },
  {
    q: '74hc595',
    why: 'exact, then SN-prefixed variants',
    first: ['74hc595-sop16'],
    includes: ['sn74hc595n-pdip16', 'sn74hc595dr-soic16'],
    within: 4,
  },
  {
    q: 'nrf24l01',
    why: 'radio module family',
    first: ['nrf24l01-plus-module', 'nrf24l01-plus-pa-lna-module'],
    every: pnHas('NRF24L01'),
    within: 3,
  },
  { q: 'BC817-40,215', why: 'comma inside the part number', first: ['bc817-40-215-sot23'], kind: 'exact' },
  { q: 'DS3231SN#', why: '# inside the part number', first: ['ds3231sn-soic16w'], kind: 'exact' },
  { q: 'S8050 (J3Y)', why: 'parentheses inside the part number', first: ['s8050-j3y-sot23'], kind: 'exact' },
  { q: 'MKDS 1,5', why: 'terminal block written with spaces and comma', first: ['mkds-1-5-2-5-08', 'mkds-1-5-3-5-08'], kind: 'family' },
  { q: 'SKKT 57/16', why: 'slash and space in a module code', first: ['skkt-57-16-e-semipack1'] },
  // Typos and keyboard slips.
  { q: 'atmga328', why: 'missing letter in ATmega328', every: pnHas('ATMEGA328'), within: 3, kind: 'fuzzy' },
  { q: 'amsl117', why: 'l typed for 1 in AMS1117', every: pnHas('AMS1117'), within: 3, kind: 'fuzzy' },
  { q: 'stm32f103c8', why: 'truncated part number', first: ['stm32f103c8t6-lqfp48', 'stm32f103c8t6-lqfp48-copy'], kind: 'family' },
  { q: 'مپ۳۵۸', why: 'lm358 typed with the Persian keyboard layout', first: ['lm358-sop8'], interpretedAs: 'lm358' },
  { q: 'lrh,lj', why: '«مقاومت» typed with the Latin layout', every: has('مقاومت'), within: 5, interpretedAs: 'مقاومت' },
  // Persian words, any order, Arabic letters, units.
  { q: 'مقاومت ۱۰ کیلو', why: 'Persian words and a value: 10 kΩ resistors', every: has('مقاومت', '10k'), within: 6 },
  { q: 'کیلو ۱۰ مقاومت', why: 'the same words in another order', every: has('مقاومت', '10k'), within: 6 },
  { q: '10 k resistor', why: 'value and unit typed apart', every: has('مقاومت', '10k'), within: 6 },
  { q: 'resistor 10k', why: 'English words', every: has('مقاومت', '10k'), within: 6 },
  { q: 'سنسور دما', why: 'temperature sensors', every: has('سنسور', 'دما'), within: 6 },
  { q: 'رله ۵ ولت', why: '5 V relays', every: has('رله', '5v'), within: 5, includes: ['srd-05vdc-sl-c'] },
  { q: 'خازن الکترولیتی ۱۰۰ میکروفاراد', why: '100 µF electrolytic capacitors', every: has('خازن', 'الکترولیتی', '100uf'), within: 5 },
  { q: 'كابل usb', why: 'Arabic ك in کابل', every: has('کابل', 'usb'), within: 4 },
  { q: 'آي‌سي LM317', why: 'Arabic ي with ZWNJ plus a part number', every: pnHas('LM317'), within: 3 },
  { q: 'ترانزيستور', why: 'Arabic ي inside a Persian word', every: has('ترانزیستور'), within: 5 },
  {
    q: 'کریستال ۱۶ مگاهرتز',
    why: '16 MHz crystals',
    first: ['hc49s-16-000mhz', 'fa-238-16mhz-3225', 'abls-16-000mhz-b4-t'],
    every: has('16mhz'),
    within: 3,
  },
  { q: 'ماژول بلوتوث', why: 'Bluetooth modules', first: ['hc-05', 'hc-06'], includes: ['hc-05', 'hc-06'], within: 4 },
  { q: 'آردوینو نانو', why: 'Persian «نانو» finds boards named Nano', includes: ['a000005'], within: 4 },
  { q: 'مولتی متر', why: 'ZWNJ word typed with a space', every: has('مولتیمتر'), within: 3 },
  { q: 'مولتیمتر', why: 'ZWNJ word typed joined', every: has('مولتیمتر'), within: 3 },
  { q: 'سروو موتور', why: 'servo motors', includes: ['sg90', 'mg996r'], within: 5 },
  { q: 'هویه', why: 'soldering irons', includes: ['ks-40r'], within: 10 },
  { q: 'پروگرامر', why: 'programmers', includes: ['usbasp'], within: 6 },
  { q: 'LED قرمز', why: 'red LEDs', every: has('led', 'قرمز'), within: 6 },
  { q: 'اسیلوسکوپ ریگول', why: 'Rigol oscilloscopes', includes: ['ds1054z'], every: has('ریگول'), within: 3 },
  { q: 'oled 0.96', why: 'decimal size', every: has('oled', '0.96'), within: 3 },
  // Nothing to find is an empty answer, not an error.
  { q: 'qzxqzxq', why: 'nonsense', none: true },
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('search relevance on the shared catalogue', () => {
  it('has at least 40 queries', () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  it.each(CASES.map((c) => [c.q, c] as const))('%s', async (_q, c) => {
    const { status, body } = await server.api(`/getProduct?limit=12&filter_part=${encodeURIComponent(c.q)}`);
    expect(status).toBe(200);
    const items = body.items as ProductCard[];
    const slugs = items.map((p) => p.slug);
    const why = `${c.why} — got ${slugs.slice(0, 8).join(', ')}`;
    if (c.none) {
      expect(body.total, why).toBe(0);
      return;
    }
    expect(items.length, why).toBeGreaterThan(0);
    if (c.first) expect(c.first, why).toContain(slugs[0]);
    if (c.kind) expect(items[0]!.match, why).toBe(c.kind);
    const within = c.within ?? 10;
    if (c.includes) for (const s of c.includes) expect(slugs.slice(0, Math.max(within, c.includes.length)), why).toContain(s);
    if (c.every) for (const p of items.slice(0, within)) expect(c.every(p), `${why} — failing: ${p.slug} ${p.nameFa}`).toBe(true);
    if (c.interpretedAs) expect(body.interpretedAs, why).toBe(c.interpretedAs);
  });
});
