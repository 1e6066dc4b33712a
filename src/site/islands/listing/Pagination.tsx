/** Page links: first and last always, one sibling each side (spec §9), page 1 without ?page. */
import { LIST_SIBLINGS, pageWindow } from '~/lib/page-window';
import { formatNumber } from '../../format';
import type { Locale } from '../ui/locale';
import { fill } from '../ui/fill';
import { listingTexts } from './texts';

interface Props {
  locale: Locale;
  page: number;
  pages: number;
  href: (page: number) => string;
  onPage: (page: number) => void;
}

export default function Pagination({ locale, page, pages, href, onPage }: Props) {
  const t = listingTexts(locale);
  if (pages <= 1) return null;
  const shown = pageWindow(page, pages, LIST_SIBLINGS);
  const link = (n: number, label: string, rel?: string, aria?: string) => (
    <a
      href={href(n)}
      rel={rel}
      aria-label={aria}
      onClick={(e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onPage(n);
      }}
    >
      {label}
    </a>
  );
  return (
    <nav className="pagination" aria-label={t.pagination}>
      <ul>
        {page > 1 && <li>{link(page - 1, t.previous, 'prev')}</li>}
        {shown.map((n, i) => (
          <li key={n} className={i > 0 && n - shown[i - 1]! > 1 ? 'pagination__after-gap' : undefined}>
            {n === page ? (
              <span aria-current="page">{formatNumber(n, locale)}</span>
            ) : (
              link(n, formatNumber(n, locale), undefined, fill(t.page, { page: n }, locale))
            )}
          </li>
        ))}
        {page < pages && <li>{link(page + 1, t.next, 'next')}</li>}
      </ul>
    </nav>
  );
}
