/**
 * How well the parts-list upload reads the format fixtures (tests/fixtures/bom/formats): each file is
 * uploaded to the real server and every line of the result compared with the fixture's table. Shared
 * by the accuracy test and `npm run bench:bom-accuracy`.
 *
 * A row's match is right when the line at that row of the file chose one of the row's right products,
 * or, for a row the store has nothing for, when no product is selected for the cart. Its quantity is
 * right when the per-board quantity equals the table's. A line read from a row that is not a part
 * (title, header, total) counts as a wrong line; a part row missing from the result, as wrong in both.
 */
import { readFileSync } from 'node:fs';
import { FORMAT_FIXTURES, type FormatFixture } from '../fixtures/bom/formats/formats';

export interface RowOutcome {
  file: string;
  lineNo: number;
  what: string;
  matchRight: boolean;
  quantityRight: boolean;
  /** A product selected for the cart that is not one of the right ones. */
  wrongSelected: boolean;
}

export interface FormatScore {
  format: string;
  file: string;
  lines: number;
  matchRight: number;
  quantityRight: number;
  wrongSelected: number;
  outcomes: RowOutcome[];
}

type Api = (path: string, init?: RequestInit) => Promise<{ status: number; body: any }>;

function expectedRows(fixture: FormatFixture) {
  // Rows are numbered within the sheet the parts are on (the one with expectations).
  const sheet = fixture.sheets.find((s) => s.rows.some((r) => r.expect))!;
  return sheet.rows.flatMap((row, i) => (row.expect ? [{ lineNo: i + 1, cells: row.cells, expect: row.expect }] : []));
}

export async function scoreFixture(api: Api, fixture: FormatFixture): Promise<FormatScore> {
  const bytes = readFileSync(new URL(`../fixtures/bom/formats/${fixture.file}`, import.meta.url));
  const form = new FormData();
  form.append('newFile', new Blob([new Uint8Array(bytes)]), fixture.file);
  const saved = await api('/SaveCustomerFile', { method: 'POST', body: form });
  const expected = expectedRows(fixture);
  const outcomes: RowOutcome[] = [];
  let items: any[] = [];
  if (saved.status === 200) {
    const view = await api(`/customerExcelUpload?identityKey=${saved.body.identityKey}&limit=100`);
    items = view.status === 200 ? view.body.items : [];
  }
  const byRow = new Map<number, any>(items.map((l) => [l.lineNo, l]));
  for (const row of expected) {
    const line = byRow.get(row.lineNo);
    byRow.delete(row.lineNo);
    const what = row.cells.filter((c) => c !== null && c !== '').join(' | ');
    if (!line) {
      outcomes.push({
        file: fixture.file,
        lineNo: row.lineNo,
        what: `${what} → no line`,
        matchRight: false,
        quantityRight: false,
        wrongSelected: false,
      });
      continue;
    }
    const slug: string | null = line.product?.slug ?? null;
    const selected = Boolean(line.selected && slug);
    const matchRight = row.expect.match === null ? !selected : slug !== null && row.expect.match.includes(slug);
    const wrongSelected = selected && !(row.expect.match ?? []).includes(slug!);
    outcomes.push({
      file: fixture.file,
      lineNo: row.lineNo,
      what: `${what} → ${slug ?? 'none'}${selected ? '' : ' (not selected)'} ×${line.quantityPerBoard}`,
      matchRight,
      quantityRight: line.quantityPerBoard === row.expect.quantity,
      wrongSelected,
    });
  }
  // Lines made of rows that are not parts: the header, a title, a total.
  for (const line of byRow.values()) {
    outcomes.push({
      file: fixture.file,
      lineNo: line.lineNo,
      what: `not a part: "${line.partNumber}" → ${line.product?.slug ?? 'none'}`,
      matchRight: false,
      quantityRight: false,
      wrongSelected: Boolean(line.selected && line.product),
    });
  }
  const count = (f: (o: RowOutcome) => boolean) => outcomes.filter(f).length;
  return {
    format: fixture.format,
    file: fixture.file,
    lines: outcomes.length,
    matchRight: count((o) => o.matchRight),
    quantityRight: count((o) => o.quantityRight),
    wrongSelected: count((o) => o.wrongSelected),
    outcomes,
  };
}

export async function scoreAllFormats(api: Api): Promise<FormatScore[]> {
  const out: FormatScore[] = [];
  for (const fixture of FORMAT_FIXTURES) out.push(await scoreFixture(api, fixture));
  return out;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');

/** The report printed by the test and the bench script: one row per format, then the whole. */
export function formatReport(scores: FormatScore[], withFailures = true): string {
  const total = scores.reduce(
    (t, s) => ({ lines: t.lines + s.lines, m: t.m + s.matchRight, q: t.q + s.quantityRight, w: t.w + s.wrongSelected }),
    { lines: 0, m: 0, q: 0, w: 0 },
  );
  const lines = scores.map(
    (s) =>
      `${s.format.padEnd(30)} lines ${String(s.lines).padStart(3)}  match ${pct(s.matchRight, s.lines).padStart(6)}  quantity ${pct(s.quantityRight, s.lines).padStart(6)}  wrong selected ${s.wrongSelected}`,
  );
  lines.push(
    `${'ALL'.padEnd(30)} lines ${String(total.lines).padStart(3)}  match ${pct(total.m, total.lines).padStart(6)}  quantity ${pct(total.q, total.lines).padStart(6)}  wrong selected ${total.w}`,
  );
  if (withFailures) {
    for (const s of scores)
      for (const o of s.outcomes) {
        if (!o.matchRight || !o.quantityRight || o.wrongSelected) {
          lines.push(
            `  ${o.file}:${o.lineNo} ${o.matchRight ? '' : '[match] '}${o.quantityRight ? '' : '[qty] '}${o.wrongSelected ? '[WRONG SELECTED] ' : ''}${o.what}`,
          );
        }
      }
  }
  return lines.join('\n');
}

export function totals(scores: FormatScore[]) {
  const lines = scores.reduce((n, s) => n + s.lines, 0);
  return {
    lines,
    matchRate: scores.reduce((n, s) => n + s.matchRight, 0) / lines,
    quantityRate: scores.reduce((n, s) => n + s.quantityRight, 0) / lines,
    wrongSelected: scores.reduce((n, s) => n + s.wrongSelected, 0),
  };
}
