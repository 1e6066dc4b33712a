/**
 * Just enough of the Unicode bidirectional algorithm for an invoice set right-to-left: a line is cut
 * into runs of Persian (right-to-left) and of Latin letters or numbers (left-to-right), neutrals
 * (spaces, punctuation) join their neighbours when both sides agree and the paragraph (RTL) otherwise.
 * Runs come back in logical order; the renderer places them from the right edge leftwards.
 */
export type Direction = 'rtl' | 'ltr';
export interface Run {
  text: string;
  dir: Direction;
}

type Kind = 'R' | 'L' | 'N';

const ARABIC_LETTER = /[\u0600-\u065f\u066e-\u06d5\u06e5\u06e6\u06ee\u06ef\u06fa-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff\u200c]/;
const NUMBER = /[0-9\u06f0-\u06f9\u0660-\u0669]/;
const LATIN = /[A-Za-z\u00c0-\u024f]/;

function kindOf(ch: string): Kind {
  if (NUMBER.test(ch) || LATIN.test(ch)) return 'L';
  if (ARABIC_LETTER.test(ch)) return 'R';
  return 'N';
}

export function bidiRuns(text: string, paragraph: Direction = 'rtl'): Run[] {
  const chars = [...text];
  const kinds = chars.map(kindOf);
  const base: Kind = paragraph === 'rtl' ? 'R' : 'L';
  // Percent signs belong to the number they follow or precede (UBA rule W5: ET next to EN becomes EN).
  chars.forEach((ch, i) => {
    if ((ch === '٪' || ch === '%') && (NUMBER.test(chars[i - 1] ?? '') || NUMBER.test(chars[i + 1] ?? ''))) kinds[i] = 'L';
  });
  // Resolve neutrals: the strong type on both sides when equal, else the paragraph's.
  for (let i = 0; i < kinds.length; i++) {
    if (kinds[i] !== 'N') continue;
    let j = i;
    while (j < kinds.length && kinds[j] === 'N') j++;
    const before = i > 0 ? kinds[i - 1]! : base;
    const after = j < kinds.length ? kinds[j]! : base;
    const resolved = before === after ? before : base;
    for (let k = i; k < j; k++) kinds[k] = resolved;
    i = j - 1;
  }
  const runs: Run[] = [];
  chars.forEach((ch, i) => {
    const dir: Direction = kinds[i] === 'L' ? 'ltr' : 'rtl';
    const last = runs[runs.length - 1];
    if (last && last.dir === dir) last.text += ch;
    else runs.push({ text: ch, dir });
  });
  return runs;
}

/** Whether the shaper will treat this text as Arabic script (and lay it out right-to-left). */
export const hasArabicScript = (text: string) => /[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/.test(text);
