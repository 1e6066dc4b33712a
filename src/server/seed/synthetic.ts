/**
 * A large synthetic catalogue for benchmarks (`npm run seed -- --products 100000`): part-number
 * families (a base with several suffix and package variants, so family search has work to do),
 * Persian names, tiers and attributes, spread over the demo category tree. Seeded: the same count
 * always gives the same catalogue.
 */
import { tomanToRials } from '../../lib/money';
import { toPersianDigits } from '../../lib/persian';
import { slugify } from '../../lib/slugify';
import type { Db } from '../db/client';
import { loadCategories, refreshCategoryCounts, writeCategories } from '../services/catalogue/category-writer';
import { writeProducts } from '../services/catalogue/product-writer';
import type { ProductInput, TierInput } from '../services/catalogue/types';
import { demoCategories } from './demo-categories';
import { randomSource, type Random } from './random';

interface Family {
  category: string;
  kindFa: string;
  titles: [fa: string, en: string][];
  prefixes: string[];
  suffixes: string[];
  packages: string[];
  makers: string[];
  price: [min: number, max: number];
  attributes: [name: string, values: string[]][];
}

const IC_PACKAGES = ['PDIP-8', 'SOIC-8', 'TSSOP-8', 'PDIP-14', 'SOIC-14', 'PDIP-16', 'SOIC-16', 'SOT-23-5', 'QFN-16 3x3', 'MSOP-8'];
const MAKERS_ANALOG = [
  'Texas Instruments',
  'STMicroelectronics',
  'onsemi',
  'Analog Devices',
  'Microchip',
  'Nexperia',
  'Diodes Incorporated',
  'Renesas',
  'NXP',
];

const FAMILIES: Family[] = [
  {
    category: 'amplifiers',
    kindFa: 'آی‌سی',
    titles: [
      ['آپ‌امپ دوبل', 'Dual op-amp'],
      ['آپ‌امپ چهارتایی', 'Quad op-amp'],
      ['مقایسه‌گر', 'Comparator'],
      ['آپ‌امپ دقیق', 'Precision op-amp'],
    ],
    prefixes: ['LM', 'TL', 'OPA', 'AD', 'MCP', 'TLV', 'LMV', 'NE', 'TSV'],
    suffixes: ['N', 'P', 'D', 'DR', 'DT', 'PW', 'AIDR', 'CN', 'IDBVR', 'N/NOPB'],
    packages: IC_PACKAGES,
    makers: MAKERS_ANALOG,
    price: [4000, 250000],
    attributes: [
      ['Channels', ['1', '2', '4']],
      ['Supply voltage', ['3-32V', '1.8-5.5V', '±5 to ±15V']],
      ['GBW', ['0.7MHz', '1MHz', '3MHz', '10MHz']],
    ],
  },
  {
    category: 'regulators',
    kindFa: 'آی‌سی',
    titles: [
      ['رگولاتور خطی', 'Linear regulator'],
      ['رگولاتور LDO', 'LDO regulator'],
      ['مبدل کاهنده', 'Step-down converter'],
    ],
    prefixes: ['LM', 'L78', 'AMS', 'MP', 'TPS', 'LT', 'XL', 'MIC', 'AP'],
    suffixes: ['T', 'CV', 'S', 'DCYR', 'DR', '-3.3', '-5.0', 'ADJ'],
    packages: ['TO-220', 'SOT-223', 'SOT-23-5', 'TO-263-5', 'SOIC-8', 'DPAK'],
    makers: MAKERS_ANALOG,
    price: [2500, 180000],
    attributes: [
      ['Output voltage', ['3.3V', '5V', '12V', 'Adjustable']],
      ['Output current', ['0.5A', '1A', '1.5A', '3A']],
    ],
  },
  {
    category: 'timers-logic',
    kindFa: 'آی‌سی',
    titles: [
      ['گیت منطقی', 'Logic gate'],
      ['شمارنده', 'Counter'],
      ['شیفت رجیستر', 'Shift register'],
      ['فلیپ‌فلاپ', 'Flip-flop'],
    ],
    prefixes: ['SN74HC', 'SN74LS', '74HCT', 'CD40', '74LVC', 'MC14'],
    suffixes: ['N', 'D', 'DR', 'PW', 'BE', 'M96'],
    packages: ['PDIP-14', 'SOIC-14', 'PDIP-16', 'SOIC-16', 'TSSOP-14'],
    makers: ['Texas Instruments', 'Nexperia', 'onsemi', 'Toshiba'],
    price: [3000, 40000],
    attributes: [
      ['Family', ['74HC', '74LS', 'CMOS 4000', '74LVC']],
      ['Gates', ['1', '2', '4', '6']],
    ],
  },
  {
    category: 'interface-drivers',
    kindFa: 'آی‌سی',
    titles: [
      ['فرستنده‌گیرنده', 'Transceiver'],
      ['درایور موتور', 'Motor driver'],
      ['درایور گیت', 'Gate driver'],
    ],
    prefixes: ['MAX', 'SN65', 'IR', 'DRV', 'L', 'ADM', 'SP'],
    suffixes: ['CPE', 'ESA', 'DR', 'PBF', 'N', 'ARZ'],
    packages: IC_PACKAGES,
    makers: MAKERS_ANALOG,
    price: [8000, 300000],
    attributes: [
      ['Interface', ['RS-485', 'RS-232', 'CAN', 'I2C', 'SPI']],
      ['Output current', ['500mA', '1A', '2A']],
    ],
  },
  {
    category: 'memories',
    kindFa: 'آی‌سی',
    titles: [
      ['حافظه EEPROM', 'EEPROM'],
      ['حافظه فلش SPI', 'SPI flash'],
      ['حافظه SRAM', 'SRAM'],
    ],
    prefixes: ['24LC', 'AT24C', 'W25Q', 'IS62', 'AT25', '23LC', 'MX25L'],
    suffixes: ['-I/P', '-I/SN', 'JVSIQ', 'N-SH-T', 'BLL'],
    packages: ['PDIP-8', 'SOIC-8', 'TSSOP-8', 'SOIC-8 208mil'],
    makers: ['Microchip', 'Winbond', 'ISSI', 'Macronix'],
    price: [4000, 120000],
    attributes: [
      ['Density', ['2Kbit', '64Kbit', '256Kbit', '16Mbit', '64Mbit']],
      ['Interface', ['I2C', 'SPI']],
    ],
  },
  {
    category: 'mcu-avr',
    kindFa: 'آی‌سی',
    titles: [['میکروکنترلر AVR', 'AVR microcontroller']],
    prefixes: ['ATMEGA', 'ATTINY', 'AT90'],
    suffixes: ['-PU', '-AU', '-MU', 'A-PU', 'A-AU', 'P-AU'],
    packages: ['PDIP-28', 'TQFP-32', 'QFN-32 5x5', 'PDIP-40', 'TQFP-44', 'PDIP-8'],
    makers: ['Microchip'],
    price: [60000, 450000],
    attributes: [
      ['Flash', ['4KB', '8KB', '16KB', '32KB', '64KB']],
      ['SRAM', ['512B', '1KB', '2KB', '4KB']],
    ],
  },
  {
    category: 'mcu-arm',
    kindFa: 'آی‌سی',
    titles: [['میکروکنترلر ARM', 'ARM microcontroller']],
    prefixes: ['STM32F', 'STM32G', 'STM32L', 'LPC', 'ATSAMD', 'GD32F'],
    suffixes: ['C8T6', 'CBT6', 'RCT6', 'VGT6', 'K6T6', 'F4P6'],
    packages: ['LQFP-48', 'LQFP-64', 'LQFP-100', 'TSSOP-20', 'UFQFPN-32'],
    makers: ['STMicroelectronics', 'NXP', 'Microchip', 'GigaDevice'],
    price: [60000, 1200000],
    attributes: [
      ['Core', ['Cortex-M0', 'Cortex-M0+', 'Cortex-M3', 'Cortex-M4F']],
      ['Flash', ['16KB', '64KB', '256KB', '1MB']],
    ],
  },
  {
    category: 'bjt',
    kindFa: 'ترانزیستور',
    titles: [
      ['NPN همه‌منظوره', 'NPN transistor'],
      ['PNP همه‌منظوره', 'PNP transistor'],
      ['دارلینگتون', 'Darlington'],
    ],
    prefixes: ['BC', '2N', 'MMBT', 'TIP', 'BD', 'KSP', 'S'],
    suffixes: ['B', 'C', 'A', 'BTA', 'LT1G', 'G'],
    packages: ['TO-92', 'SOT-23', 'TO-220', 'TO-126'],
    makers: ['onsemi', 'Nexperia', 'STMicroelectronics', 'Diodes Incorporated'],
    price: [400, 20000],
    attributes: [
      ['Vceo', ['30V', '45V', '60V', '100V']],
      ['Ic', ['100mA', '500mA', '1A', '5A']],
    ],
  },
  {
    category: 'mosfets',
    kindFa: 'ماسفت',
    titles: [
      ['کانال N', 'N-channel MOSFET'],
      ['کانال P', 'P-channel MOSFET'],
    ],
    prefixes: ['IRF', 'IRLZ', 'AO', 'SI', 'FQP', 'STP', 'IPP'],
    suffixes: ['NPBF', 'PBF', 'A', 'DY-T1', 'N', 'F'],
    packages: ['TO-220AB', 'SOT-23', 'SOIC-8', 'DPAK', 'TO-247'],
    makers: ['Infineon', 'Alpha & Omega', 'Vishay', 'onsemi', 'STMicroelectronics'],
    price: [1200, 95000],
    attributes: [
      ['Vds', ['30V', '55V', '100V', '600V']],
      ['Id', ['5A', '20A', '49A', '80A']],
    ],
  },
  {
    category: 'diodes-rectifiers',
    kindFa: 'دیود',
    titles: [
      ['یکسوساز', 'Rectifier'],
      ['شاتکی', 'Schottky diode'],
      ['زنر', 'Zener diode'],
    ],
    prefixes: ['1N', 'SS', 'BZX55C', 'UF', 'FR', 'SB', 'MBR'],
    suffixes: ['', 'A', 'G', '-E3', 'T'],
    packages: ['DO-41', 'DO-35', 'SMA (DO-214AC)', 'SOD-123', 'DO-201AD'],
    makers: ['Diodes Incorporated', 'Vishay', 'onsemi', 'Taiwan Semiconductor'],
    price: [200, 8000],
    attributes: [
      ['Reverse voltage', ['40V', '100V', '400V', '1000V']],
      ['Forward current', ['200mA', '1A', '3A']],
    ],
  },
];

const faN = (n: number) => toPersianDigits(String(n));
const roundPrice = (t: number) =>
  t < 1000 ? Math.max(10, Math.round(t / 10) * 10) : t < 100_000 ? Math.round(t / 100) * 100 : Math.round(t / 1000) * 1000;

function tiers(price: number, min: number): TierInput[] {
  return [
    { minCount: min, maxCount: min * 10 - 1, price: tomanToRials(price) },
    { minCount: min * 10, maxCount: min * 100 - 1, price: tomanToRials(roundPrice(price * 0.93)) },
    { minCount: min * 100, maxCount: null, price: tomanToRials(roundPrice(price * 0.86)) },
  ];
}

function* syntheticProducts(count: number, rnd: Random): Generator<ProductInput> {
  const slugs = new Set<string>();
  let made = 0;
  while (made < count) {
    const f = rnd.pick(FAMILIES);
    const base = `${rnd.pick(f.prefixes)}${rnd.int(10, 9999)}`;
    const [titleFa, titleEn] = rnd.pick(f.titles);
    const maker = rnd.pick(f.makers);
    const basePrice = Math.exp(Math.log(f.price[0]) + rnd.next() * (Math.log(f.price[1]) - Math.log(f.price[0])));
    const attrs = f.attributes.map(([name, values]) => ({ name, value: rnd.pick(values) }));
    // One family: the same die sold under several order codes and packages.
    const variants = rnd.int(1, 6);
    for (let v = 0; v < variants && made < count; v++) {
      const pn = `${base}${rnd.pick(f.suffixes)}`;
      const pkg = rnd.pick(f.packages);
      let slug = `syn-${slugify(pn)}-${slugify(pkg).replace(/-/g, '')}`;
      if (slugs.has(slug)) slug = `${slug}-${made}`;
      slugs.add(slug);
      const quality = rnd.chance(0.06) ? ('copy' as const) : rnd.chance(0.02) ? ('renew' as const) : ('original' as const);
      const price = roundPrice(basePrice * (0.85 + rnd.next() * 0.3) * (quality === 'original' ? 1 : 0.6));
      const min = price < 1000 ? 10 : 1;
      const zero = rnd.chance(0.08);
      made++;
      yield {
        slug,
        partNumber: pn,
        categorySlug: f.category,
        brand: maker,
        package: pkg,
        quality,
        name: `${pn} ${titleEn}, ${pkg}${quality === 'copy' ? ' (copy)' : quality === 'renew' ? ' (refurbished)' : ''}`,
        nameFa: `${f.kindFa} ${pn} ${titleFa} پکیج ${pkg}${quality === 'copy' ? ' (کپی)' : quality === 'renew' ? ' (ری‌نیو)' : ''}`,
        description: `${pn}: ${titleEn.toLowerCase()} from ${maker} in ${pkg}. Synthetic benchmark item ${made}.`,
        descriptionFa: `${f.kindFa} ${pn} ${titleFa} ساخت ${maker} در پکیج ${pkg}. کالای آزمایشی شماره ${faN(made)}.`,
        price: tomanToRials(price),
        tiers: rnd.chance(0.8) ? tiers(price, min) : [],
        minimumPurchase: min,
        stock: zero ? 0 : rnd.int(1, 5000),
        threshold: 500,
        availabilityDate: zero && rnd.chance(0.4) ? `2026-0${rnd.int(1, 9)}-${String(rnd.int(10, 28))}` : null,
        enable: !rnd.chance(0.02),
        datasheetUrl: null,
        attributes: [{ name: 'Package', value: pkg }, ...attrs],
      };
    }
  }
}

const BATCH = 10_000;

/**
 * Adds `count` synthetic products (slugs "syn-…") to the demo category tree, creating the tree if it
 * is missing. Each batch of 10,000 is its own transaction, so memory stays flat at any size.
 */
export async function seedSynthetic(db: Db, count: number): Promise<{ products: number }> {
  await db.transaction(async (tx) => {
    await writeCategories(tx, demoCategories());
  });
  const categories = await loadCategories(db);
  const rnd = randomSource(20_260_101);
  let batch: ProductInput[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await db.transaction(async (tx) => {
      await writeProducts(tx, rows, categories);
    });
  };
  for (const p of syntheticProducts(count, rnd)) {
    batch.push(p);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();
  await refreshCategoryCounts(db);
  return { products: count };
}
