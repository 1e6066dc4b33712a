/** The demo shop's category tree (our own wording), three levels at most. */
import type { CategoryInput } from '../services/catalogue/types';

type Node = [slug: string, name: string, nameFa: string, children?: Node[]];

const TREE: Node[] = [
  [
    'ics',
    'Integrated circuits',
    'آی‌سی و مدار مجتمع',
    [
      ['amplifiers', 'Amplifiers & comparators', 'آپ‌امپ و مقایسه‌گر'],
      ['regulators', 'Voltage regulators', 'رگولاتور ولتاژ'],
      ['timers-logic', 'Timers & logic', 'تایمر و آی‌سی منطقی'],
      ['interface-drivers', 'Interface & drivers', 'آی‌سی رابط و درایور'],
      ['memories', 'Memory', 'آی‌سی حافظه'],
    ],
  ],
  [
    'mcu',
    'Microcontrollers',
    'میکروکنترلر',
    [
      ['mcu-avr', 'AVR', 'میکروکنترلر AVR'],
      ['mcu-arm', 'ARM Cortex-M', 'میکروکنترلر ARM'],
      ['mcu-wireless', 'Wi-Fi & Bluetooth SoCs', 'تراشه وای‌فای و بلوتوث'],
    ],
  ],
  [
    'discretes',
    'Transistors & diodes',
    'ترانزیستور و دیود',
    [
      ['bjt', 'Bipolar transistors', 'ترانزیستور دوقطبی'],
      ['mosfets', 'MOSFETs', 'ماسفت'],
      ['diodes-rectifiers', 'Diodes & rectifiers', 'دیود و یکسوساز'],
    ],
  ],
  [
    'passives',
    'Passive components',
    'قطعات پسیو',
    [
      [
        'resistors',
        'Resistors',
        'مقاومت',
        [
          ['resistors-tht', 'Through-hole resistors', 'مقاومت پایه‌دار'],
          ['resistors-smd', 'SMD resistors', 'مقاومت SMD'],
        ],
      ],
      [
        'capacitors',
        'Capacitors',
        'خازن',
        [
          ['capacitors-ceramic', 'Ceramic capacitors', 'خازن سرامیکی'],
          ['capacitors-electrolytic', 'Electrolytic capacitors', 'خازن الکترولیتی'],
        ],
      ],
      ['crystals', 'Crystals', 'کریستال'],
    ],
  ],
  [
    'opto',
    'Optoelectronics',
    'اپتوالکترونیک',
    [
      ['leds', 'LEDs', 'ال‌ای‌دی (LED)'],
      ['displays', 'Displays', 'نمایشگر'],
    ],
  ],
  [
    'electromechanical',
    'Electromechanical',
    'الکترومکانیک',
    [
      ['pin-headers', 'Pin headers & sockets', 'پین‌هدر و سوکت'],
      ['relays', 'Relays', 'رله'],
      ['switches', 'Switches & buttons', 'کلید و شستی'],
    ],
  ],
  [
    'modules',
    'Modules & boards',
    'ماژول و برد',
    [
      ['dev-boards', 'Development boards', 'برد توسعه'],
      ['sensor-modules', 'Sensor modules', 'ماژول سنسور'],
      ['power-modules', 'Power modules', 'ماژول تغذیه'],
      ['radio-modules', 'Communication modules', 'ماژول ارتباطی'],
    ],
  ],
  [
    'tools',
    'Tools & instruments',
    'ابزار و تجهیزات',
    [
      ['soldering-tools', 'Soldering', 'لحیم‌کاری'],
      ['meters', 'Measurement', 'ابزار اندازه‌گیری'],
    ],
  ],
  [
    'cables',
    'Cables & wires',
    'سیم و کابل',
    [
      ['jumper-wires', 'Jumper wires', 'سیم جامپر'],
      ['usb-cables', 'USB cables', 'کابل USB'],
    ],
  ],
];

export function demoCategories(): CategoryInput[] {
  const out: CategoryInput[] = [];
  const walk = (nodes: Node[], parentSlug: string | null) =>
    nodes.forEach(([slug, name, nameFa, children], i) => {
      out.push({ slug, parentSlug, name, nameFa, sort: (i + 1) * 10 });
      if (children) walk(children, slug);
    });
  walk(TREE, null);
  return out;
}

/** Leaf categories, where products live. */
export function demoLeafSlugs(): string[] {
  const all = demoCategories();
  return all.filter((c) => !all.some((x) => x.parentSlug === c.slug)).map((c) => c.slug);
}
