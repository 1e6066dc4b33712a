/**
 * A worker process of a parallel full build (src/build/parallel-render.ts): renders one slice of the
 * product pages through Astro, reading from the parent's API, then makes that slice's Russian pages
 * from the English ones and indexes its Pagefind records — all three in parallel with the other
 * workers. What it rendered from (the build record, src/build/build-record.ts) and what it wrote go
 * to a JSON file for the parent to merge.
 *
 * Usage (by the parent only): node --import tsx src/build/slice-worker.ts <job.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderWithAstro, type AstroRenderJob } from './astro-render';
import { startRecording, stopRecording, type ProductRecord } from './build-record';
import { treePeakSampler } from './process-memory';
import { writeRussianPages, type RussianResult } from './russian-step';
import { writeSearchParts, type SearchParts } from './search-index';
import type { SearchRecord } from './search-records';

export interface SliceJob extends AstroRenderJob {
  /** Where the worker writes its SliceRecord. */
  recordFile: string;
  /** Make the slice's Russian product pages from the English ones, checked on these samples. */
  russian: { samples: string[] } | null;
  /** Index the slice's search records; the first worker's first bundle is /pagefind/ itself. */
  search: { rootFirst: boolean; tag: string } | null;
}

export interface SliceRecord {
  products: [string, ProductRecord][];
  listings: [string, string][];
  search: [string, SearchRecord][];
  russian: (RussianResult & { seconds: number }) | null;
  searchParts: (SearchParts & { seconds: number; peakMb: number }) | null;
}

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as SliceJob;
  startRecording();
  await renderWithAstro(job);
  const record = stopRecording();
  const out: SliceRecord = { products: [...record.products], listings: [...record.listings], search: [...record.search], russian: null, searchParts: null };
  if (job.russian) {
    const t = performance.now();
    const made = writeRussianPages(job.outDir, job.filter.products ?? [], job.russian.samples, job.site.replace(/\/+$/, ''));
    out.russian = { ...made, seconds: (performance.now() - t) / 1000 };
  }
  // A failed Russian check means a second build: no index for this one.
  if (job.search && !out.russian?.mismatches.length) {
    const t = performance.now();
    const memory = treePeakSampler((cmd) => cmd.includes('pagefind'));
    const parts = await writeSearchParts(job.outDir, out.search, job.search);
    out.searchParts = { ...parts, seconds: (performance.now() - t) / 1000, peakMb: memory.stop() };
  }
  writeFileSync(job.recordFile, JSON.stringify(out));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
