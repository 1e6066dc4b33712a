/** Page buttons for reviews and questions: spec §9 siblings 3; pages outside the range or the current one do nothing. */
import { ENGAGEMENT_SIBLINGS, pageWindow } from '~/lib/page-window';
import { formatNumber } from '../../format';
import type { Locale } from '../ui/locale';
import { fill } from '../ui/fill';
import { engagementTexts } from './texts';

export default function Pager({
  locale,
  page,
  pages,
  onPage,
}: {
  locale: Locale;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const t = engagementTexts(locale);
  if (pages <= 1) return null;
  const go = (n: number) => {
    if (n >= 1 && n <= pages && n !== page) onPage(n);
  };
  const shown = pageWindow(page, pages, ENGAGEMENT_SIBLINGS);
  return (
    <nav className="pagination" aria-label={t.pagination}>
      <ul>
        {page > 1 && (
          <li>
            <button type="button" className="link-button" onClick={() => go(page - 1)}>
              {t.previous}
            </button>
          </li>
        )}
        {shown.map((n, i) => (
          <li key={n} className={i > 0 && n - shown[i - 1]! > 1 ? 'pagination__after-gap' : undefined}>
            {n === page ? (
              <span aria-current="page">{formatNumber(n, locale)}</span>
            ) : (
              <button type="button" className="link-button" aria-label={fill(t.page, { page: n }, locale)} onClick={() => go(n)}>
                {formatNumber(n, locale)}
              </button>
            )}
          </li>
        ))}
        {page < pages && (
          <li>
            <button type="button" className="link-button" onClick={() => go(page + 1)}>
              {t.next}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
