/**
 * The search page's address: /shop/search/{category|all}/{text} (spec §2). A single segment is the
 * category ("all" for every category); the text is the second. The no-JavaScript header form sends
 * ?q=…&category=… instead, which the page rewrites into the path form.
 */
import { pathIn, withoutLocale, type Locale } from '../ui/locale';

export interface SearchWhere {
  category: string | null;
  text: string;
}

const decode = (s: string | undefined): string => {
  if (!s) return '';
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export function readSearchPath(pathname: string, search: string): SearchWhere {
  const q = new URLSearchParams(search);
  const [, , , cat, text] = withoutLocale(pathname).split('/'); // "", "shop", "search", cat, text
  const category = decode(q.get('category') ?? cat) || null;
  return { category: category === 'all' ? null : category, text: (q.get('q') ?? decode(text)).trim().slice(0, 100) };
}

export function searchPath(locale: Locale, where: SearchWhere): string {
  const cat = where.category || 'all';
  const text = where.text.trim();
  return pathIn(locale, `/shop/search/${encodeURIComponent(cat)}${text ? `/${encodeURIComponent(text)}` : ''}`);
}
