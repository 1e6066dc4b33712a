/**
 * The page frame every page of a language shares (test-mode banner, messages, header with the
 * departments menu and the search's category selector; the footer) is rendered once per language and
 * build and repeated (src/site/components/SameOnEveryPage.astro). When only that frame changed — a
 * category renamed or moved — the rebuild renders the pages that show the category themselves
 * (listings, the product pages with it in their breadcrumbs) and swaps the new frame into every other
 * page as text, keeping each page's own part (its body, its language switcher): a string pass per
 * file instead of rendering the site again. The frame is taken from a page the rebuild rendered.
 */
import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPRESSED_PAGE_SUFFIX, compressPage, readPageText } from './compressed-pages';
import { shellStretches } from './page-frame';

export { shellStretches };

/** The frame's text, one string per stretch; null when the page is not framed so. */
export function shellOf(html: string): string[] | null {
  return shellStretches(html)?.map(([from, to]) => html.slice(from, to)) ?? null;
}

/** `html` with its frame replaced by `shell` (from shellOf); null when the page is not framed so or already has it. */
export function withShell(html: string, shell: string[]): string | null {
  const stretches = shellStretches(html);
  if (!stretches || stretches.length !== shell.length) return null;
  if (stretches.every(([from, to], i) => html.slice(from, to) === shell[i])) return null;
  let out = '';
  let at = 0;
  stretches.forEach(([from, to], i) => {
    out += html.slice(at, from) + shell[i];
    at = to;
  });
  return out + html.slice(at);
}

/** The language of a page file by its place in the site ('' Persian, 'en/', 'ru/'). */
export const pageLanguagePrefix = (rel: string): '' | 'en/' | 'ru/' => (rel.startsWith('en/') ? 'en/' : rel.startsWith('ru/') ? 'ru/' : '');

/**
 * Puts each language's frame (`shells`, by prefix) into every page of `siteDir` but those in `skip`
 * (rendered with it already). Each page is written aside and renamed: served meanwhile, a page is
 * the old one or the new one. Returns how many pages changed.
 */
export async function swapShell(
  siteDir: string,
  shells: Partial<Record<'' | 'en/' | 'ru/', string[]>>,
  skip: Set<string>,
): Promise<number> {
  const pages: { path: string; shell: string[] }[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === '_astro' || entry.name === 'pagefind') continue;
      const path = join(dir, entry.name);
      const relPath = rel + entry.name;
      if (entry.isDirectory()) walk(path, `${relPath}/`);
      else if ((entry.name.endsWith('.html') || entry.name.endsWith(`.html${COMPRESSED_PAGE_SUFFIX}`)) && !skip.has(relPath)) {
        const shell = shells[pageLanguagePrefix(relPath)];
        if (shell) pages.push({ path, shell });
      }
    }
  };
  walk(siteDir, '');
  let changed = 0;
  for (const { path, shell } of pages) {
    // A page kept compressed (rendered on request) is unpacked, swapped and packed again.
    const packed = path.endsWith(COMPRESSED_PAGE_SUFFIX);
    const next = withShell(readPageText(path), shell);
    if (next === null) continue;
    writeFileSync(`${path}.shell.tmp`, packed ? await compressPage(next, path) : next);
    renameSync(`${path}.shell.tmp`, path);
    changed++;
  }
  return changed;
}
