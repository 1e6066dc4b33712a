/**
 * The requests the API benchmark sends: what shoppers of an electronics shop type and click.
 * Built from the shared catalogue, deterministically, so two runs send the same set.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { latinLayoutToPersian, persianLayoutToLatin } from '../../src/lib/search-text';

export const SHARED_DATA = new URL('../../../shared/data/', import.meta.url);

const API = '/api/site/v1';

interface CatalogueSample {
  partNumbers: string[];
  leafCategories: string[];
  topCategories: string[];
}

function readCatalogueSample(): CatalogueSample {
  const products = parse(readFileSync(new URL('products.csv', SHARED_DATA), 'utf8'), { columns: true }) as {
    part_number: string;
    brand: string;
    enable: string;
  }[];
  const categories = parse(readFileSync(new URL('categories.csv', SHARED_DATA), 'utf8'), { columns: true }) as {
    slug: string;
    parent_slug: string;
  }[];
  const parents = new Set(categories.map((c) => c.parent_slug).filter(Boolean));
  // Branded parts are what people search by number; generic passives are searched by value.
  const partNumbers = [...new Set(products.filter((p) => p.brand !== 'Generic' && p.enable === '1').map((p) => p.part_number))];
  return {
    partNumbers,
    leafCategories: categories.filter((c) => !parents.has(c.slug)).map((c) => c.slug),
    topCategories: categories.filter((c) => !c.parent_slug).map((c) => c.slug),
  };
}

/** Small seeded generator: the same "random" picks on every run. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function picker(seed: number) {
  const next = random(seed);
  return {
    next,
    one: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    some: <T>(list: readonly T[], n: number): T[] => {
      const copy = [...list];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}

const WELL_KNOWN_PARTS = [
  'lm358',
  'atmega328',
  'atmega328p',
  'ne555',
  'lm7805',
  '7805',
  'stm32f103',
  'esp32',
  'esp8266',
  'irf540',
  'bc547',
  '1n4007',
  'tl494',
  'ds18b20',
  '2n2222',
  'uln2003',
  'max232',
  'ams1117',
  'ch340',
  'hc-sr04',
  'arduino nano',
  'arduino uno',
  'lm317',
  'irfz44n',
  'pc817',
  'l298n',
  'tip122',
  'ds3231',
  'mpu6050',
  'nrf24l01',
];

const PERSIAN_WORDS = [
  'مقاومت',
  'خازن',
  'خازن الکترولیت',
  'خازن سرامیکی',
  'دیود',
  'دیود زنر',
  'ترانزیستور',
  'ماسفت',
  'رگولاتور',
  'آی سی',
  'آی‌سی تایمر',
  'میکروکنترلر',
  'ماژول',
  'ماژول وای فای',
  'سنسور',
  'سنسور دما',
  'سنسور اولتراسونیک',
  'ال ای دی',
  'ال‌ای‌دی قرمز',
  'کریستال',
  'پین هدر',
  'سیم',
  'کابل',
  'باتری',
  'هویه',
  'مولتی متر',
  'رله',
  'فیوز',
  'سوکت',
  'ترمینال',
  'برد بورد',
  'آردوینو',
  'نمایشگر',
  'ال سی دی',
  'اسیلوسکوپ',
  'پتانسیومتر',
  // Arabic ي/ك, as many keyboards still type them.
  'كريستال',
  'سيم لحيم',
  'خازن الكتروليت',
  'ماژول بلوتوث',
];

const VALUE_QUERIES = [
  'مقاومت ۱۰ کیلو',
  'مقاومت ۲۲۰ اهم',
  'مقاومت ۱ کیلو اهم',
  'مقاومت 4.7k',
  'مقاومت ۱۰۰ اهم ۱/۴ وات',
  'خازن ۱۰۰ نانو',
  'خازن ۱۰ میکروفاراد',
  'خازن ۱۰۰۰ میکرو ۲۵ ولت',
  'خازن ۲۲ پیکو',
  'خازن 100nf',
  'کریستال ۱۶ مگاهرتز',
  'کریستال 8mhz',
  'رگولاتور ۵ ولت',
  'رگولاتور ۳.۳ ولت',
  'دیود ۱ آمپر',
  'سلف ۱۰ میکرو هانری',
  'فیوز ۲ آمپر',
  'باتری ۹ ولت',
  'آداپتور ۱۲ ولت ۲ آمپر',
  'ال ای دی ۵ میلی',
];

const ENGLISH_QUERIES = [
  '10k resistor',
  'resistor 1k',
  '220 ohm',
  'capacitor 100nf',
  '1000uf 25v',
  'led red',
  'crystal 16mhz',
  'voltage regulator',
  'mosfet n channel',
  'relay 5v',
  'pin header',
  'usb cable',
  'soldering iron',
  'temperature sensor',
  'wifi module',
  'bluetooth module',
  'stepper driver',
  'lcd 16x2',
  'oled 0.96',
  'buzzer',
];

/** A typo a hurried shopper makes: two letters swapped, one dropped or one doubled. */
function typo(word: string, pick: ReturnType<typeof picker>): string {
  const s = word.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (s.length < 5) return s;
  const i = 1 + Math.floor(pick.next() * (s.length - 2));
  switch (Math.floor(pick.next() * 3)) {
    case 0:
      return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
    case 1:
      return s.slice(0, i) + s.slice(i + 1);
    default:
      return s.slice(0, i) + s[i] + s.slice(i);
  }
}

/** About 200 header-search queries: part numbers whole and partial, values, words, typos, layout slips. */
export function suggestionQueries(): string[] {
  const cat = readCatalogueSample();
  const pick = picker(7);
  const fromCatalogue = pick.some(cat.partNumbers, 60).map((pn, i) => {
    const lower = pn.toLowerCase();
    // Shoppers type the start of a part number as often as the whole of it.
    if (i % 3 === 1) return lower.replace(/[^a-z0-9]/g, '').slice(0, Math.max(4, Math.ceil(lower.length * 0.6)));
    return i % 3 === 2 ? lower.replace(/[^a-z0-9]/g, '') : lower;
  });
  const typos = pick.some([...WELL_KNOWN_PARTS.filter((p) => /\d/.test(p)), ...cat.partNumbers], 30).map((pn) => typo(pn, pick));
  const latinSlips = pick
    .some(
      WELL_KNOWN_PARTS.filter((p) => /^[a-z0-9]+$/.test(p)),
      10,
    )
    .map((p) => latinLayoutToPersian(p) ?? p);
  const persianSlips = pick
    .some(
      PERSIAN_WORDS.filter((w) => !w.includes(' ')),
      10,
    )
    .map((w) => persianLayoutToLatin(w) ?? w);
  const all = [
    ...WELL_KNOWN_PARTS,
    ...fromCatalogue,
    ...PERSIAN_WORDS,
    ...VALUE_QUERIES,
    ...ENGLISH_QUERIES,
    ...typos,
    ...latinSlips,
    ...persianSlips,
  ];
  return [...new Set(all.map((q) => q.trim()).filter((q) => q.length >= 2))];
}

export function suggestionPaths(queries: string[]): string[] {
  return queries.map((q) => `${API}/suggestion?${new URLSearchParams({ filter_searchPart: q })}`);
}

/** About 150 listing requests: category pages with paging, sorting and filters, and text searches. */
export function getProductPaths(queries: string[]): string[] {
  const cat = readCatalogueSample();
  const pick = picker(11);
  const sorts = ['default', 'default', 'name_asc', 'name_desc'];
  const paths: string[] = [];
  for (const slug of [...cat.topCategories, ...pick.some(cat.leafCategories, 40)]) {
    const params: Record<string, string> = { filter_category: slug };
    const page = 1 + Math.floor(pick.next() * 3);
    if (page > 1) params.page = String(page);
    const sort = pick.one(sorts);
    if (sort !== 'default') params.sort = sort;
    const r = pick.next();
    if (r < 0.15) params.filter_price = '0-5000000';
    else if (r < 0.3) params.filter_availability = 'in-stock';
    else if (r < 0.4) params.filter_quality = 'original';
    paths.push(`${API}/getProduct?${new URLSearchParams(params)}`);
  }
  for (const q of pick.some(queries, 80)) {
    const params: Record<string, string> = { filter_part: q };
    const r = pick.next();
    if (r < 0.15) params.page = '2';
    else if (r < 0.25) params.sort = 'name_asc';
    else if (r < 0.35) params.filter_availability = 'in-stock';
    paths.push(`${API}/getProduct?${new URLSearchParams(params)}`);
  }
  // The header's part-number mode.
  for (const q of pick.some(
    queries.filter((x) => /\d/.test(x)),
    20,
  )) {
    paths.push(`${API}/getProduct?${new URLSearchParams({ filter_searchPart: q })}`);
  }
  return [...new Set(paths)];
}
