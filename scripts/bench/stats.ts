/** Small numeric helpers for the benchmark report. */

/** Nearest-rank percentile of values sorted ascending; NaN for an empty list. */
function fromSorted(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function percentile(values: number[], p: number): number {
  return fromSorted(Float64Array.from(values).sort() as unknown as number[], p);
}

export function median(values: number[]): number {
  return percentile(values, 50);
}

export interface LatencySummary {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
}

export function summarise(values: number[]): LatencySummary {
  // A typed array sorts numerically and copes with the hundreds of thousands of samples of a load run.
  const sorted = Float64Array.from(values).sort() as unknown as number[];
  return {
    p50: fromSorted(sorted, 50),
    p95: fromSorted(sorted, 95),
    p99: fromSorted(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    count: sorted.length,
  };
}

export const ms = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms` : '—');
export const perSecond = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '—');

/** A plain text table: columns padded to their widest cell, numbers right-aligned. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
