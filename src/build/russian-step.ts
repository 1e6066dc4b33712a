/**
 * While Astro renders the Persian and English product pages of a build, the Russian ones are made
 * from the English as they are written (src/build/russian-pages.ts, src/build/product-page-writes.ts).
 * A few products (`samples`) are also rendered in Russian by Astro: the transform must reproduce
 * those exactly (except island ids), or the build learns that Russian pages now differ from English
 * ones and renders them all through Astro instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import { productPageFile } from './page-files';
import { russianFromEnglish, sameExceptIslandIds } from './russian-pages';

/** Picks the products whose Russian pages Astro renders too, as the transform's check. */
export function russianSamples(slugs: string[]): string[] {
  if (slugs.length === 0) return [];
  const step = Math.max(1, Math.floor(slugs.length / 8));
  return [...new Set(slugs.filter((_, i) => i % step === 0).concat(slugs.at(-1)!))];
}

export interface RussianResult {
  written: number;
  /** Sample products whose rendered Russian page the transform did not reproduce. */
  mismatches: string[];
}

/**
 * The sample products whose Russian page, as Astro rendered it into `dir`, the transform of their
 * English page does not reproduce. The other Russian pages were made as their English ones were
 * written (src/build/product-page-writes.ts).
 */
export function russianMismatches(dir: string, samples: string[], site: string): string[] {
  const mismatches: string[] = [];
  for (const slug of samples) {
    const en = productPageFile(dir, 'en/', slug);
    const ru = productPageFile(dir, 'ru/', slug);
    if (!existsSync(en) || !existsSync(ru)) continue;
    const made = russianFromEnglish(readFileSync(en, 'utf8'), site);
    const rendered = readFileSync(ru, 'utf8');
    if (!sameExceptIslandIds(made, rendered)) {
      mismatches.push(slug);
      if (process.env.QATEH_DEBUG_RU) {
        const a = made.replace(/uid="[^"]*"/g, '');
        const b = rendered.replace(/uid="[^"]*"/g, '');
        let i = 0;
        while (a[i] === b[i]) i++;
        console.error(`MADE ${a.slice(i - 150, i + 150)}\nRENDERED ${b.slice(i - 150, i + 150)}`);
      }
    }
  }
  return mismatches;
}
