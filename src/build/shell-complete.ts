/**
 * Completing an on-request deploy's shell without rendering it again. The shell (freshness.ts) is
 * every page an on-request full build renders — listings, content, account pages — only without the
 * sitemap's product entries and the manifest; the background build (site-later.ts) used to render all
 * of it again (133 s of Astro at a million products) to get them. Instead the shell build keeps what
 * its pages were rendered from (the listings' hashes, the data time and catalogue version read before
 * its first page) in SHELL_RECORD_FILE, and this adds the rest to the live shell in place: the sitemap's
 * product shards from the catalogue index, empty search records, and the manifest made from that record.
 * What changed since the shell read its data is then an ordinary incremental rebuild away (the
 * manifest's builtAt is the shell's, so the next rebuild asks for changes since then).
 *
 * A shell of another configuration (store details, test mode) or without the record gets the full
 * build as before.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { Config } from '../server/config';
import type { BuildData } from './build-api';
import { writeManifest, writeSearchRecords } from './build-record';
import type { RebuildResult } from './rebuild';
import { writeFileReplacing } from './replace-files';
import { shellFingerprint } from './shell-fingerprint';
import { PRODUCTS_PER_SHARD, writeProductSitemaps } from './sitemap-patch';
import type { ExportIndex, ExportIndexEntry } from '../api/schemas/export';

export const SHELL_RECORD_FILE = '.qateh-shell.json';

const shellRecordSchema = z.object({
  /** Database time before the shell read any data: the manifest's builtAt. */
  builtAt: z.string(),
  version: z.string(),
  shell: z.string(),
  listings: z.record(z.string(), z.string()),
});
export type ShellRecord = z.infer<typeof shellRecordSchema>;

export function writeShellRecord(siteDir: string, record: ShellRecord): void {
  writeFileReplacing(join(siteDir, SHELL_RECORD_FILE), JSON.stringify(record));
}

/** The shell's record when it was built under `config`'s page frame, else null (a full build is wanted). */
export function usableShellRecord(config: Config, siteDir: string): ShellRecord | null {
  const file = join(siteDir, SHELL_RECORD_FILE);
  if (!existsSync(file)) return null;
  const parsed = shellRecordSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success && parsed.data.shell === shellFingerprint(config) ? parsed.data : null;
}

/** Keyset pages of the catalogue index, one shard's worth each (`after`: the last id of the page before). */
interface IndexReader {
  page(after: number): Promise<ExportIndex>;
  close(): Promise<void>;
}

/**
 * Where the index is read: given the database (the rebuild thread's own pools on PostgreSQL,
 * rebuild-thread.ts), by the export service the API would run, in this thread; given an API's address
 * (PGlite, owned by the server's thread), over HTTP. A loopback API of its own cost the thread a
 * server to start and, per page, the rows turned into JSON, sent, parsed and checked twice (~16,666
 * entries a page, 59 pages at a million products): CPU the first renders of product pages shared.
 */
async function openIndexReader(config: Config, data: BuildData): Promise<IndexReader> {
  if ('db' in data) {
    const { exportIndex } = await import('../server/services/catalogue-export');
    return { page: (after) => exportIndex(data.db, undefined, { after, limit: PRODUCTS_PER_SHARD }), close: async () => {} };
  }
  const [{ openBuildApi }, { createExportApi }] = await Promise.all([import('./build-api'), import('./export-client')]);
  const api = await openBuildApi(config, data);
  const exporter = createExportApi(api.url);
  return { page: (after) => exporter.index({ after, limit: PRODUCTS_PER_SHARD }), close: () => api.close() };
}

/** Adds the sitemap's product shards, search records and manifest to the shell in `siteDir`. */
export async function completeShell(config: Config, data: BuildData, siteDir: string, log: (line: string) => void): Promise<RebuildResult> {
  const started = performance.now();
  const record = usableShellRecord(config, siteDir);
  if (!record) throw new Error(`no shell record of this configuration in ${siteDir}`);
  const index = await openIndexReader(config, data);
  log(`catalogue index reader ready, ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const cap = Number(process.env.SITE_MAX_PRODUCTS || 0);
    let count = 0;
    let pagesRead = 0;
    // Keyset pages of the index, one shard's worth each; the next page is asked for while this one is
    // written, so the database's reads and the file writes overlap and memory holds two pages at most.
    async function* pages(): AsyncGenerator<ExportIndexEntry[]> {
      let next: Promise<ExportIndex> | null = index.page(0);
      while (next) {
        const page: ExportIndex = await next;
        next = page.next != null ? index.page(page.next) : null;
        const products = cap > 0 ? page.products.slice(0, cap - count) : page.products;
        count += products.length;
        if (++pagesRead % 10 === 0)
          log(`catalogue index: ${pagesRead} pages read (${count} products), ${((performance.now() - started) / 1000).toFixed(1)} s`);
        yield products;
        if (cap > 0 && count >= cap) {
          // The page asked for ahead is not wanted: its answer (or failure) is let go.
          next?.catch(() => {});
          return;
        }
      }
    }
    const shards = await writeProductSitemaps(siteDir, config.PUBLIC_BASE_URL, pages());
    log(
      `catalogue index read in pages and sitemap written: ${count} products in ${shards} shard(s), ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The search fallback (search-fallback-later.ts) fills them; the manifest, written last, marks the site complete.
    writeSearchRecords(siteDir, {});
    writeManifest(siteDir, {
      builtAt: record.builtAt,
      version: record.version,
      shell: record.shell,
      products: {},
      listings: record.listings,
      productPages: 'on-request',
    });
    rmSync(join(siteDir, SHELL_RECORD_FILE), { force: true });
  } finally {
    await index.close();
  }
  const seconds = (performance.now() - started) / 1000;
  return {
    kind: 'full',
    reason: 'the shell completed in place (sitemap, manifest; no page rendered again)',
    rendered: [],
    removed: [],
    listings: [],
    pagesSeconds: seconds,
    seconds,
  };
}
