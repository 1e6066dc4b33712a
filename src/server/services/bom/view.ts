/** Upload lines (database rows) → what the result page shows, priced fresh from today's catalogue. */
import type { ProductCard } from '../../../api/schemas/catalogue';
import type { BomColumns, BomLineView, CustomerUpload } from '../../../api/schemas/bom';
import type { Db } from '../../db/client';
import { loadProductCards } from '../product-views';
import { priceLine } from './line-pricing';
import { CONFIDENT, type Difference } from './match';
import { findUpload, mayChange, uploadLines, type UploadActor, type UploadLineRow, type UploadRow } from './uploads';

export const VIEW_NOTES = {
  gone: 'کالای انتخاب‌شده دیگر در فروشگاه عرضه نمی‌شود؛ یکی از گزینه‌های دیگر را انتخاب کنید.',
  unmatched: 'این قطعه در فروشگاه پیدا نشد.',
  shortfall: (stock: number, need: number) => `موجودی این کالا (${fa(stock)} عدد) کمتر از تعداد لازم (${fa(need)} عدد) است.`,
} as const;

const fa = (n: number) => n.toLocaleString('fa-IR');

/** Why a line needs review, in Persian (codes from the matcher). */
export const REVIEW_TEXTS: Record<string, string> = {
  fuzzy: 'شماره قطعه دقیقاً پیدا نشد؛ نزدیک‌ترین شماره پیشنهاد شده است.',
  text: 'شماره قطعه پیدا نشد؛ کالای پیشنهادی فقط از روی متن ردیف است.',
  copy: 'کالای پیشنهادی اصل نیست (کپی یا استوک)؛ پیش از خرید کیفیت آن را بررسی کنید.',
  maker: 'سازنده کالای پیشنهادی با سازنده نام‌برده در فایل یکی نیست.',
  package: 'پکیج کالای پیشنهادی با پکیج خواسته‌شده یکی نیست.',
  variant: 'شماره قطعه کامل نیست و چند نوع (مثلاً ولتاژ یا اندازه) از آن هست؛ نوع درست را انتخاب کنید.',
  'no-package': 'پکیج در فایل مشخص نیست و این مقدار در چند پکیج موجود است؛ پکیج درست را انتخاب کنید.',
  equivalent: 'شماره قطعه سازنده در فروشگاه نیست؛ کالای هم‌مقدار و هم‌پکیج پیشنهاد شده است.',
};

export const DIFFERENCE_TEXTS: Record<Difference, string> = {
  package: 'پکیج دیگر',
  value: 'مقدار دیگر',
  maker: 'سازنده دیگر',
  quality: 'کیفیت: غیراصل',
  rating: 'ولتاژ، توان یا تلورانس کمتر',
  part: 'شماره قطعه دیگر',
};

export interface Spare {
  percent: number;
  extra: number;
}

/** What is needed with spares: per board × boards, plus the percentage (rounded up) and the fixed extra. */
export const withSpare = (quantity: number, spare: Spare) =>
  Math.min(Math.ceil((quantity * (100 + spare.percent)) / 100) + spare.extra, 1_000_000_000);

export const spareOf = (upload: UploadRow): Spare => ({ percent: upload.sparePercent, extra: upload.spareExtra });

function lineView(line: UploadLineRow, upload: UploadRow, cards: Map<number, ProductCard>): BomLineView {
  const notes = line.note ? line.note.split('\n') : [];
  const product = line.productId ? (cards.get(line.productId) ?? null) : null;
  const quantity = Math.min(line.quantity * upload.boardQuantity, 1_000_000_000);
  const needed = withSpare(quantity, spareOf(upload));
  let orderQuantity: number | null = null;
  let unitPrice: number | null = null;
  let total: number | null = null;
  let shortfall = false;
  if (product) {
    const priced = priceLine(product, needed);
    ({ orderQuantity, unitPrice } = priced);
    total = priced.lineTotal;
    notes.push(...priced.notes);
    shortfall = product.stock < priced.orderQuantity;
    if (shortfall && product.stock > 0) notes.push(VIEW_NOTES.shortfall(product.stock, priced.orderQuantity));
  } else notes.push(line.productId ? VIEW_NOTES.gone : VIEW_NOTES.unmatched);
  const details = line.details ?? {};
  const needsReview = product !== null && line.confidence < CONFIDENT;
  const differences = Object.entries(details.differences ?? {})
    .filter(([id]) => Number(id) !== line.productId && cards.has(Number(id)))
    .map(([id, codes]) => ({
      productId: Number(id),
      codes: codes as Difference[],
      text: codes.length ? codes.map((c) => DIFFERENCE_TEXTS[c as Difference] ?? c).join('، ') : 'همان مشخصات',
    }));
  return {
    id: line.id,
    lineNo: line.lineNo,
    partNumber: line.partNumber,
    designators: line.designators,
    quantityPerBoard: line.quantity,
    quantity,
    orderQuantity,
    status: line.matchStatus,
    confidence: line.confidence,
    needsReview,
    reviewReasons: needsReview ? (details.review ?? []).map((r) => REVIEW_TEXTS[r] ?? r) : [],
    asked: {
      mpn: details.mpn ?? null,
      maker: details.maker ?? null,
      value: details.value ?? null,
      footprint: details.footprint ?? null,
      description: details.description ?? null,
      reference: details.reference ?? null,
    },
    product,
    alternatives: line.alternatives.map((id) => cards.get(id)).filter((c): c is ProductCard => Boolean(c)),
    differences,
    neededWithSpare: needed,
    shortfall,
    unitPrice,
    lineTotal: total,
    notes,
    selected: line.selected,
  };
}

/** Cards of the chosen products (and, for the shown lines, of their alternatives); hidden products drop out. */
async function cardsFor(db: Db, all: UploadLineRow[], shown: UploadLineRow[]) {
  const ids = [...all.map((l) => l.productId), ...shown.flatMap((l) => l.alternatives)].filter((x): x is number => x !== null);
  return new Map((await loadProductCards(db, ids)).map((c) => [c.id, c]));
}

export async function viewLine(db: Db, upload: UploadRow, line: UploadLineRow): Promise<BomLineView> {
  return lineView(line, upload, await cardsFor(db, [line], [line]));
}

export async function viewAllLines(db: Db, upload: UploadRow): Promise<BomLineView[]> {
  const lines = await uploadLines(db, upload.id);
  const cards = await cardsFor(db, lines, lines);
  return lines.map((l) => lineView(l, upload, cards));
}

export async function viewUpload(db: Db, identityKey: string, page: number, limit: number, actor: UploadActor): Promise<CustomerUpload> {
  const upload = await findUpload(db, identityKey);
  const lines = await uploadLines(db, upload.id);
  const shown = lines.slice((page - 1) * limit, page * limit);
  const cards = await cardsFor(db, lines, shown);
  const totals = {
    lines: lines.length,
    exact: 0,
    family: 0,
    parametric: 0,
    fuzzy: 0,
    unmatched: 0,
    needsReview: 0,
    shortfall: 0,
    priced: 0,
    total: 0,
  };
  for (const line of lines) {
    totals[line.matchStatus]++;
    const product = line.productId ? cards.get(line.productId) : undefined;
    if (!product) continue;
    if (line.confidence < CONFIDENT) totals.needsReview++;
    const priced = priceLine(product, withSpare(line.quantity * upload.boardQuantity, spareOf(upload)));
    if (product.stock < priced.orderQuantity) totals.shortfall++;
    if (priced.lineTotal !== null) {
      totals.priced++;
      totals.total += priced.lineTotal;
    }
  }
  const reading = upload.reading;
  return {
    identityKey: upload.identityKey,
    fileName: upload.fileName,
    boardQuantity: upload.boardQuantity,
    createdAt: upload.createdAt.toISOString(),
    items: shown.map((line) => lineView(line, upload, cards)),
    page,
    limit,
    total: lines.length,
    pages: Math.max(1, Math.ceil(lines.length / limit)),
    spare: spareOf(upload),
    canEdit: mayChange(upload, actor),
    read:
      reading && upload.source
        ? {
            kind: upload.source.kind,
            encoding: null,
            delimiter: upload.source.delimiter,
            sheetName: reading.sheetName,
            sheetNames: reading.sheetNames,
            formulaCells: 0,
            headers: reading.headers,
            columns: reading.columns as BomColumns | null,
            rememberedColumns: false,
          }
        : null,
    totals,
  };
}
