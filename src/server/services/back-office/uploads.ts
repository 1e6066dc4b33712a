/**
 * A staff upload: an image becomes responsive WebP and AVIF copies (widths up to its own), anything
 * else allowed (PDF datasheets, ZIP footprints) is stored as it is. The record in media_uploads lets a
 * product save pick up an image's sizes and copies by its address.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { UploadResult } from '../../../api/schemas/staff-products';
import type { Db } from '../../db/client';
import { mediaUploads, staffActions } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { UploadsStore } from '../../storage/uploads-store';

export const UPLOAD_MESSAGES = {
  noFile: 'فایلی فرستاده نشد.',
  tooBig: 'حجم فایل بیش از ۲۰ مگابایت است.',
  badType: 'فقط تصویر (JPEG، PNG، WebP، AVIF، GIF، TIFF)، PDF یا ZIP پذیرفته می‌شود.',
  badImage: 'تصویر خوانده نشد یا ابعاد آن بیش از اندازه است.',
} as const;

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** Widths of the responsive copies; an image gets those below its own width, and its own. */
export const IMAGE_WIDTHS = [200, 400, 800, 1600] as const;

const OTHER_TYPES: [string, (b: Uint8Array) => boolean, string][] = [
  ['pdf', (b) => b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46, 'application/pdf'],
  ['zip', (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04, 'application/zip'],
];
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

export async function storeUpload(db: Db, store: UploadsStore, staffId: number, bytes: Uint8Array): Promise<UploadResult> {
  if (!bytes.length) throw new HttpError(422, UPLOAD_MESSAGES.noFile, { file: [UPLOAD_MESSAGES.noFile] });
  if (bytes.length > MAX_UPLOAD_BYTES) throw new HttpError(413, UPLOAD_MESSAGES.tooBig, { file: [UPLOAD_MESSAGES.tooBig] });
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
  const other = OTHER_TYPES.find(([, test]) => test(bytes));
  let result: UploadResult;
  let contentType: string;
  if (other) {
    contentType = other[2];
    result = { src: await store.put(`${hash}.${other[0]}`, bytes, contentType), width: null, height: null, variants: null };
  } else {
    // sharp refuses more than 268 megapixels by default: a decompression bomb is not an image.
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.format || !IMAGE_FORMATS.has(meta.format))
      throw new HttpError(422, UPLOAD_MESSAGES.badType, { file: [UPLOAD_MESSAGES.badType] });
    const oriented = meta.orientation && meta.orientation >= 5 ? { w: meta.height!, h: meta.width! } : { w: meta.width!, h: meta.height! };
    const widths = [...IMAGE_WIDTHS.filter((w) => w < oriented.w), Math.min(oriented.w, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!)];
    const variants: { width: number; webp: string; avif: string }[] = [];
    try {
      for (const width of [...new Set(widths)]) {
        const base = sharp(bytes, { animated: false }).rotate().resize({ width, withoutEnlargement: true });
        const webp = await base.clone().webp({ quality: 80 }).toBuffer();
        const avif = await base.clone().avif({ quality: 55, effort: 2 }).toBuffer();
        variants.push({
          width,
          webp: await store.put(`${hash}-${width}.webp`, webp, 'image/webp'),
          avif: await store.put(`${hash}-${width}.avif`, avif, 'image/avif'),
        });
      }
    } catch {
      throw new HttpError(422, UPLOAD_MESSAGES.badImage, { file: [UPLOAD_MESSAGES.badImage] });
    }
    const largest = variants[variants.length - 1]!;
    contentType = 'image/webp';
    result = { src: largest.webp, width: largest.width, height: Math.round((largest.width * oriented.h) / oriented.w), variants };
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mediaUploads)
      .values({
        src: result.src,
        contentType,
        bytes: bytes.length,
        width: result.width,
        height: result.height,
        variants: result.variants,
        staffId,
      })
      .onConflictDoUpdate({ target: mediaUploads.src, set: { staffId } })
      .returning({ id: mediaUploads.id });
    await tx.insert(staffActions).values({
      staffId,
      action: 'media.upload',
      entity: 'media_upload',
      entityId: row!.id,
      details: { src: result.src, bytes: bytes.length },
    });
  });
  return result;
}
