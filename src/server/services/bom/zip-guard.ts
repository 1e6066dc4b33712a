/**
 * An .xlsx is a zip archive. Before a spreadsheet reader sees one, its directory is read here and every
 * entry is inflated under a byte budget, so a zip bomb — declared honestly or with lying sizes — is
 * refused after at most `maxUncompressedBytes` of work instead of exhausting memory.
 */
import { inflateRawSync } from 'node:zlib';
import { BomFileError } from './bom-errors';
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';

export interface ZipEntryInfo {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  encrypted: boolean;
}

const u16 = (b: Buffer, at: number) => b.readUInt16LE(at);
const u32 = (b: Buffer, at: number) => b.readUInt32LE(at);

function endOfCentralDirectory(b: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const lowest = Math.max(0, b.length - 22 - 0xffff);
  for (let i = b.length - 22; i >= lowest; i--) if (u32(b, i) === 0x06054b50) return i;
  throw new BomFileError('badWorkbook');
}

/** The central directory: names and declared sizes of every entry. */
export function readZipDirectory(bytes: Uint8Array, limits = BOM_LIMITS): ZipEntryInfo[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 22) throw new BomFileError('badWorkbook');
  const eocd = endOfCentralDirectory(b);
  const count = u16(b, eocd + 10);
  const dirOffset = u32(b, eocd + 16);
  if (count === 0xffff || dirOffset === 0xffffffff) throw new BomFileError('zipBomb'); // zip64: far beyond any BOM
  if (count > limits.maxZipEntries) throw new BomFileError('zipBomb');
  const entries: ZipEntryInfo[] = [];
  let at = dirOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || u32(b, at) !== 0x02014b50) throw new BomFileError('badWorkbook');
    const nameLength = u16(b, at + 28);
    const entry: ZipEntryInfo = {
      encrypted: (u16(b, at + 8) & 1) === 1,
      method: u16(b, at + 10),
      compressedSize: u32(b, at + 20),
      uncompressedSize: u32(b, at + 24),
      localHeaderOffset: u32(b, at + 42),
      name: b.toString('utf8', at + 46, Math.min(b.length, at + 46 + nameLength)),
    };
    entries.push(entry);
    at += 46 + nameLength + u16(b, at + 30) + u16(b, at + 32);
  }
  return entries;
}

/** Checks declared sizes, then inflates each entry for real within what is left of the budget. */
export function assertSafeZip(bytes: Uint8Array, limits = BOM_LIMITS): void {
  const entries = readZipDirectory(bytes, limits);
  if (entries.some((e) => e.encrypted)) throw new BomFileError('encrypted');
  let declared = 0;
  for (const e of entries) {
    declared += e.uncompressedSize;
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize);
    if (e.uncompressedSize > 1024 * 1024 && ratio > limits.maxCompressionRatio) throw new BomFileError('zipBomb');
  }
  if (declared > limits.maxUncompressedBytes) throw new BomFileError('zipBomb');

  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let budget = limits.maxUncompressedBytes;
  for (const e of entries) {
    const h = e.localHeaderOffset;
    if (h + 30 > b.length || u32(b, h) !== 0x04034b50) throw new BomFileError('badWorkbook');
    const dataStart = h + 30 + u16(b, h + 26) + u16(b, h + 28);
    const data = b.subarray(dataStart, dataStart + e.compressedSize);
    let size: number;
    if (e.method === 0) size = data.length;
    else if (e.method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (err) {
        const code = (err as { code?: string }).code;
        throw new BomFileError(code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError ? 'zipBomb' : 'badWorkbook');
      }
    } else throw new BomFileError('badWorkbook');
    budget -= size;
    if (budget < 0) throw new BomFileError('zipBomb');
  }
}
