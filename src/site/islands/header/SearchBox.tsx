/**
 * The header search (spec §2 Shell, §4, §9): text box, category selector (indented by depth) and the
 * live suggestions list. Typing asks /suggestion after a short pause; a newer query aborts the older.
 * The list opens on focus or when results arrive and closes on a click outside, when focus leaves
 * the box, on Escape, or when the category selector takes focus. ↑/↓ move through the rows, Enter
 * opens the highlighted product. Submitting searches, or opens the category when the text is empty.
 * Rendered on the server too: without JavaScript it is a plain GET form to the search page.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import type { SuggestionResponse } from '../../../api/schemas/catalogue';
import { formatNumber, formatPrice } from '../../format';
import { $openDropdown } from '../../stores/header';
import { getJson, isAbort } from '../ui/api';
import { catalogPath, pathIn, productPath, type Locale } from '../ui/locale';
import { fill, islandTexts } from '../ui/texts';
import { searchPath } from '../search/searchPath';
import './header.css';

export interface SearchCategory { slug: string; label: string }
interface Labels { label: string; placeholder: string; allCategories: string; submit: string; categoryLabel: string }
interface Props { locale: Locale; categories: SearchCategory[]; labels: Labels }

const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;
/** Spec §9: suggestions limit 150 (counted), take 50 (returned). */
const LIMIT = 150;
const TAKE = 50;
const DROPDOWN = 'suggestions';

type Item = SuggestionResponse['items'][number];

export default function SearchBox({ locale, categories, labels }: Props) {
  const t = islandTexts(locale);
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [category, setCategory] = useState('');
  const [result, setResult] = useState<SuggestionResponse | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLFormElement>(null);
  const pending = useRef<AbortController | null>(null);
  const openDropdown = useStore($openDropdown);

  const show = (value: boolean) => {
    setOpen(value);
    if (value) $openDropdown.set(DROPDOWN);
    else if ($openDropdown.get() === DROPDOWN) $openDropdown.set(null);
  };

  // Another dropdown opened, or the sticky header hid: this list closes.
  useEffect(() => { if (openDropdown !== DROPDOWN && open) setOpen(false); }, [openDropdown, open]);

  useEffect(() => {
    const query = text.trim();
    pending.current?.abort();
    if (query.length < MIN_CHARS) { setResult(null); setActive(-1); return; }
    const ctl = new AbortController();
    pending.current = ctl;
    const timer = setTimeout(async () => {
      try {
        const found = await getJson<SuggestionResponse>('/suggestion', {
          filter_searchPart: query, filter_category: category || undefined, limit: LIMIT, take: TAKE,
        }, ctl.signal);
        if (ctl.signal.aborted) return;
        setResult(found);
        setActive(-1);
        show(true);
      } catch (err) {
        if (!isAbort(err)) setResult(null);
      }
    }, DEBOUNCE_MS);
    return () => { clearTimeout(timer); ctl.abort(); };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, category]);

  useEffect(() => {
    const onDown = (e: MouseEvent) => { if (box.current && !box.current.contains(e.target as Node)) show(false); };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const items = result?.items ?? [];
  const visible = open && result !== null && text.trim().length >= MIN_CHARS;
  const openItem = (item: Item) => location.assign(productPath(locale, item.slug));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const query = text.trim();
    location.assign(query ? searchPath(locale, { category: category || null, text: query }) : catalogPath(locale, category || null));
  };

  const onKey = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') { if (visible) { e.preventDefault(); show(false); } return; }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      if (!visible) { show(true); return; }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text box itself: moving past either end comes back to it.
      setActive((i) => {
        const next = i + step;
        return next >= items.length ? -1 : next < -1 ? items.length - 1 : next;
      });
      return;
    }
    if (e.key === 'Enter' && visible && active >= 0 && items[active]) {
      e.preventDefault();
      openItem(items[active]);
    }
  };

  return (
    <form className="search" role="search" method="get" action={pathIn(locale, '/shop/search')} ref={box} onSubmit={submit}
      onBlur={(e) => { if (!box.current?.contains(e.relatedTarget as Node | null)) show(false); }}>
      <label className="visually-hidden" htmlFor="search-q">{labels.label}</label>
      <input id="search-q" name="q" type="search" placeholder={labels.placeholder} autoComplete="off" maxLength={100}
        role="combobox" aria-autocomplete="list" aria-expanded={visible} aria-controls={listId}
        aria-activedescendant={visible && active >= 0 ? `${listId}-${active}` : undefined}
        value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKey}
        onFocus={() => { if (result) show(true); }} />
      <label className="visually-hidden" htmlFor="search-category">{labels.categoryLabel}</label>
      <select id="search-category" name="category" value={category} onChange={(e) => setCategory(e.target.value)} onFocus={() => show(false)}>
        <option value="">{labels.allCategories}</option>
        {categories.map((c) => <option key={c.slug} value={c.slug}>{c.label}</option>)}
      </select>
      <button type="submit" aria-label={labels.submit}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" /><path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
      <div className="suggestions" hidden={!visible}>
        <ul id={listId} role="listbox" aria-label={t.suggestions}>
          {items.map((item, i) => (
            <li key={item.id} id={`${listId}-${i}`} role="option" aria-selected={i === active}
              className={`suggestion${i === active ? ' suggestion--active' : ''}`}
              onMouseDown={(e) => e.preventDefault()} onClick={() => openItem(item)} onMouseEnter={() => setActive(i)}>
              {item.images[0]
                ? <img src={item.images[0].src} alt="" width="48" height="48" loading="lazy" />
                : <span className="suggestion__noimage" aria-hidden="true" />}
              <span className="suggestion__text">
                <span className="suggestion__pn" dir="ltr">{item.partNumber}</span>
                <span className="suggestion__name" dir="auto">{locale === 'fa' ? item.nameFa : item.name}</span>
              </span>
              {(item.match === 'exact' || item.match === 'family') && (
                <span className={`suggestion__badge suggestion__badge--${item.match}`}>{item.match === 'exact' ? t.exact : t.family}</span>
              )}
              <span className="suggestion__price">{item.availability === 'out-of-stock' ? t.availability['out-of-stock'] : formatPrice(item.price, locale)}</span>
            </li>
          ))}
        </ul>
        {items.length === 0
          ? <p className="suggestions__none">{t.noMatch}</p>
          : <a className="suggestions__all" href={searchPath(locale, { category: category || null, text: text.trim() })}>
              {fill(t.viewAll, { total: result && result.total >= LIMIT ? `${formatNumber(LIMIT, locale)}+` : result?.total ?? 0 }, locale)}
            </a>}
      </div>
    </form>
  );
}
