/**
 * Where left-to-right text sits inside right-to-left text. A maker name ("Texas Instruments"), a
 * part number with spaces or hyphens ("LM317 T", "TJA1051T/3") or a package ("SOT-23 5") must be
 * ONE isolated run: wrapping each Latin word on its own lets the Persian paragraph order the words
 * right to left ("Instruments Texas"). Used by the static pages and the islands alike.
 */
export interface TextRun {
  text: string;
  /** Left-to-right: shown as one isolated run (<bdi dir="ltr">). */
  ltr: boolean;
  /** The run cut where the product's own part number sits in it (that piece never breaks at its hyphens). */
  segments: { text: string; partNumber: boolean }[];
}

/** A Latin word: letters, digits and the joiners part numbers and values use, ending on a letter, digit or ')'. */
const WORD = String.raw`[A-Za-z0-9µΩ±%](?:[A-Za-z0-9µΩ±%\-_./+#,:()]*[A-Za-z0-9µΩ%)])?`;
/** Latin words joined by spaces (or tabs): one run. */
const RUN = new RegExp(`${WORD}(?:[ \\t\\u00a0]+${WORD})*`, 'g');
const LETTER = /[A-Za-z]/;

/** "5.5V)" closes a Persian bracket, not one of its own: the ")" stays outside the run. */
function withoutUnopenedParen(word: string): string {
  let open = 0;
  for (const ch of word) open += ch === '(' ? 1 : ch === ')' ? -1 : 0;
  return open < 0 && word.endsWith(')') ? word.slice(0, -1) : word;
}

const plain = (text: string, ltr: boolean): TextRun => ({ text, ltr, segments: [{ text, partNumber: false }] });

function runsOf(text: string): TextRun[] {
  const out: TextRun[] = [];
  let at = 0;
  for (const m of text.matchAll(RUN)) {
    // A number alone ("10", "2.5") reads the same either way and needs no isolation.
    const word = withoutUnopenedParen(m[0]);
    if (!LETTER.test(word)) continue;
    if (m.index > at) out.push(plain(text.slice(at, m.index), false));
    out.push(plain(word, true));
    at = m.index + word.length;
  }
  if (at < text.length) out.push(plain(text.slice(at), false));
  return out;
}

/**
 * Cuts `text` into right-to-left stretches and isolated left-to-right runs. Occurrences of
 * `partNumber` (case-insensitive, spaces and all) are runs of their own, marked so they do not
 * break; a Latin word touching them by a space joins their run, so "Texas Instruments LM358"
 * stays in reading order.
 */
export function latinRuns(text: string, partNumber = ''): TextRun[] {
  const pieces: TextRun[] = [];
  const needle = partNumber.trim().toLowerCase();
  const lower = text.toLowerCase();
  let at = 0;
  if (needle && LETTER.test(needle)) {
    for (let i = lower.indexOf(needle); i !== -1; i = lower.indexOf(needle, at)) {
      if (i > at) pieces.push(...runsOf(text.slice(at, i)));
      const found = text.slice(i, i + needle.length);
      pieces.push({ text: found, ltr: true, segments: [{ text: found, partNumber: true }] });
      at = i + needle.length;
    }
  }
  if (at < text.length) pieces.push(...runsOf(text.slice(at)));
  return joinTouchingRuns(pieces);
}

/** "Texas Instruments " + "LM358": Latin runs separated only by spaces become one run. */
function joinTouchingRuns(pieces: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    const beforeLast = out[out.length - 2];
    if (piece.ltr && last && !last.ltr && /^[ \t\u00a0]+$/.test(last.text) && beforeLast?.ltr) {
      out.pop();
      append(beforeLast, { text: last.text, partNumber: false });
      for (const segment of piece.segments) append(beforeLast, segment);
      continue;
    }
    if (piece.ltr && last?.ltr) {
      for (const segment of piece.segments) append(last, segment);
      continue;
    }
    out.push({ ...piece, segments: piece.segments.map((x) => ({ ...x })) });
  }
  return out;
}

function append(run: TextRun, segment: { text: string; partNumber: boolean }): void {
  run.text += segment.text;
  const last = run.segments[run.segments.length - 1];
  if (last && last.partNumber === segment.partNumber) last.text += segment.text;
  else run.segments.push({ ...segment });
}
