/**
 * Reads a catalogue CSV file (RFC 4180) into records that remember the physical line they start on,
 * because a quoted field may hold line breaks and people fix files by line number.
 */
import { parse } from 'csv-parse/sync';

export interface CsvRecord {
  /** 1-based physical line where the record starts. */
  line: number;
  fields: string[];
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Start line of every non-empty record, found by a scan that follows the same quoting rule as the
 * parser (a line break inside double quotes does not end the record). csv-parse's own line counter
 * reports where a record ends, and counts a CRLF inside quotes twice, so it cannot be used for this.
 */
function recordStartLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let inQuotes = false;
  let recordEmpty = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34 /* " */) {
      inQuotes = !inQuotes;
    } else if (!inQuotes && (ch === 10 || ch === 13)) {
      if (ch === 13 && text.charCodeAt(i + 1) === 10) i++;
      line++;
      recordEmpty = true;
      continue;
    } else if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++; // a line break inside a quoted field
    }
    if (recordEmpty) {
      starts.push(ch === 10 || ch === 13 ? line - 1 : line);
      recordEmpty = false;
    }
  }
  return starts;
}

/** Parses the text; throws CsvSyntaxError (with a line) on broken quoting. A leading BOM is ignored. */
export function readCsv(rawText: string): CsvTable {
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  let rows: string[][];
  try {
    rows = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
  } catch (err) {
    const e = err as { message?: string; lines?: number };
    throw new CsvSyntaxError(`CSV syntax: ${e.message ?? String(err)}`, e.lines ?? 1);
  }
  const starts = recordStartLines(text);
  const [header = [], ...body] = rows;
  // Both readers skip the same empty lines, so record i of the parser starts on starts[i].
  const records = body.map((fields, i) => ({ line: starts[i + 1] ?? 0, fields }));
  return { header: header.map((h) => h.trim()), records };
}
