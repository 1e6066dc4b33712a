/** What an upload is, judged by its first bytes rather than trusting its name alone. */
import { BomFileError } from './bom-errors';

export type FileKind = 'xlsx' | 'xls' | 'text';

const ALLOWED_EXTENSIONS = ['xls', 'xlsx', 'csv', 'txt'] as const;

export const extensionOf = (fileName: string): string => /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
// OLE2 compound file: old .xls, and also password-protected .xlsx (an encrypted package inside OLE2).
const isCompoundFile = (b: Uint8Array) =>
  b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0 && b[4] === 0xa1 && b[5] === 0xb1 && b[6] === 0x1a && b[7] === 0xe1;

/**
 * The name must carry one of the four accepted extensions; the content then decides how it is read,
 * since customers rename files (an .xls that is really CSV, an .xlsx saved as .xls).
 */
export function fileKind(fileName: string, bytes: Uint8Array): FileKind {
  const ext = extensionOf(fileName);
  if (!(ALLOWED_EXTENSIONS as readonly string[]).includes(ext)) throw new BomFileError('wrongType');
  if (bytes.length === 0) throw new BomFileError('empty');
  if (isZip(bytes)) return 'xlsx';
  if (isCompoundFile(bytes)) return 'xls';
  return 'text';
}
