/**
 * Which column holds what. Headers are recognised in English and Persian; a file without a header
 * row is judged by what its columns contain.
 */
import { toAsciiDigits, toPersianLetters } from '../../../lib/persian';
import { parseDesignators } from './designators';
import { parseQuantityCell } from './quantity-cell';
import type { Rows } from './text-rows';

export type ColumnRole = 'part' | 'maker' | 'value' | 'quantity' | 'designators' | 'reference' | 'footprint' | 'description' | 'dnp';
export const COLUMN_ROLES: ColumnRole[] = [
  'part',
  'maker',
  'value',
  'quantity',
  'designators',
  'reference',
  'footprint',
  'description',
  'dnp',
];

export interface ColumnMap {
  /** Index of the header row in the rows, or null when the file has none. */
  headerRow: number | null;
  /** Where the part number is read; "value" (KiCad's Value) serves when there is no part-number column. */
  part: number | null;
  /** The manufacturer's name ("Manufacturer 1", "MF", "سازنده"). */
  maker: number | null;
  value: number | null;
  quantity: number | null;
  designators: number | null;
  /** The customer's own reference for the line (Digi-Key "Customer Reference", Mouser "Customer #"). */
  reference: number | null;
  footprint: number | null;
  description: number | null;
  dnp: number | null;
}

/** Header text folded for comparison: Persian letters, ASCII digits, lower case, no spaces or marks. */
export const foldHeader = (text: string) =>
  // "#" reads as "no": "Mfr. #" (the maker's part number) is not "Mfr" (the maker).
  toAsciiDigits(toPersianLetters(text))
    .toLowerCase()
    .replace(/#/g, 'no')
    .replace(/[\s\u200c_.\-:()/\\[\]'"*]+/g, '');

// Best first inside each role: an explicit manufacturer part number beats a generic "part".
const HEADER_WORDS: Record<ColumnRole, string[]> = {
  part: [
    'mpn',
    'manufacturerpartnumber',
    'manufacturerpartno',
    'manufacturerpart',
    'mfrpartnumber',
    'mfrpart',
    'mfrpn',
    'mfgpartnumber',
    'mfgpart',
    'mfgpn',
    'mfrno',
    'mfrpartno',
    'mfgpartno',
    'manufacturerpartno1',
    'partnumber',
    'partno',
    'partnum',
    'pn',
    'شمارهقطعه',
    'پارتنامبر',
    'پارتنامبرقطعه',
    'شمارهپارت',
    'کدقطعه',
    'partname',
    'part',
    'component',
    'نامقطعه',
    'قطعه',
    'نامکالا',
    'کالا',
  ],
  maker: [
    'manufacturer',
    'manufacturer1',
    'manufacturername',
    'mfr',
    'mfg',
    'mf',
    'maker',
    'brand',
    'make',
    'vendor1',
    'سازنده',
    'برند',
    'کارخانه',
    'شرکتسازنده',
  ],
  value: ['value', 'val', 'comment', 'مقدار', 'مشخصه'],
  quantity: [
    'qty',
    'quantity',
    'qnty',
    'orderqty',
    'quantity1',
    'qtyperunit',
    'neededqty',
    'buyqty',
    'quantityperpcb',
    'qtyperpcb',
    'qtyperboard',
    'quantityperboard',
    'count',
    'pcs',
    'تعداد',
    'تعدادقطعه',
    'تعدادموردنیاز',
    'عدد',
    'amount',
  ],
  designators: [
    'designator',
    'designators',
    'reference',
    'references',
    'ref',
    'refs',
    'refdes',
    'referencedesignator',
    'referencedesignators',
    'parts',
    'مرجع',
    'رفرنس',
    'شناسه',
    'شمارهمرجع',
    'دزیگنیتور',
  ],
  reference: [
    'customerreference',
    'customerref',
    'customerno',
    'customerpartnumber',
    'customerpartno',
    'yourreference',
    'کدمشتری',
    'کدداخلی',
  ],
  footprint: ['footprint', 'package', 'case', 'packagecase', 'pcbfootprint', 'پکیج', 'فوتپرینت', 'بسته', 'پکیجقطعه'],
  description: ['description', 'desc', 'توضیحات', 'شرح', 'توضیح'],
  dnp: ['dnp', 'donotpopulate', 'dnf', 'donotfit', 'nofit'],
};

const ROLES = Object.keys(HEADER_WORDS) as ColumnRole[];
// Altium and distributor exports put a title block of up to a dozen rows above the header.
const HEADER_SCAN_ROWS = 30;

function roleOf(cell: string): { role: ColumnRole; rank: number } | null {
  const f = foldHeader(cell);
  if (!f || f.length > 40) return null;
  for (const role of ROLES) {
    const rank = HEADER_WORDS[role].indexOf(f);
    if (rank >= 0) return { role, rank };
  }
  // "Manufacturer Part Number 1", "Qty (per board)", "تعداد (عدد)": the start decides.
  for (const role of ROLES) {
    const rank = HEADER_WORDS[role].findIndex((w) => w.length >= 3 && f.startsWith(w));
    if (rank >= 0) return { role, rank: rank + 100 };
  }
  return null;
}

/** A word that names a column ("Qty", "MPN", "تعداد"): a line made only of these is a header. */
export const isHeaderWord = (word: string) => roleOf(word) !== null;

const emptyMap = (headerRow: number | null): ColumnMap => ({
  headerRow,
  part: null,
  maker: null,
  value: null,
  quantity: null,
  designators: null,
  reference: null,
  footprint: null,
  description: null,
  dnp: null,
});

function mapFromHeader(row: string[], headerRow: number): ColumnMap {
  const map = emptyMap(headerRow);
  const ranks: Partial<Record<ColumnRole, number>> = {};
  row.forEach((cell, index) => {
    const found = roleOf(cell);
    if (!found) return;
    if (ranks[found.role] === undefined || found.rank < ranks[found.role]!) {
      ranks[found.role] = found.rank;
      map[found.role] = index;
    }
  });
  return map;
}

/** The header row: among the first rows, the one naming the most roles, needing a part or value column. */
function findHeader(rows: Rows): ColumnMap | null {
  let best: { map: ColumnMap; score: number } | null = null;
  for (let r = 0; r < Math.min(rows.length, HEADER_SCAN_ROWS); r++) {
    const map = mapFromHeader(rows[r]!, r);
    if (map.part === null && map.value === null) continue;
    const score = ROLES.filter((role) => map[role] !== null).length;
    const enough = score >= 2 || (map.part !== null && rows[r]!.filter(Boolean).length === 1);
    if (enough && (!best || score > best.score)) best = { map, score };
  }
  return best?.map ?? null;
}

const looksLikePart = (cell: string) => {
  const key = toAsciiDigits(cell)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  return key.length >= 2 && /[A-Z]/.test(key) && /\d/.test(key) && parseDesignators(cell) === null;
};

/** Headerless files: the column most made of part-number-like text, of whole numbers, of designators. */
function mapFromContent(rows: Rows): ColumnMap {
  const map = emptyMap(null);
  const width = Math.max(0, ...rows.slice(0, 200).map((r) => r.length));
  const sample = rows.slice(0, 200);
  const share = (col: number, test: (cell: string) => boolean) => {
    const cells = sample.map((r) => r[col] ?? '').filter((c) => c !== '');
    return cells.length ? cells.filter(test).length / cells.length : 0;
  };
  const scores = Array.from({ length: width }, (_, col) => ({
    col,
    part: share(col, looksLikePart),
    quantity: share(col, (c) => parseQuantityCell(c) !== null),
    designators: share(col, (c) => parseDesignators(c) !== null),
  }));
  const pick = (role: 'part' | 'quantity' | 'designators', min: number, taken: number[]) => {
    const best = scores.filter((s) => !taken.includes(s.col) && s[role] >= min).sort((a, b) => b[role] - a[role] || a.col - b.col)[0];
    return best ? best.col : null;
  };
  map.designators = pick('designators', 0.6, []);
  map.part = pick('part', 0.5, map.designators === null ? [] : [map.designators]);
  map.quantity = pick(
    'quantity',
    0.8,
    [map.part, map.designators].filter((x): x is number => x !== null),
  );
  return map;
}

/**
 * A first row of words none of which we know ("Pos; Our code; Supplier PN; Count") above rows of part
 * numbers and counts is still a header: naming it lets the customer see the columns by name in the
 * mapping step (and have the choice remembered), and it is never read as a line.
 */
function hasUnnamedHeader(rows: Rows): boolean {
  const first = (rows[0] ?? []).map((c) => c.trim());
  const filled = first.filter(Boolean);
  if (filled.length < 2) return false;
  if (
    filled.some((c) => parseQuantityCell(c) !== null || looksLikePart(c) || parseDesignators(c) !== null || (/\d/.test(c) && c.length <= 3))
  )
    return false;
  const body = rows.slice(1, 201);
  const share = (col: number, test: (cell: string) => boolean) => {
    const cells = body.map((r) => (r[col] ?? '').trim()).filter(Boolean);
    return cells.length ? cells.filter(test).length / cells.length : 0;
  };
  return (
    first.some((_, col) => share(col, (c) => parseQuantityCell(c) !== null) >= 0.8) &&
    first.some((_, col) => share(col, looksLikePart) >= 0.5)
  );
}

export function detectColumns(rows: Rows): ColumnMap {
  const named = findHeader(rows);
  if (named) return named;
  if (!hasUnnamedHeader(rows)) return mapFromContent(rows);
  return { ...mapFromContent(rows.slice(1)), headerRow: 0 };
}
