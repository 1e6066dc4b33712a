/**
 * Writing one Pagefind bundle from ready-made records (src/build/search-records.ts: pagefindRecord).
 * Kept apart from the rest of the search index so the indexer threads (search-index-thread.ts) load
 * only this and Pagefind.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import type { pagefindRecord } from './search-records';

export type PagefindRecord = ReturnType<typeof pagefindRecord>;

const FRAGMENT_FILES = 500;

/** Indexes `records` into one whole Pagefind bundle at `outputPath`; the caller closes Pagefind's service when done. */
export async function writePagefindIndex(outputPath: string, records: Iterable<PagefindRecord>): Promise<number> {
  // Fragments (a record's title, meta and text) go 20 to a file rather than one file each: the result
  // page fetches a few KB more, while a 10,000-record bundle writes 500 files instead of 5,000
  // (49k records: 22 → 16 s here, file creation being dear on this disk; 250 or 100 gain little more).
  const { index, errors } = await pagefind.createIndex({ maxFragments: FRAGMENT_FILES });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  let added = 0;
  // A bounded number of messages in flight: the service answers in order, and 200k pending
  // promises would only hold memory.
  let batch: Promise<{ errors: string[] }>[] = [];
  const flush = async () => {
    for (const r of await Promise.all(batch)) if (r.errors.length) throw new Error(`Pagefind indexing failed: ${r.errors.join('; ')}`);
    batch = [];
  };
  for (const record of records) {
    batch.push(index.addCustomRecord(record));
    added++;
    if (batch.length >= 1000) await flush();
  }
  await flush();
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length) throw new Error(`Pagefind could not write its files: ${written.errors.join('; ')}`);
  await index.deleteIndex();
  return added;
}

/** What a bundle keeps of what Pagefind writes: its own index; the code, worker and wasm are the same for every bundle. */
const ownFile = (name: string): boolean =>
  name === 'pagefind-entry.json' || name.endsWith('.pf_meta') || name === 'index' || name === 'fragment' || name === 'filter';

/**
 * Indexes `records` into a bundle at `outputPath` holding only its own index files: the search
 * island merges it into the root index (search-index.ts: writeSearchRoot), whose code serves every bundle.
 */
export async function writePagefindBundle(outputPath: string, records: Iterable<PagefindRecord>): Promise<number> {
  const added = await writePagefindIndex(outputPath, records);
  for (const name of readdirSync(outputPath)) if (!ownFile(name)) rmSync(join(outputPath, name), { recursive: true, force: true });
  return added;
}
