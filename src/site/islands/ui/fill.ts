/** Fills "{name}" placeholders of an island text; numbers are shown in the page's digits. */
import { formatNumber } from '../../format';
import type { Locale } from './locale';

export function fill(template: string, values: Record<string, string | number>, locale: Locale): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = values[k];
    return typeof v === 'number' ? formatNumber(v, locale) : String(v ?? '');
  });
}
