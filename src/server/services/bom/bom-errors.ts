import { BOM_LIMITS } from '../../../lib/bom/upload-limits';

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** Persian messages for every reason an uploaded file is refused; the customer reads them as they are. */
export const BOM_MESSAGES = {
  noFile: 'فایلی انتخاب نشده است.',
  empty: 'فایل خالی است.',
  tooLarge: `حجم فایل بیش از ${mb(BOM_LIMITS.maxFileBytes)} مگابایت است؛ لطفاً فایل کوچک‌تری بفرستید.`,
  wrongType: 'فقط فایل‌های xls، xlsx، csv یا txt پذیرفته می‌شوند.',
  binary: 'محتوای فایل قابل خواندن نیست؛ لطفاً یک فایل اکسل یا متنی (CSV) معتبر بفرستید.',
  badWorkbook: 'فایل اکسل خراب است یا قابل خواندن نیست؛ لطفاً آن را دوباره در اکسل ذخیره کنید.',
  zipBomb: 'فایل اکسل پس از باز شدن بیش از حد بزرگ است و پذیرفته نمی‌شود.',
  tooManyRows: `فایل بیش از ${BOM_LIMITS.maxRows.toLocaleString('fa-IR')} ردیف دارد؛ لطفاً فهرست را به چند فایل تقسیم کنید.`,
  tooManyParts: `فایل بیش از ${BOM_LIMITS.maxDistinctParts.toLocaleString('fa-IR')} شماره قطعه متفاوت دارد؛ لطفاً فهرست را به چند فایل تقسیم کنید.`,
  formulas:
    'برخی خانه‌های فایل فرمول محاسبه‌نشده دارند؛ لطفاً فایل را در اکسل باز کنید، ذخیره کنید و دوباره بفرستید (یا مقدارها را به‌جای فرمول کپی کنید).',
  noParts: 'هیچ شماره قطعه‌ای در فایل پیدا نشد؛ ستونی با عنوان «شماره قطعه» یا «Part Number» و ستون «تعداد» بگذارید.',
  tooSlow: 'خواندن فایل بیش از حد طول کشید؛ لطفاً فایل ساده‌تر یا کوچک‌تری بفرستید.',
  busy: 'هم‌اکنون فایل‌های زیادی در حال بررسی است؛ لطفاً یک دقیقه دیگر دوباره بفرستید.',
  encrypted: 'فایل رمزدار است؛ لطفاً رمز را بردارید و دوباره بفرستید.',
} as const;

export type BomErrorCode = keyof typeof BOM_MESSAGES;

/** Refused before the file is read: this address sent too many parts lists lately. */
export function uploadRateMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60)).toLocaleString('fa-IR');
  return `از این نشانی در مدت کوتاهی فایل‌های زیادی فرستاده شده است؛ لطفاً ${minutes} دقیقه دیگر دوباره فایل را بفرستید.`;
}

/** A file that cannot be read as a parts list; `status` is what the API answers (413 or 422). */
export class BomFileError extends Error {
  constructor(
    readonly code: BomErrorCode,
    readonly status: 413 | 422 | 503 = code === 'tooLarge' ? 413 : code === 'busy' ? 503 : 422,
  ) {
    super(BOM_MESSAGES[code]);
  }
}
