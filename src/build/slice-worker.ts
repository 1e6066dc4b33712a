/**
 * A worker process of a parallel full build (src/build/parallel-render.ts): renders one slice of the
 * product pages through Astro, reading from the parent's API, into the folder all workers share
 * (making each Russian page from the English one as it goes), checks the Russian samples and indexes
 * its Pagefind records — all in parallel with the other workers. What it rendered from (the build
 * record, src/build/build-record.ts) and what it wrote go to a JSON file for the parent to merge.
 *
 * Usage (by the parent only): node --import tsx src/build/slice-worker.ts <job.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderWithAstro, type AstroRenderJob } from './astro-render';
import { withPageResponses } from './page-responses';
import { startRecording, stopRecording, type ProductRecord } from './build-record';
import type { InlineHashes } from './inline-hashes';
import { treePeakSampler } from './process-memory';
import { russianMismatches, type RussianResult } from './russian-step';
import { writeSearchParts, type SearchParts } from './search-index';
import type { SearchRecord } from './search-records';

export interface SliceJob extends AstroRenderJob {
  /** Where the worker writes its SliceRecord. */
  recordFile: string;
  /** The folder every worker writes its product pages into. */
  productPagesDir: string;
  /** Index the slice's search records; the first worker's first bundle is /pagefind/ itself. */
  search: { rootFirst: boolean; tag: string } | null;
}

export interface SliceRecord {
  products: [string, ProductRecord][];
  listings: [string, string][];
  search: [string, SearchRecord][];
  /** Seconds the worker's Astro build took (its bundling and the Russian pages included). */
  astroSeconds: number;
  russian: (RussianResult & { seconds: number }) | null;
  searchParts: (SearchParts & { seconds: number; peakMb: number }) | null;
  /** The inline scripts and styles of the pages this worker wrote. */
  inlineHashes: InlineHashes;
}

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as SliceJob;
  startRecording();
  const started = performance.now();
  // This process serves nothing: Astro's page responses may keep their bytes as they are.
  const { russianWritten, inlineHashes } = await withPageResponses(() => renderWithAstro(job));
  const astroSeconds = (performance.now() - started) / 1000;
  const record = stopRecording();
  const out: SliceRecord = {
    products: [...record.products],
    listings: [...record.listings],
    search: [...record.search],
    astroSeconds,
    russian: null,
    searchParts: null,
    inlineHashes,
  };
  if (job.russianFromEnglish) {
    const t = performance.now();
    const mismatches = russianMismatches(job.productPagesDir, job.russianFromEnglish.samples, job.site.replace(/\/+$/, ''));
    out.russian = { written: russianWritten, mismatches, seconds: (performance.now() - t) / 1000 };
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
