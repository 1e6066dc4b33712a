/**
 * Product pages kept compressed on disk: a page rendered on its first request is written as
 * `<page>.html.br` only, which the server unpacks and sends (src/server/http/static-site.ts).
 *
 * Most of a product page is the same on every product page of its language: the inlined stylesheet
 * (~48 KB), the header and footer frame (~20 KB), Astro's island loader scripts. Kept in every file,
 * they were 3/4 of the stored bytes (63 KB of brotli per product in three languages, ~69 GB in
 * file-system blocks at a million products). So a kept page stores each such stretch as a reference
 * to one file of `.page-parts/` beside it, named by the stretch's hash, and its own part compressed
 * after a reference page (below): ~0.9 KB a page, one 4 KB block (scripts/bench/page-bytes.ts). Parts are only ever added (a
 * new stylesheet or frame is a new part; an old page keeps the one it was rendered with), a few per
 * build, so nothing is removed while a page may still name them.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, brotliDecompressSync, constants, createBrotliCompress } from 'node:zlib';
import { shellStretches } from './page-frame';
import { writeFileWhole } from './replace-files';

export const COMPRESSED_PAGE_SUFFIX = '.br';

/** The compressed form of a page file (`x.html` → `x.html.br`). */
export const compressedPageFile = (htmlFile: string): string => htmlFile + COMPRESSED_PAGE_SUFFIX;

/** The folder of the shared parts of the kept pages in `pageFile`'s folder (a dot folder: never served). */
export const pagePartsDir = (pageFile: string): string => join(dirname(pageFile), '.page-parts');

// A stretch is named in the page by its hash between two NUL characters: HTML never carries NUL (a
// parser turns it into U+FFFD), and a page that does anyway is kept whole.
const REFERENCE = /\u0000([0-9a-f]{32})\u0000/g;
/** Inline styles and scripts this long are shared by many pages (the stylesheet, font faces, island loaders); shorter ones, and a stretch shorter than its reference would be worth, stay in the page. */
const SHARED_CHARS = 256;
const SHARED_ELEMENT = /<(style|script)\b([^>]*)>([\s\S]*?)<\/\1>/g;

/** The stretches of a page that other pages of its language repeat, as [from, to) in page order. */
function sharedStretches(html: string): [number, number][] {
  const frame = shellStretches(html) ?? [];
  const inFrame = (at: number) => frame.some(([from, to]) => at >= from && at < to);
  const elements: [number, number][] = [];
  for (const m of html.matchAll(SHARED_ELEMENT)) {
    // JSON-LD is the product's own data.
    if (m[3]!.length < SHARED_CHARS || m[2]!.includes('application/ld+json') || inFrame(m.index)) continue;
    elements.push([m.index, m.index + m[0].length]);
  }
  return [...frame.filter(([from, to]) => to - from >= SHARED_CHARS), ...elements].sort((a, b) => a[0] - b[0]);
}

const partName = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

function writePart(dir: string, name: string, data: string | Buffer): void {
  const file = join(dir, name);
  if (existsSync(file)) return;
  mkdirSync(dir, { recursive: true });
  // Named by its content: another writer of the same part writes the same bytes.
  writeFileWhole(file, data);
}

/** The page as it is kept in `pageFile`: its shared stretches written to `.page-parts/` and named. */
export function packPage(html: string, pageFile: string): string {
  if (html.includes('\u0000')) return html;
  const dir = pagePartsDir(pageFile);
  let out = '';
  let at = 0;
  for (const [from, to] of sharedStretches(html)) {
    const text = html.slice(from, to);
    const name = partName(text);
    writePart(dir, name, text);
    out += `${html.slice(at, from)}\u0000${name}\u0000`;
    at = to;
  }
  return out + html.slice(at);
}

/** Parts read lately: a few per language and build, read for every page served. */
const partsRead = new Map<string, string>();

function readPart(file: string): string {
  let text = partsRead.get(file);
  if (text === undefined) {
    text = readFileSync(file, 'utf8');
    if (partsRead.size >= 64) partsRead.delete(partsRead.keys().next().value!);
    partsRead.set(file, text);
  }
  return text;
}

/** The whole page from its kept text (a page kept before parts existed has no references and is returned as it is). */
export function unpackPage(kept: string, pageFile: string): string {
  if (!kept.includes('\u0000')) return kept;
  const dir = pagePartsDir(pageFile);
  return kept.replace(REFERENCE, (_, name: string) => readPart(join(dir, name)));
}

// Quality 5: ~5–8 ms for a page's own part after its reference (below), which a first request waits
// for. Quality 11 saves ~0.1 KB more a page (0.8 instead of 0.9 KB, never a block) for ~130 ms of a
// core a page: not worth it (scripts/bench/page-bytes.ts).
const OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_LGWIN]: 22,
  },
};

const brotli = promisify(brotliCompress);
const unbrotli = promisify(brotliDecompress);

/*
 * What a page's own part (title, JSON-LD, body) holds besides its product's data — the buy box, tabs,
 * review forms, every attribute and class name — is the same on every product page of a language: it
 * still came to ~5 KB of brotli a page, two 4 KB blocks. So the first page kept in a folder becomes
 * its reference, and every later page is compressed as the continuation of one brotli stream that
 * starts with the reference: the encoder finds the page's repeats there (~0.9 KB a page, one block).
 * The stream's start (the reference compressed and flushed) is kept once in `.page-parts/`; a page's
 * file holds a header naming it and the rest of the stream. Reading prepends the start, unpacks, and
 * drops the reference's text. The encoder is deterministic, so each page's compression checks that
 * its start came out as the kept one (otherwise the page is kept whole).
 */
const REFERENCE_POINTER = 'reference';
const HEADER = 'qateh-ref:';

interface Reference {
  name: string;
  /** The reference's text (a kept page's own part) and its compressed, flushed start of the stream. */
  text: Buffer;
  start: Buffer;
}

/** The reference and the rest of the stream when compressed after it. */
function compressAfter(reference: Buffer, page: Buffer): Promise<{ start: Buffer; rest: Buffer }> {
  return new Promise((done, fail) => {
    const encoder = createBrotliCompress(OPTIONS);
    const chunks: Buffer[] = [];
    encoder.on('data', (c: Buffer) => chunks.push(c));
    encoder.on('error', fail);
    encoder.write(reference);
    encoder.flush(constants.BROTLI_OPERATION_FLUSH, () => {
      const start = Buffer.concat(chunks);
      chunks.length = 0;
      encoder.on('end', () => done({ start, rest: Buffer.concat(chunks) }));
      encoder.end(page);
    });
  });
}

const references = new Map<string, Reference>();

function readReference(dir: string, name: string): Reference {
  const key = join(dir, name);
  let ref = references.get(key);
  if (!ref) {
    ref = { name, text: readFileSync(join(dir, `${name}.ref`)), start: readFileSync(join(dir, `${name}.start`)) };
    if (references.size >= 16) references.delete(references.keys().next().value!);
    references.set(key, ref);
  }
  return ref;
}

/** The folder's reference; this page becomes it when there is none. */
async function referenceOf(dir: string, page: Buffer): Promise<Reference> {
  const pointerFile = join(dir, REFERENCE_POINTER);
  const pointer = existsSync(pointerFile) ? readFileSync(pointerFile, 'utf8') : '';
  if (/^[0-9a-f]{32}$/.test(pointer) && existsSync(join(dir, `${pointer}.start`))) return readReference(dir, pointer);
  const name = partName(page.toString('utf8'));
  const { start } = await compressAfter(page, Buffer.alloc(0));
  writePart(dir, `${name}.ref`, page);
  writePart(dir, `${name}.start`, start);
  // Another writer may name its own meanwhile: each page names the reference it was kept with.
  writeFileWhole(pointerFile, name);
  return readReference(dir, name);
}

/** The bytes to keep in `pageFile` (`.html.br`) for a page, compressed off the event loop. */
export async function compressPage(html: string, pageFile: string): Promise<Buffer> {
  const page = Buffer.from(packPage(html, pageFile), 'utf8');
  const dir = pagePartsDir(pageFile);
  mkdirSync(dir, { recursive: true });
  const ref = await referenceOf(dir, page);
  const { start, rest } = await compressAfter(ref.text, page);
  if (!start.equals(ref.start)) return brotli(page, OPTIONS);
  return Buffer.concat([Buffer.from(`${HEADER}${ref.name}\n`), rest]);
}

/** A kept file's brotli stream (its reference's start put back) and how many bytes of it are the reference's text. */
function streamOf(file: string, kept: Buffer): { stream: Buffer; skip: number } {
  if (!kept.subarray(0, HEADER.length).equals(Buffer.from(HEADER))) return { stream: kept, skip: 0 };
  const end = kept.indexOf(10);
  const ref = readReference(pagePartsDir(file), kept.subarray(HEADER.length, end).toString('latin1'));
  return { stream: Buffer.concat([ref.start, kept.subarray(end + 1)]), skip: ref.text.byteLength };
}

/** What a kept page file holds unpacked: the page's own part, its shared stretches named. */
export function keptPageText(file: string): string {
  const { stream, skip } = streamOf(file, readFileSync(file));
  return brotliDecompressSync(stream).subarray(skip).toString('utf8');
}

/** A page file's HTML, whether kept as `.html` or `.html.br`. */
export function readPageText(file: string): string {
  return file.endsWith(COMPRESSED_PAGE_SUFFIX) ? unpackPage(keptPageText(file), file) : readFileSync(file, 'utf8');
}

/** Same from a kept file's bytes, unpacked off the event loop; for the server. */
export async function readPageBytes(file: string, kept: Buffer): Promise<Uint8Array<ArrayBuffer>> {
  const { stream, skip } = streamOf(file, kept);
  return new Uint8Array(Buffer.from(unpackPage((await unbrotli(stream)).subarray(skip).toString('utf8'), file), 'utf8'));
}
