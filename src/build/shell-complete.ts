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
import { openBuildApi, type BuildData } from './build-api';
import { writeManifest, writeSearchRecords } from './build-record';
import { createExportApi } from './export-client';
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

/** Adds the sitemap's product shards, search records and manifest to the shell in `siteDir`. */
export async function completeShell(config: Config, data: BuildData, siteDir: string, log: (line: string) => void): Promise<RebuildResult> {
  const started = performance.now();
  const record = usableShellRecord(config, siteDir);
  if (!record) throw new Error(`no shell record of this configuration in ${siteDir}`);
  const api = await openBuildApi(config, data);
  try {
    const exporter = createExportApi(api.url);
    const cap = Number(process.env.SITE_MAX_PRODUCTS || 0);
    let count = 0;
    // Keyset pages of the index, one shard's worth each; the next page is asked for while this one is
    // written, so the database's reads and the file writes overlap and memory holds two pages at most.
    async function* pages(): AsyncGenerator<ExportIndexEntry[]> {
      let next: Promise<ExportIndex> | null = exporter.index({ after: 0, limit: PRODUCTS_PER_SHARD });
      while (next) {
        const page: ExportIndex = await next;
        next = page.next != null ? exporter.index({ after: page.next, limit: PRODUCTS_PER_SHARD }) : null;
        const products = cap > 0 ? page.products.slice(0, cap - count) : page.products;
        count += products.length;
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
    await api.close();
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
