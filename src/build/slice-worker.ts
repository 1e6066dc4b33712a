/**
 * A worker process of a parallel full build (src/build/parallel-render.ts): renders one slice of the
 * product pages through Astro, reading from the parent's API, and writes what it rendered from (the
 * build record, src/build/build-record.ts) to a JSON file for the parent to merge.
 *
 * Usage (by the parent only): node --import tsx src/build/slice-worker.ts <job.json>
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { renderWithAstro, type AstroRenderJob } from './astro-render';
import { startRecording, stopRecording } from './build-record';

export interface SliceJob extends AstroRenderJob {
  /** Where the worker writes its SliceRecord. */
  recordFile: string;
}

export interface SliceRecord {
  products: [string, { hash: string; listings: string[] }][];
  listings: [string, string][];
  search: [string, unknown][];
}

async function main(): Promise<void> {
  const job = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as SliceJob;
  startRecording();
  await renderWithAstro(job);
  const record = stopRecording();
  const out: SliceRecord = { products: [...record.products], listings: [...record.listings], search: [...record.search] };
  writeFileSync(job.recordFile, JSON.stringify(out));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
