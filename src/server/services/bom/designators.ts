/**
 * Reference designators ("R1-R5", "C1, C2", "U1 U2", "R1..R3", "D1–D4"): which parts of the board a
 * BOM line fills. With no quantity column, their count is the quantity per board.
 */
import { toAsciiDigits } from '../../../lib/persian';
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';

// Prefixes seen on real boards; a single cell of these is a designator, not a part number.
const KNOWN_PREFIXES = new Set([
  'R',
  'RN',
  'RV',
  'VR',
  'C',
  'CP',
  'L',
  'FB',
  'D',
  'LED',
  'Z',
  'ZD',
  'Q',
  'T',
  'U',
  'IC',
  'J',
  'P',
  'CN',
  'JP',
  'K',
  'F',
  'FU',
  'Y',
  'X',
  'XTAL',
  'SW',
  'S',
  'BT',
  'TP',
  'M',
  'MH',
  'H',
  'LS',
  'BZ',
  'TR',
  'PS',
  'RL',
  'FID',
  'E',
  'ANT',
  'DS',
]);

const SINGLE = /^([A-Z]{1,4})(\d{1,5})([A-Z]?)$/;
const RANGE = /^([A-Z]{1,4})(\d{1,5})\s*(?:-|–|—|\.\.|~|:)\s*(?:([A-Z]{1,4}))?(\d{1,5})$/;

export interface DesignatorList {
  /** How many places the text names (ranges counted, duplicates once). */
  count: number;
  /** The names, up to a cap, in the order written. */
  names: string[];
}

const tidy = (text: string) => toAsciiDigits(text).toUpperCase().trim();

/**
 * Reads a designator cell; null when it is not one (so a part number such as "LM358" written alone
 * with an unusual prefix is not taken for one). Ranges are counted arithmetically: "R1-R99999" costs
 * nothing.
 */
export function parseDesignators(text: string): DesignatorList | null {
  const s = tidy(text);
  if (!s) return null;
  // Join the two ends of a range written with spaces ("R1 - R5") before splitting on separators.
  const pieces = s
    .replace(/\s*(-|–|—|\.\.|~)\s*/g, '$1')
    .split(/[\s,;/،؛]+/)
    .filter(Boolean);
  if (!pieces.length) return null;
  const seen = new Set<string>();
  const names: string[] = [];
  let count = 0;
  const add = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    count++;
    if (names.length < BOM_LIMITS.maxListedDesignators) names.push(name);
  };
  for (const piece of pieces) {
    const range = RANGE.exec(piece);
    if (range) {
      const [, prefix, fromText, toPrefix, toText] = range;
      if (toPrefix && toPrefix !== prefix) return null;
      const from = Number(fromText);
      const to = Number(toText);
      if (!KNOWN_PREFIXES.has(prefix!) || to < from || to - from > 100_000) return null;
      if (to - from + 1 > BOM_LIMITS.maxListedDesignators) {
        count += to - from + 1; // too many to list; counted only
        continue;
      }
      for (let n = from; n <= to; n++) add(`${prefix}${n}`);
      continue;
    }
    const single = SINGLE.exec(piece);
    if (!single) return null;
    // A lone token with an unknown prefix ("LM358", "NE555") is a part number, not a place on a board.
    if (!KNOWN_PREFIXES.has(single[1]!) && pieces.length === 1) return null;
    add(piece);
  }
  return count > 0 ? { count, names } : null;
}
