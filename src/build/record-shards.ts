/**
 * Records keyed by product slug (the build manifest's products, the search records), kept as
 * SHARD_COUNT files instead of one: at a million products one JSON file passes V8's longest string
 * (~512 MB) and could neither be written nor read. A slug's shard is the first byte of its hash, so a
 * shard holds ~1/256 of the catalogue (≈4,000 products at 1M) and a changed product changes one shard.
 *
 * A shard file is named by its content hash and never rewritten: writing a record set writes only the
 * shards whose content is new, the caller then saves the small index naming the files (shard → file)
 * and prunes the files no index names. A crash before the index is saved leaves the old index and its
 * files whole.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileReplacing } from './replace-files';

export const SHARD_COUNT = 256;

/** Shard → file name (inside the shard folder). */
export type ShardIndex = Record<string, string>;

/** The shard a slug lives in: two hex digits. */
export const shardOf = (slug: string): string => createHash('sha1').update(slug).digest('hex').slice(0, 2);

/** Splits records by shard; keys sorted inside each, so equal content gives an equal file. */
function byShard<T>(records: Record<string, T>): Map<string, [string, T][]> {
  const out = new Map<string, [string, T][]>();
  for (const slug of Object.keys(records).sort()) {
    const shard = shardOf(slug);
    let list = out.get(shard);
    if (!list) out.set(shard, (list = []));
    list.push([slug, records[slug]!]);
  }
  return out;
}

/**
 * Writes `records` as shards `<name>-<shard>-<hash>.json` into `folder`; a shard whose file already
 * exists (same content) is not written again. Returns the index naming the files to save.
 */
export function writeShards<T>(folder: string, name: string, records: Record<string, T>): { index: ShardIndex; written: string[] } {
  mkdirSync(folder, { recursive: true });
  const index: ShardIndex = {};
  const written: string[] = [];
  for (const [shard, entries] of byShard(records)) {
    const text = JSON.stringify(Object.fromEntries(entries));
    const file = `${name}-${shard}-${createHash('sha1').update(text).digest('hex').slice(0, 16)}.json`;
    index[shard] = file;
    if (existsSync(join(folder, file))) continue;
    writeFileReplacing(join(folder, file), text);
    written.push(file);
  }
  return { index, written };
}

/** Removes `name`'s shard files the index does not name (after the index naming the new ones is saved). */
export function pruneShards(folder: string, name: string, index: ShardIndex): void {
  if (!existsSync(folder)) return;
  const keep = new Set(Object.values(index));
  for (const file of readdirSync(folder)) if (file.startsWith(`${name}-`) && !keep.has(file)) rmSync(join(folder, file), { force: true });
}

/** One shard's records. */
export function readShard<T>(folder: string, file: string): Record<string, T> {
  return JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, T>;
}

/** Every record, read shard by shard (no string ever holds more than one shard). */
export function readAllShards<T>(folder: string, index: ShardIndex): Record<string, T> {
  const out: Record<string, T> = {};
  for (const file of Object.values(index)) Object.assign(out, readShard<T>(folder, file));
  return out;
}

/** The records of `slugs` only: each shard holding one is read once and let go. */
export function readShardsOf<T>(folder: string, index: ShardIndex, slugs: Iterable<string>): Map<string, T> {
  const wanted = new Map<string, string[]>();
  for (const slug of slugs) {
    const shard = shardOf(slug);
    (wanted.get(shard) ?? wanted.set(shard, []).get(shard)!).push(slug);
  }
  const out = new Map<string, T>();
  for (const [shard, list] of wanted) {
    const file = index[shard];
    if (!file) continue;
    const records = readShard<T>(folder, file);
    for (const slug of list) if (slug in records) out.set(slug, records[slug]!);
  }
  return out;
}

/**
 * `index` with `changes` set and `removed` deleted: only the shards holding one of them are read and
 * written again (a rebuild's few products touch a few shards of a million-product catalogue).
 */
export function updateShards<T>(
  folder: string,
  name: string,
  index: ShardIndex,
  changes: Record<string, T>,
  removed: Iterable<string>,
): { index: ShardIndex; written: string[] } {
  const touched = new Map<string, Record<string, T>>();
  const shardRecords = (shard: string): Record<string, T> => {
    let records = touched.get(shard);
    if (!records) touched.set(shard, (records = index[shard] ? readShard<T>(folder, index[shard]) : {}));
    return records;
  };
  for (const [slug, record] of Object.entries(changes)) shardRecords(shardOf(slug))[slug] = record;
  for (const slug of removed) delete shardRecords(shardOf(slug))[slug];
  const next: ShardIndex = { ...index };
  const written: string[] = [];
  for (const [shard, records] of touched) {
    delete next[shard];
    const part = writeShards(folder, name, records);
    Object.assign(next, part.index);
    written.push(...part.written);
  }
  return { index: next, written };
}
