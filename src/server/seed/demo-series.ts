/**
 * Value series a components shop stocks in depth: resistors, capacitors, LEDs, headers and sockets.
 * Each entry becomes one product; names follow how Iranian shops write them.
 */
import { toPersianDigits } from '../../lib/persian';

export interface SeriesItem {
  partNumber: string;
  brand: string;
  package: string;
  category: string;
  nameFa: string;
  name: string;
  priceToman: number;
  attributes: string;
  minimumPurchase: number;
}

const E12 = [10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82];
const E6 = [10, 15, 22, 33, 47, 68];
const faNumber = (n: number) => toPersianDigits(String(n)).replace('.', '٫');

function ohms(v: number): { en: string; fa: string; code: string } {
  const [n, unitEn, unitFa, letter] =
    v >= 1e6 ? [v / 1e6, 'MΩ', 'مگا اهم', 'M'] : v >= 1e3 ? [v / 1e3, 'kΩ', 'کیلو اهم', 'K'] : [v, 'Ω', 'اهم', 'R'];
  const rounded = Math.round(n * 100) / 100;
  const code = Number.isInteger(rounded) ? `${rounded}${letter}` : String(rounded).replace('.', letter);
  return { en: `${rounded}${unitEn}`, fa: `${faNumber(rounded)} ${unitFa}`, code };
}

function farads(pf: number): { en: string; fa: string; code: string } {
  const [n, unitEn, unitFa] =
    pf >= 1e6 ? [pf / 1e6, 'µF', 'میکروفاراد'] : pf >= 1e3 ? [pf / 1e3, 'nF', 'نانوفاراد'] : [pf, 'pF', 'پیکوفاراد'];
  const rounded = Math.round(n * 100) / 100;
  return { en: `${rounded}${unitEn}`, fa: `${faNumber(rounded)} ${unitFa}`, code: `${rounded}${unitEn.replace('µ', 'U').toUpperCase()}` };
}

export function demoSeries(): SeriesItem[] {
  const out: SeriesItem[] = [];
  const decades = [1, 10, 100, 1e3, 1e4, 1e5];
  for (const d of decades)
    for (const base of E12) {
      const r = ohms(base * d);
      out.push({
        partNumber: `RES-1/4W-${r.code}`,
        brand: 'Royal Ohm',
        package: 'Axial 1/4W',
        category: 'resistors-tht',
        nameFa: `مقاومت ${r.fa} ۱/۴ وات ۱٪`,
        name: `${r.en} 1/4W 1% metal film resistor`,
        priceToman: 90,
        attributes: `Package=Axial 1/4W;Resistance=${r.en};Power=0.25W;Tolerance=1%`,
        minimumPurchase: 10,
      });
    }
  for (const pkg of ['0805', '0603'])
    for (const d of [10, 100, 1e3, 1e4])
      for (const base of E6) {
        const r = ohms((base / 10) * d);
        out.push({
          partNumber: `RC${pkg}FR-07${r.code}L`,
          brand: 'Yageo',
          package: pkg,
          category: 'resistors-smd',
          nameFa: `مقاومت SMD ${r.fa} پکیج ${pkg}`,
          name: `${r.en} SMD resistor ${pkg} 1%`,
          priceToman: 40,
          attributes: `Package=${pkg};Resistance=${r.en};Tolerance=1%`,
          minimumPurchase: 100,
        });
      }
  for (const pf of [10, 22, 33, 100, 1000, 4700, 10_000, 100_000, 1_000_000]) {
    const c = farads(pf);
    out.push({
      partNumber: `CC-50V-${c.code}`,
      brand: 'Generic',
      package: 'Disc radial',
      category: 'capacitors-ceramic',
      nameFa: `خازن عدسی ${c.fa} ۵۰ ولت`,
      name: `${c.en} 50V ceramic disc capacitor`,
      priceToman: pf >= 1e6 ? 600 : 250,
      attributes: `Package=Disc radial;Capacitance=${c.en};Voltage=50V;Dielectric=${pf >= 10_000 ? 'Y5V' : 'NP0'}`,
      minimumPurchase: 10,
    });
  }
  const electrolytic: [number, number, string][] = [
    [1, 50, '5x11mm'],
    [10, 25, '5x11mm'],
    [10, 50, '5x11mm'],
    [22, 25, '5x11mm'],
    [47, 16, '5x11mm'],
    [47, 50, '6.3x11mm'],
    [100, 16, '6.3x11mm'],
    [100, 25, '6.3x11mm'],
    [100, 50, '8x11.5mm'],
    [220, 16, '6.3x11mm'],
    [220, 35, '8x11.5mm'],
    [470, 16, '8x11.5mm'],
    [470, 35, '10x16mm'],
    [1000, 16, '10x16mm'],
    [1000, 25, '10x20mm'],
    [1000, 50, '12.5x20mm'],
    [2200, 25, '12.5x20mm'],
    [2200, 50, '16x25mm'],
    [4700, 35, '18x35.5mm'],
    [10000, 63, '25x40mm'],
  ];
  for (const [uf, v, size] of electrolytic) {
    const c = farads(uf * 1e6);
    out.push({
      partNumber: `EKMG${v}0ELL${uf}`,
      brand: 'Nippon Chemi-Con',
      package: `Radial ${size}`,
      category: 'capacitors-electrolytic',
      nameFa: `خازن الکترولیتی ${c.fa} ${faNumber(v)} ولت`,
      name: `${c.en} ${v}V electrolytic capacitor, 105°C`,
      priceToman: Math.round((300 + uf * v * 0.05) / 100) * 100,
      attributes: `Package=Radial ${size};Capacitance=${c.en};Voltage=${v}V;Temperature=105°C`,
      minimumPurchase: uf >= 1000 ? 1 : 5,
    });
  }
  const colours: [string, string, string][] = [
    ['Red', 'قرمز', 'R'],
    ['Green', 'سبز', 'G'],
    ['Blue', 'آبی', 'B'],
    ['Yellow', 'زرد', 'Y'],
    ['White', 'سفید', 'W'],
  ];
  for (const size of [3, 5])
    for (const [en, fa, code] of colours) {
      out.push({
        partNumber: `LED-${size}MM-${code}`,
        brand: 'Generic',
        package: `${size}mm round`,
        category: 'leds',
        nameFa: `ال‌ای‌دی ${faNumber(size)} میلی‌متری ${fa}`,
        name: `${size}mm ${en.toLowerCase()} LED`,
        priceToman: en === 'White' || en === 'Blue' ? 250 : 150,
        attributes: `Package=${size}mm round;Colour=${en};Forward voltage=${en === 'White' || en === 'Blue' ? '3.0-3.2V' : '1.9-2.2V'}`,
        minimumPurchase: 10,
      });
    }
  const headers: [string, string, string, number][] = [
    ['PH-1x40-M', 'پین‌هدر نری ۱ در ۴۰ صاف', '1x40 male pin header, straight', 4500],
    ['PH-1x40-F', 'پین‌هدر مادگی ۱ در ۴۰', '1x40 female header', 7500],
    ['PH-2x40-M', 'پین‌هدر نری دوردیفه ۲ در ۴۰', '2x40 male pin header', 8500],
    ['PH-1x40-M-RA', 'پین‌هدر نری ۱ در ۴۰ خم', '1x40 male pin header, right angle', 6000],
  ];
  for (const [pn, fa, en, price] of headers) {
    out.push({
      partNumber: pn,
      brand: 'Generic',
      package: 'THT',
      category: 'pin-headers',
      nameFa: fa,
      name: en,
      priceToman: price,
      attributes: 'Pitch=2.54mm',
      minimumPurchase: 1,
    });
  }
  for (const pins of [8, 14, 16, 28, 40]) {
    out.push({
      partNumber: `IC-SOCKET-DIP${pins}`,
      brand: 'Generic',
      package: `DIP-${pins}`,
      category: 'pin-headers',
      nameFa: `سوکت آی‌سی ${faNumber(pins)} پایه`,
      name: `DIP-${pins} IC socket`,
      priceToman: 400 + pins * 40,
      attributes: `Pins=${pins};Pitch=2.54mm`,
      minimumPurchase: 1,
    });
  }
  return out;
}
