/**
 * Text files (CSV, TXT) arrive in whatever encoding the customer's program wrote: UTF-8 (with or without
 * a byte-order mark), UTF-16 from Excel's "Unicode text", or Windows-1256 from older Persian Windows.
 * Node's TextDecoder knows all of them, so no conversion library is needed.
 */
import { BomFileError } from './bom-errors';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1256';

function utf16WithoutMark(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  // ASCII-heavy UTF-16 has a zero in every other byte; which half holds them tells the byte order.
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

export function detectEncoding(bytes: Uint8Array): { encoding: TextEncoding; skip: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  const sixteen = utf16WithoutMark(bytes);
  if (sixteen) return { encoding: sixteen, skip: 0 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', skip: 0 };
  } catch {
    // Not valid UTF-8: the one other encoding Persian files come in is the Windows Arabic code page.
    return { encoding: 'windows-1256', skip: 0 };
  }
}

/** Share of characters that no text file contains (controls other than tab, CR, LF, FF). */
function controlShare(text: string): number {
  const sample = text.length > 65_536 ? text.slice(0, 65_536) : text;
  if (!sample.length) return 0;
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12) || c === 0xfffd || (c >= 0x7f && c < 0xa0)) bad++;
  }
  return bad / sample.length;
}

/** Bytes → text, refusing what is not text at all (a renamed binary, random bytes). */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const { encoding, skip } = detectEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes.subarray(skip));
  if (controlShare(text) > 0.02) throw new BomFileError('binary');
  return { text, encoding };
}
