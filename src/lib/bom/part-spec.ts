/**
 * What a parts-list line says about a part that has no part number, or whose part number is only a
 * value ("10k", "100n", "4.7uF 16V", "16MHz", "red"): the kind of part, its value in SI units, the
 * ratings and the package, read from the value, footprint and description cells. The catalogue's
 * attributes are read the same way, so a line and a product compare like with like. Pure.
 */
import { toAsciiDigits, toPersianLetters } from '../persian';

export type PartKind = 'resistor' | 'capacitor' | 'inductor' | 'crystal' | 'led';

export interface PartSpec {
  kind: PartKind | null;
  /** Ohms, farads, henries or hertz; null for an LED or when none was written. */
  value: number | null;
  /** Percent (±). */
  tolerance: number | null;
  voltage: number | null;
  /** Watts. */
  power: number | null;
  /** A normalised package code: "0805", "SO-8", "DIP-8", "SOT-23", "TO-220", "HC-49", "RADIAL", "LED-5MM"... */
  package: string | null;
  /** Body diameter of a radial part, mm (CP_Radial_D5.0mm, "Radial 5x11mm"). */
  diameter: number | null;
  /** LED colour, English lower case. */
  colour: string | null;
}

const EMPTY: PartSpec = {
  kind: null,
  value: null,
  tolerance: null,
  voltage: null,
  power: null,
  package: null,
  diameter: null,
  colour: null,
};

const MULTIPLIER: Record<string, number> = { p: 1e-12, n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };

// Persian words people write in place of units and kinds ("مقاومت ۱۰ کیلو", "خازن ۱۰۰ نانو").
const PERSIAN_WORDS: [RegExp, string][] = [
  [/مگا\s*هرتز|مگاهرتز/g, 'MHz'],
  [/کیلو\s*هرتز|کیلوهرتز/g, 'kHz'],
  [/میکرو\s*فاراد|میکروفاراد/g, 'uF'],
  [/نانو\s*فاراد|نانوفاراد/g, 'nF'],
  [/پیکو\s*فاراد|پیکوفاراد/g, 'pF'],
  [/میکرو\s*هانری|میکروهانری/g, 'uH'],
  [/کیلو\s*اهم|کیلواهم/g, 'k'],
  [/مگا\s*اهم|مگااهم/g, 'M'],
  [/اهم/g, 'R'],
  [/کیلو/g, 'k'],
  [/مگا/g, 'M'],
  [/میکرو/g, 'u'],
  [/نانو/g, 'n'],
  [/پیکو/g, 'p'],
  [/ولت/g, 'V'],
  [/وات/g, 'W'],
  [/میلی\u200c?متری?/g, 'mm'],
];
const KIND_WORDS: [RegExp, PartKind][] = [
  [/مقاومت|\bres(istor)?\b|\bresistance\b/i, 'resistor'],
  [/خازن|\bcap(acitor)?\b|\bmlcc\b|\belectrolytic\b|\btantalum\b/i, 'capacitor'],
  [/سلف|\binductor\b|\bchoke\b/i, 'inductor'],
  [/کریستال|\bcrystal\b|\bxtal\b|\bresonator\b/i, 'crystal'],
  [/\bled\b|ال\s*ای\s*دی|^led|_led|led_/i, 'led'],
];
const COLOURS: [RegExp, string][] = [
  [/\bred\b|قرمز/i, 'red'],
  [/\bgreen\b|سبز/i, 'green'],
  [/\bblue\b|آبی/i, 'blue'],
  [/\byellow\b|زرد/i, 'yellow'],
  [/\bwhite\b|سفید/i, 'white'],
  [/\borange\b|نارنجی/i, 'orange'],
];

/** Digits, letters and micro signs as one spelling: "۴٫۷µF" → "4.7uF". */
export function normaliseSpecText(text: string): string {
  let s = toAsciiDigits(toPersianLetters(text))
    .replace(/٫/g, '.')
    .replace(/[µμ]/g, 'u')
    .replace(/Ω|ohms?\b/gi, 'R');
  for (const [re, to] of PERSIAN_WORDS) s = s.replace(re, ` ${to}`);
  // "10 k", "100 nF", "16 MHz": a number and its unit written apart.
  return s.replace(/(\d)\s+(?=(?:[pnumkKMG]?(?:F|H|Hz|R|V|W)|[pnukKM])\b)/g, '$1');
}

const CHIP_SIZES = ['01005', '0201', '0402', '0603', '0805', '1206', '1210', '1812', '2010', '2512'];
// Crystal and tantalum outlines written as four digits (3225, 3215, 3216 case A, 3528 case B...).
const OTHER_SIZES = ['3225', '3215', '2520', '2016', '5032', '3216', '3528', '6032', '7343', '5050', '3528', '2835'];

/**
 * The package a footprint, package or description cell names, as one code for each family of
 * equivalent names (SOIC-8 = SO-8 = SOP-8; DIP-8 = PDIP-8 = DIL-8; HC49/S = HC-49).
 */
export function packageOf(text: string): string | null {
  const s = normaliseSpecText(text).toUpperCase();
  const sep = '(?:^|[^A-Z0-9.])';
  const end = '(?=[^0-9.]|$)';
  let m = new RegExp(`${sep}(?:[RCLD]|LED)?_?(${CHIP_SIZES.join('|')})${end}`).exec(s);
  if (m) return m[1]!;
  if ((m = /(?:^|[^A-Z])(?:SOIC|SOP|SO|SOIC-N)-?(\d{1,2})(?![0-9])/.exec(s)) && !/TSSOP|SSOP|MSOP/.test(s)) return `SO-${Number(m[1])}`;
  if ((m = /(?:^|[^A-Z])(?:P?DIP|DIL)-?(\d{1,2})(?![0-9])/.exec(s))) return `DIP-${Number(m[1])}`;
  if ((m = /SOT-?23-?(\d)(?![0-9])/.exec(s))) return `SOT-23-${m[1]}`;
  if (/SOT-?223/.test(s)) return 'SOT-223';
  if (/SOT-?23(?![0-9])/.exec(s)) return 'SOT-23';
  if ((m = /SOD-?(\d{2,3})/.exec(s))) return `SOD-${m[1]}`;
  if ((m = /TO-?(220|92|263|252|247)/.exec(s))) return `TO-${m[1]}`;
  if ((m = /(T|L)QFP-?(\d{2,3})/.exec(s))) return `QFP-${m[2]}`;
  if (/HC-?49.*(SMD|SMT)|HC-?49-?U?S?-?SMD/.test(s)) return 'HC-49-SMD';
  if (/HC-?49/.test(s)) return 'HC-49';
  if ((m = /(?:^|[^A-Z0-9])SM([ABC])(?![A-Z])/.exec(s))) return `SM${m[1]}`;
  if ((m = /(?:^|[^A-Z])(DO-?(?:41|35|15|214A[ABC]))/.exec(s))) return m[1]!.replace(/DO-?/, 'DO-');
  if ((m = /(?:LED|^|[^0-9.])_?D?(3|5|10)(?:\.0)?MM/.exec(s)) && (/LED/.test(s) || /ROUND/.test(s))) return `LED-${m[1]}MM`;
  if (/RADIAL|CP_RADIAL|ELCO/.test(s)) return 'RADIAL';
  if (/AXIAL/.test(s)) return 'AXIAL';
  m = new RegExp(`${sep}(?:[A-Z]+_)?(${OTHER_SIZES.join('|')})${end}`).exec(s);
  if (m) return m[1]!;
  return null;
}

/** Diameter of a radial body: "CP_Radial_D5.0mm_P2.00mm" → 5, "Radial 6.3x11mm" → 6.3. */
export function diameterOf(text: string): number | null {
  const s = normaliseSpecText(text);
  const m = /(?:_D|\bD|radial\s+)(\d{1,2}(?:\.\d)?)(?:mm|x)/i.exec(s) ?? /\b(\d{1,2}(?:\.\d)?)x\d{1,2}(?:\.\d)?mm\b/i.exec(s);
  return m ? Number(m[1]) : null;
}

export function kindFromDesignators(designators: string | null): PartKind | null {
  const first = toAsciiDigits(designators ?? '')
    .trim()
    .toUpperCase()
    .match(/^[A-Z]+/)?.[0];
  switch (first) {
    case 'R':
    case 'RN':
      return 'resistor';
    case 'C':
    case 'CP':
      return 'capacitor';
    case 'L':
      return 'inductor';
    case 'Y':
    case 'X':
    case 'XTAL':
      return 'crystal';
    case 'LED':
      return 'led';
    default:
      return null;
  }
}

const UNIT_KIND: Record<string, PartKind> = { F: 'capacitor', H: 'inductor', HZ: 'crystal', R: 'resistor' };

/** A value token: "10k", "4K7", "4R7", "100nF", "0.1UF", "2.2uH", "16MHz", "470", "1M". */
export function parseValueToken(token: string, hint: PartKind | null): { kind: PartKind | null; value: number } | null {
  const t = token.trim();
  // RKM code: 4K7 = 4.7k, 4R7 = 4.7 Ω, 2R2 with an H hint would be an inductor code, kept to resistors.
  let m = /^(\d+)([RKM])(\d+)$/i.exec(t);
  if (m) {
    const mult = m[2]!.toUpperCase() === 'R' ? 1 : m[2]!.toUpperCase() === 'K' ? 1e3 : 1e6;
    return { kind: hint && hint !== 'resistor' ? null : 'resistor', value: Number(`${m[1]}.${m[3]}`) * mult };
  }
  m = /^(\d+(?:\.\d+)?)([pnumkKMGPNU]?)(F|H|Hz|HZ|hz|R)?$/.exec(t);
  if (!m) return null;
  const [, num, prefixRaw, unitRaw] = m;
  // "0.1UF", "100NF", "22PF": capitals from description columns; only M (mega) and K keep their case.
  const prefix = prefixRaw === 'U' || prefixRaw === 'N' || prefixRaw === 'P' ? prefixRaw.toLowerCase() : prefixRaw!;
  const unit = unitRaw?.toUpperCase() ?? '';
  let kind: PartKind | null = unit ? UNIT_KIND[unit]! : null;
  if (!kind) {
    if (hint === 'resistor' || hint === 'capacitor' || hint === 'inductor' || hint === 'crystal') kind = hint;
    // Without a unit or a hint: k and M mean ohms, p/n/u mean farads, as on schematics.
    else if (prefix === 'k' || prefix === 'K' || (prefix === 'M' && !unit)) kind = 'resistor';
    else if (prefix === 'p' || prefix === 'n' || prefix === 'u') kind = 'capacitor';
    else return null;
  }
  if (hint && kind !== hint && hint !== 'led') return null;
  // "m" is milli except on a resistor line where people write M for mega in lower case rarely; keep milli.
  // Rounded to 12 digits: 100 × 1e-9 is 1.0000000000000001e-7 in floating point.
  const value = Number((Number(num) * (MULTIPLIER[prefix!] ?? 1)).toPrecision(12));
  if (kind === 'crystal' && !unit) return null; // "16" alone is not a frequency
  return Number.isFinite(value) && value > 0 ? { kind, value } : null;
}

const sameNumber = (a: number, b: number) => Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 1e-3;
export const sameValue = sameNumber;

function ratingsOf(text: string, spec: PartSpec): void {
  const s = normaliseSpecText(text);
  let m = /(?:^|[^\w.])(\d+(?:\.\d+)?)\s?(k)?V(?:DC)?\b/i.exec(s);
  if (m && spec.voltage === null) spec.voltage = Number(m[1]) * (m[2] ? 1000 : 1);
  m = /±?\s?(\d+(?:\.\d+)?)\s?%/.exec(s);
  if (m && spec.tolerance === null) spec.tolerance = Number(m[1]);
  m = /\b(\d+)\/(\d+)\s?W\b/i.exec(s);
  if (m && spec.power === null) spec.power = Number(m[1]) / Number(m[2]);
  m = /(?:^|[^\w./])(\d+(?:\.\d+)?)\s?(m)?W\b/.exec(s);
  if (m && spec.power === null) spec.power = Number(m[1]) * (m[2] ? 1e-3 : 1);
}

export interface SpecInput {
  value?: string | null;
  footprint?: string | null;
  description?: string | null;
  designators?: string | null;
}

/**
 * A line's spec from its cells. The value cell gives the value (else the description does); the
 * footprint, then the value and the description, the package; kind from the units, the designators
 * or words such as "CAP", "مقاومت", "LED". Null when nothing parametric was written.
 */
export function specOfLine(input: SpecInput): PartSpec | null {
  const spec: PartSpec = { ...EMPTY };
  const valueText = normaliseSpecText(input.value ?? '');
  const description = normaliseSpecText(input.description ?? '');
  const footprint = input.footprint ?? '';
  const all = `${valueText} ${footprint} ${description}`;
  let hint = kindFromDesignators(input.designators ?? null);
  if (!hint)
    for (const [re, kind] of KIND_WORDS)
      if (re.test(`${valueText} ${description} ${footprint}`)) {
        hint = kind;
        break;
      }
  if (!hint && /^LED|[:_]LED/i.test(footprint)) hint = 'led';

  if (hint === 'led') {
    spec.kind = 'led';
    for (const [re, colour] of COLOURS)
      if (re.test(all)) {
        spec.colour = colour;
        break;
      }
    if (!spec.colour) return null;
  } else {
    const tokens = (text: string) => text.split(/[\s,;/()]+/).filter(Boolean);
    const fromValue = tokens(valueText)
      .map((t) => parseValueToken(t, hint))
      .find(Boolean);
    const found =
      fromValue ??
      (hint || !valueText
        ? tokens(description)
            .map((t) => parseValueToken(t, hint))
            .find(Boolean)
        : undefined);
    if (!found) return null;
    spec.kind = found.kind;
    spec.value = found.value;
  }
  spec.package = packageOf(footprint) ?? packageOf(valueText) ?? packageOf(description);
  spec.diameter = diameterOf(footprint) ?? diameterOf(description);
  ratingsOf(`${valueText} ${description}`, spec);
  return spec;
}

/** A catalogue product's spec from its attributes ("Capacitance" = "4.7µF") and package column. */
export function specOfProduct(attributes: Record<string, string>, packageText: string | null): PartSpec | null {
  const spec: PartSpec = { ...EMPTY };
  const read = (name: string, kind: PartKind) => {
    const raw = attributes[name];
    if (!raw || spec.kind) return;
    const token = normaliseSpecText(raw).replace(/\s+/g, '');
    const parsed = parseValueToken(token.replace(/R$/, 'R'), kind);
    if (parsed) {
      spec.kind = kind;
      spec.value = parsed.value;
    }
  };
  read('Resistance', 'resistor');
  read('Capacitance', 'capacitor');
  read('Inductance', 'inductor');
  read('Frequency', 'crystal');
  if (!spec.kind && attributes.Colour) {
    spec.kind = 'led';
    spec.colour = attributes.Colour.toLowerCase();
  }
  if (!spec.kind) return null;
  spec.package = packageOf(`${attributes.Package ?? ''} ${packageText ?? ''}`.trim()) ?? null;
  spec.diameter = attributes.Size ? (diameterOf(`${attributes.Size}`) ?? diameterOf(`Radial ${attributes.Size}`)) : null;
  if (attributes.Voltage)
    spec.voltage =
      Number(/(\d+(?:\.\d+)?)/.exec(normaliseSpecText(attributes.Voltage))?.[1]) * (/kv/i.test(attributes.Voltage) ? 1000 : 1) || null;
  if (attributes.Tolerance) spec.tolerance = Number(/(\d+(?:\.\d+)?)\s*%/.exec(attributes.Tolerance)?.[1]) || null;
  if (attributes.Power)
    spec.power = Number(/(\d+(?:\.\d+)?)/.exec(attributes.Power)?.[1]) * (/mW/.test(attributes.Power) ? 1e-3 : 1) || null;
  return spec;
}

export type SpecDifference = 'kind' | 'value' | 'package' | 'diameter' | 'voltage' | 'tolerance' | 'power' | 'colour';

/**
 * How a product falls short of what a line asks for. Empty: it fits. A higher voltage or power rating
 * or a tighter tolerance fits; a lower one, another value, package or colour does not.
 */
export function specMisfits(want: PartSpec, have: PartSpec): SpecDifference[] {
  const out: SpecDifference[] = [];
  if (want.kind !== have.kind) return ['kind'];
  if (want.value !== null && (have.value === null || !sameNumber(want.value, have.value))) out.push('value');
  if (want.colour && want.colour !== have.colour) out.push('colour');
  if (want.package && want.package !== have.package) out.push('package');
  if (want.diameter && have.diameter && !sameNumber(want.diameter, have.diameter)) out.push('diameter');
  if (want.voltage && have.voltage && have.voltage < want.voltage) out.push('voltage');
  if (want.tolerance && have.tolerance && have.tolerance > want.tolerance) out.push('tolerance');
  if (want.power && have.power && have.power < want.power) out.push('power');
  return out;
}
