/**
 * Drawn product pictures for a catalogue without photos: one clean SVG per package family
 * (DIP, SOIC, QFP, TO-220, an axial resistor ...) labelled with the part number, so a listing
 * still looks like a parts shop. Pure function; served by src/server/routes/media.ts.
 */

export const PART_FAMILIES = [
  'dip',
  'sip',
  'soic',
  'qfp',
  'qfn',
  'to220',
  'to92',
  'sot',
  'chip',
  'resistor',
  'diode',
  'electrolytic',
  'ceramic',
  'led',
  'crystal',
  'module',
  'connector',
  'relay',
  'sensor',
  'tool',
  'cable',
  'generic',
] as const;
export type PartFamily = (typeof PART_FAMILIES)[number];

const SIZE = 400;
const INK = '#1f2328';
const METAL = '#b8bec6';
const METAL_EDGE = '#8a9098';

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

/** Package (or form factor) text → family; unknown packages get the generic chip. */
export function familyOfPackage(pkg: string | null | undefined): PartFamily {
  const p = (pkg ?? '').toUpperCase();
  if (!p) return 'generic';
  const rules: [RegExp, PartFamily][] = [
    [/QFN|DFN|LGA|[^T]SON\b|^SON/, 'qfn'],
    [/QFP|PLCC/, 'qfp'],
    [/SOIC|SSOP|TSSOP|MSOP|SOP|^SO-\d|ESOP|HSOP/, 'soic'],
    [/TO-?220|TO-?247|TO-?3P|TO-?126|TO-?263|D2PAK|DPAK|WATT|TOP3|SOT-32|TO-?3\b|TO-204/, 'to220'],
    [/TO-?92/, 'to92'],
    [/SOT|SOD|^SM[ABC]\b|MELF/, 'sot'],
    [/^(0201|0402|0603|0805|1206|1210|1812|2010|2512|3528|2835|5050)\b|^CASE [A-D]/, 'chip'],
    [/MODULE|BOARD|PCB/, 'module'],
    [/DIP|DIL/, 'dip'],
    [/SIP/, 'sip'],
    [/AXIAL|CEMENT/, 'resistor'],
    [/^DO-|^R-6|^DO\d/, 'diode'],
    [/RADIAL \d|SNAP|METAL CAN|CYLINDER, WIRE/, 'electrolytic'],
    [/DISC|RADIAL BOX|BOX, WIRE/, 'ceramic'],
    [/MM ROUND|^\d+MM$|STAR|COB/, 'led'],
    [/HC-49|3225|3215|CYLINDER \d/, 'crystal'],
    [/THT|MACHINED|IDC|HOUSING|CRIMP|PLUG|PANEL|WH148|PIN|SPLICING/, 'connector'],
    [/ENCLOSED|DIN RAIL/, 'relay'],
    [/TOOL|INSTRUMENT|ACCESSORY/, 'tool'],
    [/CABLE|WIRE/, 'cable'],
  ];
  for (const [re, family] of rules) if (re.test(p)) return family;
  return 'generic';
}

/** Category slugs (own and ancestors) → family, for goods whose package says little ("Module", "Disc"). */
export function familyOfCategory(slugs: string[]): PartFamily | undefined {
  const s = slugs.join(' ');
  const rules: [RegExp, PartFamily][] = [
    [/relay/, 'relay'],
    [/sensor/, 'sensor'],
    [/electrolytic/, 'electrolytic'],
    [/ceramic-capacitor/, 'ceramic'],
    [/crystal/, 'crystal'],
    [/\bleds\b/, 'led'],
    [/tht-resistors|power-resistors/, 'resistor'],
    [/cables|wire/, 'cable'],
    [/soldering|hand-tools|measurement|multimeter|oscilloscope|lab-power|programmer|prototyping/, 'tool'],
    [/connector|pin-header|terminal-block/, 'connector'],
    [/modules-boards|arduino|dev-boards/, 'module'],
  ];
  for (const [re, family] of rules) if (re.test(s)) return family;
  return undefined;
}

const IC_PACKAGES = new Set<PartFamily>(['dip', 'sip', 'soic', 'qfp', 'qfn', 'to220', 'to92', 'sot', 'chip']);

/** A concrete IC package wins (a sensor chip in LGA is drawn as a chip); otherwise the category decides. */
export function illustrationFamily(p: { package?: string | null; categorySlugs?: string[] }): PartFamily {
  const byPackage = familyOfPackage(p.package);
  if (IC_PACKAGES.has(byPackage)) return byPackage;
  return familyOfCategory(p.categorySlugs ?? []) ?? byPackage;
}

function pinCount(pkg: string | null | undefined, fallback: number): number {
  const m = /-(\d{1,3})\b/.exec(pkg ?? '') ?? /\b(\d{1,3})-pin/i.exec(pkg ?? '');
  const n = m ? Number(m[1]) : fallback;
  return n >= 2 && n <= 300 ? n : fallback;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;

function dualRow(n: number, bodyH: number, pinLen: number, pinW: number, bodyFill: string, notch: boolean): string {
  const perSide = Math.max(1, Math.min(24, Math.ceil(n / 2)));
  const pitch = Math.min(26, 280 / perSide);
  const bodyW = perSide * pitch + 24;
  const x0 = (SIZE - bodyW) / 2;
  const y0 = 160 - bodyH / 2;
  let out = '';
  for (let i = 0; i < perSide; i++) {
    const x = x0 + 12 + i * pitch + (pitch - pinW) / 2;
    out += rect(x, y0 - pinLen, pinW, pinLen + 4, METAL, `stroke="${METAL_EDGE}"`);
    out += rect(x, y0 + bodyH - 4, pinW, pinLen + 4, METAL, `stroke="${METAL_EDGE}"`);
  }
  out += rect(x0, y0, bodyW, bodyH, bodyFill, 'rx="4"');
  if (notch) out += `<path d="M${x0} ${160 - 14} a14 14 0 0 1 0 28 z" fill="#3a3f45"/>`;
  out += `<circle cx="${x0 + 18}" cy="${y0 + bodyH - 16}" r="5" fill="#3a3f45"/>`;
  return out;
}

function quad(n: number, pads: boolean): string {
  const perSide = Math.max(2, Math.min(25, Math.ceil(n / 4)));
  const body = pads ? 170 : 160;
  const x0 = (SIZE - body) / 2;
  const y0 = 160 - body / 2;
  const pitch = (body - 24) / perSide;
  const w = Math.max(2, pitch * 0.55);
  let out = rect(x0, y0, body, body, pads ? '#2b2f34' : INK, 'rx="4"');
  for (let i = 0; i < perSide; i++) {
    const o = 12 + i * pitch + (pitch - w) / 2;
    if (pads) {
      out += rect(x0 + o, y0 + 2, w, 10, METAL) + rect(x0 + o, y0 + body - 12, w, 10, METAL);
      out += rect(x0 + 2, y0 + o, 10, w, METAL) + rect(x0 + body - 12, y0 + o, 10, w, METAL);
    } else {
      out += rect(x0 + o, y0 - 24, w, 24, METAL) + rect(x0 + o, y0 + body, w, 24, METAL);
      out += rect(x0 - 24, y0 + o, 24, w, METAL) + rect(x0 + body, y0 + o, 24, w, METAL);
    }
  }
  if (pads) out += rect(x0 + 45, y0 + 45, body - 90, body - 90, '#3a3f45', 'rx="3"');
  out += `<circle cx="${x0 + 22}" cy="${y0 + 22}" r="6" fill="#4a5058"/>`;
  return out;
}

function legs(xs: number[], top: number, bottom: number, width = 8): string {
  return xs.map((x) => rect(x - width / 2, top, width, bottom - top, METAL, `stroke="${METAL_EDGE}"`)).join('');
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const BAND_COLOURS = ['#000000', '#7b3f00', '#d32f2f', '#f57c00', '#fbc02d', '#388e3c', '#1976d2', '#7b1fa2', '#9e9e9e', '#ffffff'];

/** Colour-code digits of a resistance such as "4.7kΩ", "10K", "220R"; null when none is readable. */
function resistorBands(text: string): number[] | null {
  const m = /(\d+(?:[.,]\d+)?)\s*([RKM])?(\d*)/i.exec(text.replace(/\s*(ohm|Ω)/gi, 'R'));
  if (!m) return null;
  const unit = (m[2] ?? 'R').toUpperCase();
  let value = Number(m[1]!.replace(',', '.')) * (unit === 'K' ? 1e3 : unit === 'M' ? 1e6 : 1);
  if (m[3]) value += Number(`0.${m[3]}`) * (unit === 'K' ? 1e3 : unit === 'M' ? 1e6 : 1);
  if (!(value >= 1)) return null;
  const exp = Math.floor(Math.log10(value)) - 1;
  const digits = Math.round(value / 10 ** exp);
  if (digits >= 100) return [1, 0, exp + 1];
  return [Math.floor(digits / 10), digits % 10, Math.max(0, exp)];
}

function drawFamily(family: PartFamily, pkg: string | null | undefined, partNumber: string, value: string | undefined): string {
  switch (family) {
    case 'dip':
      return dualRow(pinCount(pkg, 8), 90, 34, 10, INK, true);
    case 'soic':
      return dualRow(pinCount(pkg, 8), 74, 22, 7, '#2b2f34', false);
    case 'qfp':
      return quad(pinCount(pkg, 44), false);
    case 'qfn':
      return quad(pinCount(pkg, 32), true);
    case 'sip': {
      const n = Math.min(20, pinCount(pkg, 4));
      const pitch = Math.min(24, 260 / n);
      const w = n * pitch + 20;
      const x0 = (SIZE - w) / 2;
      return (
        legs(
          Array.from({ length: n }, (_, i) => x0 + 10 + pitch * (i + 0.5)),
          180,
          260,
          6,
        ) + rect(x0, 100, w, 85, INK, 'rx="4"')
      );
    }
    case 'to220': {
      // "TO-220" names the outline, not the legs; "TO-220-5" / "Pentawatt-5" / "Multiwatt-15" do.
      const legCount = /^TO-?\d+/i.test(pkg ?? '') ? Number(/^TO-?\d+\w*-(\d+)/i.exec(pkg ?? '')?.[1] ?? 3) : pinCount(pkg, 3);
      const n = Math.max(2, Math.min(15, legCount));
      const pitch = Math.min(34, 200 / n);
      const xs = Array.from({ length: n }, (_, i) => 200 + (i - (n - 1) / 2) * pitch);
      return (
        legs(xs, 190, 290, Math.min(10, pitch * 0.5)) +
        rect(130, 30, 140, 90, METAL, `stroke="${METAL_EDGE}" stroke-width="2" rx="4"`) +
        `<circle cx="200" cy="70" r="18" fill="#ffffff" stroke="${METAL_EDGE}" stroke-width="2"/>` +
        rect(125, 110, 150, 90, INK, 'rx="3"')
      );
    }
    case 'to92':
      return legs([170, 200, 230], 170, 300, 6) + `<path d="M130 180 V110 A70 70 0 0 1 270 110 V180 Z" fill="${INK}"/>`;
    case 'sot':
      return (
        rect(165, 60, 14, 40, METAL) +
        rect(221, 60, 14, 40, METAL) +
        rect(193, 220, 14, 40, METAL) +
        rect(140, 100, 120, 120, INK, 'rx="4"')
      );
    case 'chip':
      return (
        rect(110, 120, 180, 90, '#2b2f34', 'rx="3"') + rect(100, 116, 40, 98, METAL, 'rx="3"') + rect(260, 116, 40, 98, METAL, 'rx="3"')
      );
    case 'resistor': {
      const bands = resistorBands(value ?? partNumber) ?? [
        (hash(partNumber) % 9) + 1,
        (hash(partNumber) >> 4) % 10,
        (hash(partNumber) >> 8) % 6,
      ];
      const colours = [...bands.map((b) => BAND_COLOURS[b]!), '#c9a227'];
      return (
        rect(20, 157, 360, 6, METAL) +
        rect(110, 120, 180, 80, '#d9c09a', 'rx="36"') +
        colours.map((c, i) => rect(140 + i * 30 + (i === 3 ? 20 : 0), 120, 14, 80, c)).join('')
      );
    }
    case 'diode':
      return rect(20, 157, 360, 6, METAL) + rect(130, 125, 140, 70, INK, 'rx="10"') + rect(235, 125, 16, 70, '#d0d4d9');
    case 'electrolytic':
      return (
        legs([175, 225], 250, 320, 6) +
        rect(120, 40, 160, 220, '#1f4e9c', 'rx="14"') +
        rect(240, 40, 26, 220, '#9fb8e0') +
        `<text x="253" y="160" font-family="sans-serif" font-size="28" fill="#1f4e9c" text-anchor="middle">−</text>` +
        `<ellipse cx="200" cy="46" rx="70" ry="8" fill="#c8ccd2"/>`
      );
    case 'ceramic':
      return (
        legs([170, 230], 200, 320, 6) +
        `<ellipse cx="200" cy="140" rx="90" ry="80" fill="#e07b24"/>` +
        `<ellipse cx="180" cy="120" rx="30" ry="18" fill="#f0a868" opacity="0.7"/>`
      );
    case 'led':
      return (
        legs([175], 230, 320, 6) +
        legs([225], 230, 300, 6) +
        `<path d="M130 240 V140 A70 70 0 0 1 270 140 V240 Z" fill="#e53935" opacity="0.85"/>` +
        rect(120, 230, 160, 16, '#c62828', 'rx="3"') +
        `<ellipse cx="175" cy="130" rx="18" ry="30" fill="#ffffff" opacity="0.35"/>`
      );
    case 'crystal':
      return (
        legs([165, 235], 220, 310, 6) +
        rect(100, 90, 200, 140, METAL, `stroke="${METAL_EDGE}" stroke-width="3" rx="60"`) +
        rect(130, 112, 140, 96, '#d4d9df', 'rx="45"')
      );
    case 'module': {
      let out = rect(50, 50, 300, 230, '#1b7a3e', 'rx="10"');
      for (const [cx, cy] of [
        [70, 70],
        [330, 70],
        [70, 260],
        [330, 260],
      ])
        out += `<circle cx="${cx}" cy="${cy}" r="9" fill="#f2f2f2" stroke="#c9a227" stroke-width="3"/>`;
      for (let i = 0; i < 10; i++)
        out += rect(95 + i * 22, 60, 14, 14, INK) + `<circle cx="${102 + i * 22}" cy="67" r="3" fill="#c9a227"/>`;
      out += rect(150, 130, 100, 100, INK, 'rx="4"');
      for (let i = 0; i < 6; i++) out += rect(100, 120 + i * 22, 30, 8, '#c9a227', 'opacity="0.6"');
      return out;
    }
    case 'connector': {
      const n = Math.min(16, pinCount(pkg, 8));
      const pitch = Math.min(34, 300 / n);
      const x0 = 200 - (n * pitch) / 2;
      let out = '';
      for (let i = 0; i < n; i++) {
        out += rect(x0 + i * pitch + pitch / 2 - 3, 60, 6, 220, '#d4af37');
        out += rect(x0 + i * pitch + 1, 150, pitch - 2, pitch - 2, INK, 'rx="2"');
      }
      return out;
    }
    case 'relay':
      return (
        legs([150, 180, 220, 250], 250, 300, 6) +
        rect(90, 60, 220, 190, '#1565c0', 'rx="8"') +
        `<text x="200" y="140" font-family="sans-serif" font-size="26" fill="#ffffff" text-anchor="middle">RELAY</text>` +
        `<path d="M150 190 h100 M170 175 v30 M230 175 v30" stroke="#ffffff" stroke-width="4" fill="none"/>`
      );
    case 'sensor':
      return (
        rect(80, 60, 240, 200, '#0d47a1', 'rx="10"') +
        legs([170, 190, 210, 230], 255, 310, 6) +
        `<circle cx="200" cy="150" r="62" fill="#f5f5f5" stroke="#90a4ae" stroke-width="6"/>` +
        `<circle cx="200" cy="150" r="22" fill="#cfd8dc"/>`
      );
    case 'tool':
      return (
        rect(120, 40, 160, 250, '#f9a825', 'rx="22"') +
        rect(145, 65, 110, 60, '#cfe3c4', 'rx="4"') +
        `<circle cx="200" cy="200" r="42" fill="#37474f"/>` +
        rect(196, 162, 8, 36, '#ffffff', 'rx="3"') +
        `<circle cx="160" cy="262" r="9" fill="#d32f2f"/><circle cx="240" cy="262" r="9" fill="${INK}"/>`
      );
    case 'cable':
      return (
        `<path d="M70 260 C 70 80, 330 80, 330 200 S 150 320, 150 170" stroke="#e53935" stroke-width="14" fill="none" stroke-linecap="round"/>` +
        `<path d="M90 270 C 110 120, 300 110, 300 200" stroke="${INK}" stroke-width="14" fill="none" stroke-linecap="round"/>` +
        rect(50, 255, 40, 40, INK, 'rx="4"') +
        rect(135, 145, 30, 40, INK, 'rx="4"')
      );
    case 'generic':
      return dualRow(8, 100, 26, 12, '#37474f', false);
  }
}

/** The illustration: 400×400, white background, drawing in the upper part, part number and package below. */
export function partIllustrationSvg(p: {
  partNumber: string;
  package?: string | null;
  kind?: PartFamily;
  /** Resistance ("4.7kΩ") for a resistor's colour bands; the part number is tried when absent. */
  value?: string;
}): string {
  const family = p.kind ?? familyOfPackage(p.package);
  const label = p.partNumber.length > 28 ? `${p.partNumber.slice(0, 27)}…` : p.partNumber;
  const labelSize = Math.max(14, Math.min(30, Math.floor(620 / Math.max(label.length, 1))));
  const pkg = (p.package ?? '').slice(0, 40);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(p.partNumber)}">`,
    `<rect width="${SIZE}" height="${SIZE}" fill="#ffffff"/>`,
    `<g>${drawFamily(family, p.package, p.partNumber, p.value)}</g>`,
    `<text x="200" y="355" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="${labelSize}" font-weight="700" fill="${INK}" text-anchor="middle">${escapeXml(label)}</text>`,
    pkg ? `<text x="200" y="384" font-family="sans-serif" font-size="15" fill="#5f6b76" text-anchor="middle">${escapeXml(pkg)}</text>` : '',
    '</svg>',
  ].join('');
}
