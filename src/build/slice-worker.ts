/**
 * A worker process of a parallel full build (src/build/parallel-render.ts): renders one slice of the
 * product pages through Astro, reading from the parent's API, into the folder all workers share
 * (making each Russian page from the English one as it goes) and checks the Russian samples — all in
 * parallel with the other workers. What it rendered from (the build record, src/build/build-record.ts,
 * with the products' search records) and what it wrote go to a JSON file for the parent to merge; the
 * parent indexes the search records of every worker at once, since the search bundles are cut by the
 * words of the whole catalogue (src/build/search-index.ts).
 *
 * Usage (by the parent only): node --import tsx src/build/slice-worker.ts <job.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderWithAstro, type AstroRenderJob } from './astro-render';
import { withPageResponses } from './page-responses';
import { startRecording, stopRecording, type ProductRecord } from './build-record';
import type { InlineHashes } from './inline-hashes';
import { russianMismatches, type RussianResult } from './russian-step';
import type { SearchRecord } from './search-records';

export interface SliceJob extends AstroRenderJob {
  /** Where the worker writes its SliceRecord. */
  recordFile: string;
  /** The folder every worker writes its product pages into. */
  productPagesDir: string;
}

export interface SliceRecord {
  products: [string, ProductRecord][];
  listings: [string, string][];
  search: [string, SearchRecord][];
  /** Seconds the worker's Astro build took (its bundling and the Russian pages included). */
  astroSeconds: number;
  russian: (RussianResult & { seconds: number }) | null;
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
    inlineHashes,
  };
  if (job.russianFromEnglish) {
    const t = performance.now();
    const mismatches = russianMismatches(job.productPagesDir, job.russianFromEnglish.samples, job.site.replace(/\/+$/, ''));
    out.russian = { written: russianWritten, mismatches, seconds: (performance.now() - t) / 1000 };
  }
  writeFileSync(job.recordFile, JSON.stringify(out));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
