/**
 * The demo catalogue as writer input: hand-picked parts plus value series, with stock, tiers,
 * qualities, badges and discounts spread the way a real shop's are (seeded, so every run matches).
 */
import { tomanToRials } from '../../lib/money';
import { slugify } from '../../lib/slugify';
import type { ProductFileKind } from '../db/schema';
import type { CatalogueInput, ProductInput, TierInput } from '../services/catalogue/types';
import { parseAttributes } from '../services/catalogue/csv-rows';
import { demoCategories } from './demo-categories';
import { DEMO_PARTS } from './demo-parts';
import { demoSeries } from './demo-series';
import { randomSource, type Random } from './random';

/** One sentence per category that tells a shopper what the part is for; our own wording. */
const CATEGORY_BLURB: Record<string, [fa: string, en: string]> = {
  amplifiers: [
    'مناسب برای تقویت سیگنال سنسورها، فیلترهای فعال و مدارهای صوتی.',
    'Suits sensor signal conditioning, active filters and audio stages.',
  ],
  regulators: [
    'برای تغذیه پایدار میکروکنترلرها و مدارهای دیجیتال و آنالوگ.',
    'Gives microcontrollers and analogue circuits a steady supply.',
  ],
  'timers-logic': [
    'قطعه پرکاربرد آزمایشگاه‌ها و پروژه‌های دانشجویی و صنعتی.',
    'A staple of lab benches, student projects and industrial boards.',
  ],
  'interface-drivers': [
    'پل ارتباطی میان میکروکنترلر و دنیای بیرون: موتور، رله و خطوط سریال.',
    'Connects a microcontroller to motors, relays and serial lines.',
  ],
  memories: ['برای نگهداری تنظیمات، داده‌های ثبت‌شده و فریم‌ور.', 'Keeps settings, logged data and firmware.'],
  'mcu-avr': ['با آردوینو و کامپایلر GCC به‌راحتی برنامه‌ریزی می‌شود.', 'Programs easily with the Arduino tools or plain GCC.'],
  'mcu-arm': [
    'قدرت پردازش بالا با مصرف کم؛ پشتیبانی کامل در STM32CubeIDE و PlatformIO.',
    'Plenty of processing at low power; supported by STM32CubeIDE and PlatformIO.',
  ],
  'mcu-wireless': ['برای پروژه‌های اینترنت اشیا و کنترل از راه دور.', 'For IoT and remote-control projects.'],
  bjt: ['برای سوئیچ و تقویت در مدارهای کم‌توان.', 'For switching and amplification in low-power circuits.'],
  mosfets: ['سوئیچ قدرت با تلفات کم برای موتور، LED پرنور و منبع تغذیه.', 'Low-loss power switch for motors, bright LEDs and supplies.'],
  'diodes-rectifiers': [
    'یکسوسازی، محافظت در برابر اتصال معکوس و حذف ولتاژ برگشتی.',
    'Rectification, reverse-polarity protection and flyback clamping.',
  ],
  crystals: ['منبع کلاک دقیق برای میکروکنترلرها و مدارهای زمان‌بندی.', 'Accurate clock source for microcontrollers and timing circuits.'],
  displays: ['نمایش عدد و متن در پروژه‌ها و دستگاه‌های اندازه‌گیری.', 'Shows numbers and text on projects and instruments.'],
  relays: ['قطع و وصل بارهای برق شهر با فرمان ولتاژ پایین.', 'Switches mains loads from a low-voltage signal.'],
  switches: ['ورودی کاربر برای پنل‌ها و بردهای آزمایشی.', 'User input for panels and prototype boards.'],
  'dev-boards': ['شروع سریع پروژه بدون نیاز به طراحی برد.', 'Start a project at once, no board design needed.'],
  'sensor-modules': [
    'ماژول آماده با پایه‌های استاندارد برای اتصال مستقیم به آردوینو و ESP.',
    'Ready-made module that plugs straight into Arduino or ESP boards.',
  ],
  'power-modules': ['تبدیل ولتاژ با راندمان بالا در ابعاد کوچک.', 'Efficient voltage conversion in a small footprint.'],
  'radio-modules': ['ارتباط بی‌سیم میان بردها و با گوشی همراه.', 'Wireless links between boards and to phones.'],
  'soldering-tools': ['ابزار ضروری میز کار الکترونیک.', 'An essential on every electronics bench.'],
  meters: ['اندازه‌گیری دقیق ولتاژ، جریان و مقاومت.', 'Accurate voltage, current and resistance readings.'],
  'jumper-wires': ['اتصال سریع روی بردبورد بدون لحیم‌کاری.', 'Quick breadboard connections without soldering.'],
  'usb-cables': ['برای برنامه‌ریزی بردها و شارژ.', 'For programming boards and charging.'],
  'resistors-tht': ['مقاومت فیلم فلزی با دقت بالا و نویز کم.', 'Precise, low-noise metal film resistor.'],
  'resistors-smd': ['مقاومت چیپ برای مونتاژ سطحی.', 'Chip resistor for surface mounting.'],
  'capacitors-ceramic': ['برای دکوپلینگ، فیلتر و مدارهای کلاک.', 'For decoupling, filters and clock circuits.'],
  'capacitors-electrolytic': ['صافی منبع تغذیه و ذخیره انرژی؛ دمای کاری ۱۰۵ درجه.', 'Supply smoothing and energy storage; rated 105°C.'],
  leds: ['نشانگر وضعیت و روشنایی در پروژه‌ها.', 'Status indicator and light source for projects.'],
  'pin-headers': ['اتصال ماژول‌ها و بردها با گام استاندارد ۲٫۵۴ میلی‌متر.', 'Joins modules and boards at the standard 2.54mm pitch.'],
};

const APPLICATION_NOTES: Record<string, [label: string, labelEn: string, file: string]> = {
  LM358P: ['راهنمای طراحی با آپ‌امپ تک‌تغذیه', 'Single-supply op-amp design guide', 'single-supply-op-amp-design.pdf'],
  NE555P: ['مدارهای کاربردی تایمر ۵۵۵', '555 timer application circuits', '555-timer-circuits.pdf'],
  LM2596S: ['چیدمان برد برای رگولاتور سوئیچینگ', 'Board layout for switching regulators', 'switching-regulator-layout.pdf'],
  'ATMEGA328P-PU': ['حداقل مدار راه‌اندازی ATmega328P', 'ATmega328P minimal circuit', 'atmega328p-minimal-circuit.pdf'],
  STM32F103C8T6: ['شروع کار با STM32 و SWD', 'Getting started with STM32 and SWD', 'stm32-getting-started-swd.pdf'],
  // No English title: English pages show the Persian one, marked as Persian.
  IRFZ44NPBF: ['راه‌اندازی ماسفت با میکروکنترلر', '', 'driving-mosfets-from-mcus.pdf'],
};
const FILES_BASE = 'https://storage.qateh.example';
const ROUNDING = (toman: number) => (toman < 1000 ? 10 : toman < 100_000 ? 100 : 1000);
const round = (toman: number) => Math.max(ROUNDING(toman), Math.round(toman / ROUNDING(toman)) * ROUNDING(toman));

/** Quantity breaks starting at the order minimum; cheap parts get deeper discounts. */
function tiersFor(price: number, min: number, compare: number | null): TierInput[] {
  const steps = [
    [1, 1],
    [10, 0.93],
    [100, 0.86],
  ] as const;
  return steps.map(([factor, discount], i) => {
    const next = steps[i + 1];
    const p = i === 0 ? price : round(price * discount);
    return {
      minCount: min * factor,
      maxCount: next ? min * next[0] - 1 : null,
      price: tomanToRials(p),
      compareAtPrice: compare === null ? null : tomanToRials(i === 0 ? compare : round(compare * discount)),
    };
  });
}

export interface DemoFile {
  slug: string;
  kind: ProductFileKind;
  label: string;
  labelEn: string | null;
  fileLink: string;
}
export interface DemoCatalogue extends CatalogueInput {
  files: DemoFile[];
}

interface Draft {
  partNumber: string;
  brand: string;
  pkg: string;
  category: string;
  nameFa: string;
  name: string;
  price: number;
  attributes: string;
  min: number;
  datasheet: string | null;
  kind: 'part' | 'series';
}

function finish(d: Draft, rnd: Random, slugs: Set<string>, quality: ProductInput['quality'], suffix = ''): ProductInput {
  // Parts: part number + package ("lm358p-pdip8"); series SKUs already say what they are.
  const withPackage = d.kind === 'part' && d.pkg && !['Module', 'Board', 'Tool', 'Instrument', 'Cable', 'THT', 'Enclosed'].includes(d.pkg);
  let slug = `${slugify(d.partNumber)}${withPackage ? `-${slugify(d.pkg).replace(/-/g, '')}` : ''}${suffix}`;
  while (slugs.has(slug)) slug += '-2';
  slugs.add(slug);
  const zero = rnd.chance(0.08);
  const dated = zero && rnd.chance(0.5);
  const availability = dated ? new Date(Date.UTC(2026, rnd.int(0, 5), rnd.int(1, 28))).toISOString().slice(0, 10) : null;
  const onSale = rnd.chance(0.12);
  const compare = onSale ? round(d.price * (1.1 + rnd.next() * 0.2)) : null;
  const badges = new Set<string>();
  if (onSale) badges.add('sale');
  if (dated) badges.add('pre-order');
  if (rnd.chance(0.08)) badges.add('hot');
  if (rnd.chance(0.08)) badges.add('new');
  if (rnd.chance(0.05)) badges.add('best-seller');
  const blurb = CATEGORY_BLURB[d.category] ?? ['', ''];
  const attrs = parseAttributes(d.pkg && !d.attributes.startsWith('Package=') ? `Package=${d.pkg};${d.attributes}` : d.attributes);
  const qualityFa = quality === 'copy' ? ' (کپی)' : quality === 'renew' ? ' (ری‌نیو)' : '';
  const qualityEn = quality === 'copy' ? ' (copy)' : quality === 'renew' ? ' (refurbished)' : '';
  const noTiers = d.price > 500_000 || (d.kind === 'part' && rnd.chance(0.15));
  return {
    slug,
    partNumber: d.partNumber,
    name: `${d.name}${qualityEn}`,
    nameFa: `${d.nameFa}${qualityFa}`,
    categorySlug: d.category,
    brand: d.brand,
    package: d.pkg || null,
    quality,
    description: `${d.name}${d.brand !== 'Generic' ? ` by ${d.brand}` : ''}${d.pkg ? `, ${d.pkg}` : ''}. ${blurb[1]}`,
    descriptionFa: `${d.nameFa}${d.brand !== 'Generic' ? ` ساخت ${d.brand}` : ''}. ${blurb[0]}`,
    price: tomanToRials(d.price),
    tiers: noTiers ? [] : tiersFor(d.price, d.min, compare),
    minimumPurchase: d.min,
    stock: zero ? 0 : rnd.chance(0.1) ? rnd.int(1, 9) : rnd.int(20, 3000),
    threshold: d.price > 1_000_000 ? 5 : 500,
    availabilityDate: availability,
    enable: !rnd.chance(0.03),
    datasheetUrl: d.datasheet,
    attributes: 'error' in attrs ? [] : attrs.attributes,
    compareAtPrice: compare === null ? null : tomanToRials(compare),
    badges: [...badges],
    moreDescription: null,
    specification: null,
  };
}

export function demoCatalogue(): DemoCatalogue {
  const rnd = randomSource(1404);
  const slugs = new Set<string>();
  const products: ProductInput[] = [];
  const files: DemoFile[] = [];
  for (const [partNumber, brand, pkg, category, kindFa, titleFa, titleEn, price, attributes, datasheet] of DEMO_PARTS) {
    const isModule =
      ['Module', 'Board', 'Tool', 'Instrument', 'Cable', 'Enclosed', 'THT', 'Panel mount'].includes(pkg) || pkg.startsWith('SMD module');
    const nameFa = isModule ? `${kindFa} ${titleFa} ${partNumber}` : `${kindFa} ${partNumber} ${titleFa} پکیج ${pkg}`;
    const draft: Draft = {
      partNumber,
      brand,
      pkg,
      category,
      nameFa,
      name: `${partNumber} ${titleEn}${isModule ? '' : `, ${pkg}`}`,
      price,
      attributes,
      min: price < 1000 ? 10 : 1,
      datasheet: datasheet ?? null,
      kind: 'part',
    };
    const branded = brand !== 'Generic';
    const p = finish(draft, rnd, slugs, branded ? 'original' : null);
    products.push(p);
    // Popular chips also come as market copies and pulled-and-tested parts, as in real shops.
    if (branded && !isModule && rnd.chance(0.12))
      products.push(finish({ ...draft, price: round(price * 0.55) }, rnd, slugs, 'copy', '-copy'));
    else if (branded && !isModule && rnd.chance(0.05))
      products.push(finish({ ...draft, price: round(price * 0.7) }, rnd, slugs, 'renew', '-renew'));
    if (!isModule && pkg && /DIP|SOIC|SOP|QFP|QFN|TO-|SOT/.test(pkg)) {
      files.push({
        slug: p.slug,
        kind: 'footprint',
        label: `فوت‌پرینت ${pkg} (KiCad)`,
        labelEn: `${pkg} footprint (KiCad)`,
        fileLink: `${FILES_BASE}/footprints/${slugify(pkg)}.kicad_mod`,
      });
    }
    const note = APPLICATION_NOTES[partNumber];
    if (note)
      files.push({
        slug: p.slug,
        kind: 'applicationnote',
        label: note[0],
        labelEn: note[1] || null,
        fileLink: `${FILES_BASE}/notes/${note[2]}`,
      });
  }
  for (const s of demoSeries()) {
    products.push(
      finish(
        {
          partNumber: s.partNumber,
          brand: s.brand,
          pkg: s.package,
          category: s.category,
          nameFa: s.nameFa,
          name: s.name,
          price: s.priceToman,
          attributes: s.attributes,
          min: s.minimumPurchase,
          datasheet: null,
          kind: 'series',
        },
        rnd,
        slugs,
        null,
      ),
    );
  }
  return { categories: demoCategories(), products, files };
}
