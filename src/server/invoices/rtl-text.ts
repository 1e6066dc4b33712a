import { bidiRuns, hasArabicScript } from './bidi';

/**
 * Drawing right-to-left lines with pdfkit. pdfkit shapes each string through fontkit, which joins
 * Persian letters and lays an Arabic-script string out right-to-left; it has no bidi of its own, so a
 * line is cut into runs (bidi.ts) and the runs are placed from the right edge leftwards here.
 */
type Doc = PDFKit.PDFDocument;

/**
 * Any `features` list makes pdfkit shape the whole string in one fontkit run; without it pdfkit shapes
 * word by word and strings the words together left-to-right, which scrambles Persian word order.
 * The script's own features (joining forms, required ligatures) are applied by fontkit either way.
 */
const WHOLE_RUN = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] };

export interface LineBox {
  x: number;
  y: number;
  width: number;
  align?: 'right' | 'left' | 'center';
}

/** Paired punctuation is mirrored in right-to-left text (Unicode Bidi_Mirrored); Vazirmatn has no rtlm. */
const MIRROR: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};

/**
 * What to hand the shaper for one run: a right-to-left run with its brackets mirrored; a left-to-right
 * run reversed when it holds Persian digits, because fontkit lays any Arabic-script text out
 * right-to-left and would otherwise print ۱۲۳ as ۳۲۱.
 */
function forShaper(text: string, dir: 'ltr' | 'rtl'): string {
  if (dir === 'rtl') return text.replace(/[()[\]{}<>«»]/g, (ch) => MIRROR[ch]!);
  return hasArabicScript(text) ? [...text].reverse().join('') : text;
}

export function lineWidth(doc: Doc, text: string): number {
  return bidiRuns(text).reduce((w, r) => w + doc.widthOfString(forShaper(r.text, r.dir), WHOLE_RUN), 0);
}

export function drawRtlLine(doc: Doc, text: string, box: LineBox): void {
  const runs = bidiRuns(text).map((r) => ({ ...r, shaped: forShaper(r.text, r.dir) }));
  const widths = runs.map((r) => doc.widthOfString(r.shaped, WHOLE_RUN));
  const total = widths.reduce((a, b) => a + b, 0);
  const align = box.align ?? 'right';
  let cursor = align === 'right' ? box.x + box.width : align === 'center' ? box.x + (box.width + total) / 2 : box.x + total;
  runs.forEach((run, i) => {
    cursor -= widths[i]!;
    doc.text(run.shaped, cursor, box.y, { ...WHOLE_RUN, lineBreak: false });
  });
}

/** Greedy word wrap by measured width; a word longer than the box gets a line of its own. */
export function wrapRtl(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && lineWidth(doc, candidate) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  if (current) lines.push(current);
  return lines;
}
