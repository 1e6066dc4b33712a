/**
 * The inline scripts and styles of the built pages, as the SHA-256 sources a Content-Security-Policy
 * allows them by (src/server/http/security-headers.ts). Astro puts its island runtime (the
 * `astro-island` element and one loader per client directive) and each route's small stylesheet
 * inline; nothing else on our pages runs inline. The build sees every page as it is written
 * (src/build/internals/sync-page-writes.ts), so the set is exact without reading the site back, and it lives
 * beside the site in `.qateh-inline-hashes.json` for the server.
 *
 * Scripts whose type is data (JSON-LD, `application/json`) are not run and so need no hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const INLINE_HASHES_FILE = '.qateh-inline-hashes.json';

export const inlineHashesSchema = z.object({
  /** `'sha256-…'` sources of the inline scripts a browser runs. */
  scripts: z.array(z.string()),
  /** `'sha256-…'` sources of the inline `<style>` elements. */
  styles: z.array(z.string()),
});
export type InlineHashes = z.infer<typeof inlineHashesSchema>;

/** Script types a browser executes (the HTML standard's JavaScript MIME types, `module`, or none). */
const RUN_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript))$/;

const ELEMENT = /<(script|style)\b([^>]*)>/gi;
const TYPE_ATTR = /\btype\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i;
const SRC_ATTR = /\bsrc\s*=/i;

export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** Whether a `<script>` with these attributes is run inline (no `src`, an executable type). */
function runsInline(attributes: string): boolean {
  if (SRC_ATTR.test(attributes)) return false;
  const m = TYPE_ATTR.exec(attributes);
  const type = (m ? (m[2] ?? m[3] ?? m[4] ?? '') : '').trim().toLowerCase();
  return RUN_TYPES.test(type);
}

/** Collects the hashes of the inline scripts and styles of the pages it is shown. */
export class InlineHashCollector {
  private readonly scripts = new Set<string>();
  private readonly styles = new Set<string>();
  /** Contents already hashed: the same few scripts repeat on every page. */
  private readonly seen = new Map<string, string>();

  add(html: string | Uint8Array): void {
    const text = typeof html === 'string' ? html : Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8');
    ELEMENT.lastIndex = 0;
    for (let m = ELEMENT.exec(text); m; m = ELEMENT.exec(text)) {
      const tag = m[1]!.toLowerCase();
      const start = m.index + m[0].length;
      const end = text.indexOf(`</${tag}`, start);
      if (end < 0) break;
      ELEMENT.lastIndex = end;
      if (tag === 'script' && !runsInline(m[2]!)) continue;
      const content = text.slice(start, end);
      let hash = this.seen.get(content);
      if (!hash) {
        hash = cspHash(content);
        // Only the page furniture repeats; a page's own text would only fill the memo.
        if (this.seen.size < 1000) this.seen.set(content, hash);
      }
      (tag === 'script' ? this.scripts : this.styles).add(hash);
    }
  }

  merge(other: InlineHashes): void {
    for (const h of other.scripts) this.scripts.add(h);
    for (const h of other.styles) this.styles.add(h);
  }

  result(): InlineHashes {
    return { scripts: [...this.scripts].sort(), styles: [...this.styles].sort() };
  }
}

/** Written aside and renamed into place: the server may read it while a rebuild writes it. */
export function writeInlineHashes(siteDir: string, hashes: InlineHashes): void {
  const file = join(siteDir, INLINE_HASHES_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(hashes));
  renameSync(`${file}.tmp`, file);
}

/** The site's recorded hashes, or null when it has no (readable) record. */
export function readInlineHashes(siteDir: string): InlineHashes | null {
  const file = join(siteDir, INLINE_HASHES_FILE);
  if (!existsSync(file)) return null;
  try {
    return inlineHashesSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/**
 * Reads every page of a site built before its hashes were recorded (a one-off: builds record them
 * as they write). Skips dot folders and Astro's assets.
 */
export function scanSitePages(siteDir: string): InlineHashes {
  const collector = new InlineHashCollector();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === '_astro' || entry.name === 'pagefind') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.html')) collector.add(readFileSync(path));
    }
  };
  walk(siteDir);
  return collector.result();
}
