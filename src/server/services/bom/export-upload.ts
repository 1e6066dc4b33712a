/**
 * A parts list's result as a spreadsheet the customer keeps (CSV or XLSX): each line with its file row,
 * designators, the customer's reference, what was asked, the chosen product and its price. Every text
 * cell is neutralised so that nothing from a file or the catalogue runs as a formula when opened.
 */
import * as XLSX from '@e965/xlsx';
import { neutraliseCell, toCsv } from '../../../lib/bom/spreadsheet-safe';
import type { Db } from '../../db/client';
import { findUpload } from './uploads';
import { viewAllLines } from './view';

const HEADER = [
  'ردیف فایل',
  'مرجع‌ها',
  'مرجع مشتری',
  'قطعه خواسته‌شده',
  'سازنده خواسته‌شده',
  'تعداد در هر برد',
  'تعداد لازم (با یدک)',
  'شماره قطعه انتخاب‌شده',
  'سازنده',
  'کیفیت',
  'وضعیت',
  'نیاز به بررسی',
  'تعداد سفارش',
  'قیمت واحد (تومان)',
  'جمع (تومان)',
  'نشانی کالا',
];
const QUALITY_FA: Record<string, string> = { original: 'اصل', renew: 'استوک', copy: 'کپی' };
const STATUS_FA: Record<string, string> = {
  exact: 'دقیق',
  family: 'هم‌خانواده',
  parametric: 'بر اساس مقدار و پکیج',
  fuzzy: 'پیشنهادی',
  unmatched: 'پیدا نشد',
};

export async function exportRows(
  db: Db,
  identityKey: string,
  baseUrl: string,
): Promise<{ fileName: string; rows: (string | number | null)[][] }> {
  const upload = await findUpload(db, identityKey);
  const lines = await viewAllLines(db, upload);
  const toman = (rials: number | null) => (rials === null ? null : Math.round(rials / 10));
  const rows = lines.map((l) => [
    l.lineNo,
    l.designators,
    l.asked.reference,
    l.partNumber,
    l.asked.maker,
    l.quantityPerBoard,
    l.neededWithSpare,
    l.product?.partNumber ?? null,
    l.product?.brand?.name ?? null,
    l.product?.quality ? (QUALITY_FA[l.product.quality] ?? l.product.quality) : null,
    STATUS_FA[l.status] ?? l.status,
    l.needsReview ? 'بله' : '',
    l.orderQuantity,
    toman(l.unitPrice),
    toman(l.lineTotal),
    l.product ? `${baseUrl}/shop/products/${l.product.slug}` : null,
  ]);
  const base =
    upload.fileName
      .replace(/\.[^.]+$/, '')
      .replace(/[^\p{L}\p{N}_-]+/gu, '-')
      .slice(0, 60) || 'bom';
  return { fileName: `${base}-qateh`, rows: [HEADER, ...rows] };
}

export const exportCsv = (rows: (string | number | null)[][]) => new TextEncoder().encode(toCsv(rows));

export function exportXlsx(rows: (string | number | null)[][]): Uint8Array {
  // Every text is a string cell (never a formula) and neutralised as in the CSV, for programs that re-save it as text.
  const safe = rows.map((r) => r.map((c) => (typeof c === 'string' ? neutraliseCell(c) : c)));
  const sheet = XLSX.utils.aoa_to_sheet(safe);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Qateh BOM');
  book.Workbook = { Views: [{ RTL: true }] } as XLSX.WBProps;
  return new Uint8Array(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}
