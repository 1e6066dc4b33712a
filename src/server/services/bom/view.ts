/** Upload lines (database rows) → what the result page shows, priced fresh from today's catalogue. */
import type { ProductCard } from '../../../api/schemas/catalogue';
import type { BomLineView, CustomerUpload } from '../../../api/schemas/bom';
import type { Db } from '../../db/client';
import { loadProductCards } from '../product-views';
import { priceLine } from './line-pricing';
import { findUpload, uploadLines, type UploadLineRow, type UploadRow } from './uploads';

export const VIEW_NOTES = {
  gone: 'کالای انتخاب‌شده دیگر در فروشگاه عرضه نمی‌شود؛ یکی از گزینه‌های دیگر را انتخاب کنید.',
  unmatched: 'این قطعه در فروشگاه پیدا نشد.',
} as const;

function lineView(line: UploadLineRow, boards: number, cards: Map<number, ProductCard>): BomLineView {
  const notes = line.note ? line.note.split('\n') : [];
  const product = line.productId ? cards.get(line.productId) ?? null : null;
  const quantity = Math.min(line.quantity * boards, 1_000_000_000);
  let orderQuantity: number | null = null;
  let unitPrice: number | null = null;
  let total: number | null = null;
  if (product) {
    const priced = priceLine(product, quantity);
    ({ orderQuantity, unitPrice } = priced);
    total = priced.lineTotal;
    notes.push(...priced.notes);
  } else notes.push(line.productId ? VIEW_NOTES.gone : VIEW_NOTES.unmatched);
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
    product,
    alternatives: line.alternatives.map((id) => cards.get(id)).filter((c): c is ProductCard => Boolean(c)),
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
  return lineView(line, upload.boardQuantity, await cardsFor(db, [line], [line]));
}

export async function viewUpload(db: Db, identityKey: string, page: number, limit: number): Promise<CustomerUpload> {
  const upload = await findUpload(db, identityKey);
  const lines = await uploadLines(db, upload.id);
  const shown = lines.slice((page - 1) * limit, page * limit);
  const cards = await cardsFor(db, lines, shown);
  const totals = { lines: lines.length, exact: 0, family: 0, fuzzy: 0, unmatched: 0, priced: 0, total: 0 };
  for (const line of lines) {
    totals[line.matchStatus]++;
    const product = line.productId ? cards.get(line.productId) : undefined;
    if (!product) continue;
    const priced = priceLine(product, line.quantity * upload.boardQuantity);
    if (priced.lineTotal !== null) {
      totals.priced++;
      totals.total += priced.lineTotal;
    }
  }
  return {
    identityKey: upload.identityKey,
    fileName: upload.fileName,
    boardQuantity: upload.boardQuantity,
    createdAt: upload.createdAt.toISOString(),
    items: shown.map((line) => lineView(line, upload.boardQuantity, cards)),
    page,
    limit,
    total: lines.length,
    pages: Math.max(1, Math.ceil(lines.length / limit)),
    totals,
  };
}
