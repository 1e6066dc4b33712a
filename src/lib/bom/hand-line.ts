/**
 * One line of a parts list typed by hand ("LM358 x10", "2x AMS1117-3.3", "10k 0805 50", "NE555 - 30 pcs",
 * "ATmega328P-PU ۴ عدد") → the part text and the count, or a heading ("خازن‌ها:", "Semiconductors"). Pure.
 */
import { toAsciiDigits, toPersianLetters } from '../persian';

export type HandLine = { kind: 'part'; part: string; quantity: number | null } | { kind: 'heading' } | { kind: 'empty' };

// Words that follow a count: "30 pcs", "۴ عدد", "5 ta".
const COUNT_WORD = String.raw`(?:pcs?\.?|pieces?|ea|each|units?|nos?\.?|عدد|تا|دانه|قطعه)`;
// Four-digit package codes typed after a value ("10k 0805"): never a count.
const PACKAGE_CODES = new Set([
  '01005',
  '0201',
  '0402',
  '0603',
  '0805',
  '1206',
  '1210',
  '1812',
  '2010',
  '2512',
  '3225',
  '3215',
  '3216',
  '3528',
  '6032',
  '7343',
  '5050',
  '2835',
]);

const isCount = (s: string) => /^\d{1,7}$/.test(s) && !/^0/.test(s) && Number(s) > 0;

/** Separators people put between a part and its count: "x", "×", "*", "-", ",", ":", "=". */
const tidyPart = (s: string) =>
  s
    .replace(/^[\s\-–—*•·.,;:=)]+|[\s\-–—*•·,;:=(]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function part(partText: string, quantity: number | null): HandLine {
  const p = tidyPart(partText);
  return p ? { kind: 'part', part: p, quantity } : { kind: 'heading' };
}

export function parseHandLine(line: string): HandLine {
  const s = toAsciiDigits(toPersianLetters(line)).replace(/[٬،]/g, ',').replace(/\s+/g, ' ').trim();
  if (!s) return { kind: 'empty' };
  if (/^(#|\/\/|;)/.test(s)) return { kind: 'heading' };
  // A heading: ends in a colon, or is words without any digit ("Semiconductors", "لیست خرید").
  if (/[:：]$/.test(s)) return { kind: 'heading' };
  if (!/\d/.test(s) && (!/[A-Za-z]/.test(s) || /^[A-Z][a-z]+(?: [a-z]+)*$/.test(s))) return { kind: 'heading' };

  let m: RegExpExecArray | null;
  // "30 pcs", "۴ عدد" anywhere: the count is the number before the count word.
  m = new RegExp(String.raw`(?:^|[\s\-–,;:(])(\d{1,7})\s?${COUNT_WORD}(?=$|[\s,;.)])`, 'i').exec(s);
  if (m && isCount(m[1]!)) return part(s.slice(0, m.index) + ' ' + s.slice(m.index + m[0].length), Number(m[1]));
  // "2x AMS1117-3.3", "2 × LM358", "10* BC547"
  m = /^(\d{1,7})\s?[x×*]\s+(.+)$/i.exec(s) ?? /^(\d{1,7})[×*](.+)$/.exec(s);
  if (m && isCount(m[1]!)) return part(m[2]!, Number(m[1]));
  // "LM358 x10", "22pF 0603 x 4", "BC547 * 20", "LM358×10". The x must stand apart: "1X40" inside
  // a part number ("PH-M-1X40") is not a count.
  m = /^(.+?)(?:\s[x×*]\s?|\s?[×*]\s?)(\d{1,7})$/i.exec(s);
  if (m && isCount(m[2]!)) return part(m[1]!, Number(m[2]));
  const words = s.split(' ');
  // "10k 0805 50", "7805 3", "TP4056, 5", "NE555 - 30": a separate last number that is not a package code.
  const last = words[words.length - 1]!;
  if (words.length > 1 && isCount(last) && !PACKAGE_CODES.has(last)) return part(words.slice(0, -1).join(' '), Number(last));
  // "10 LM358": a count first, then a part.
  if (words.length > 1 && isCount(words[0]!) && /[A-Za-z]/.test(words.slice(1).join(' ')))
    return part(words.slice(1).join(' '), Number(words[0]));
  return part(s, null);
}
