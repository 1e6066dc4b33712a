/**
 * Which character separates the columns of a text BOM. Spreadsheet programs pick by locale: comma,
 * semicolon (where the comma is the decimal mark), tab ("text" exports), pipe from some ERPs.
 */
export type Delimiter = ',' | ';' | '\t' | '|';
const CANDIDATES: Delimiter[] = ['\t', ';', '|', ','];

/** Counts a character outside double quotes on one line. */
function countOutsideQuotes(line: string, ch: string): number {
  let n = 0;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ch && !quoted) n++;
  }
  return n;
}

/**
 * The candidate that splits the first lines most consistently: present on most lines with the same
 * count. Null when none does (one column, or columns separated by spaces).
 */
export function sniffDelimiter(text: string): Delimiter | null {
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim() !== '')
    .slice(0, 30);
  if (!lines.length) return null;
  let best: { d: Delimiter; score: number } | null = null;
  for (const d of CANDIDATES) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const withIt = counts.filter((n) => n > 0);
    if (withIt.length < Math.max(1, Math.ceil(lines.length * 0.5))) continue;
    // The most common count across lines, and how many lines share it.
    const freq = new Map<number, number>();
    for (const n of withIt) freq.set(n, (freq.get(n) ?? 0) + 1);
    const [mode, modeLines] = [...freq.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    const score = (modeLines / lines.length) * 10 + Math.min(mode, 10) * 0.1;
    if (!best || score > best.score) best = { d, score };
  }
  return best?.d ?? null;
}
