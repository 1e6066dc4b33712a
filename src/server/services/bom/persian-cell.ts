import { toPersianLetters } from '../../../lib/persian';

const ARABIC_SCRIPT = /[\u0600-\u06ff]/;

/**
 * Arabic ي/ك → Persian ی/ک in a cell. Most BOM cells are Latin part numbers and digits: those skip the
 * conversion, which costs about a microsecond per call and dominated parsing of large files.
 */
export const persianCell = (text: string): string => (ARABIC_SCRIPT.test(text) ? toPersianLetters(text) : text);
