/**
 * The header search (spec §2 Shell, §4, §9) over the static form of SearchBox.astro: text box,
 * category selector (indented by depth) and the live suggestions list. Typing asks /suggestion after
 * a short pause; a newer query aborts the older. The list opens on focus or when results arrive and
 * closes on a click outside, when focus leaves the form, on Escape, when the category selector takes
 * focus or another header dropdown opens. ↑/↓ move through the rows (past either end back to the
 * text box), Enter opens the highlighted product. Submitting searches, or opens the category when the
 * text is empty. Without JavaScript the form is a plain GET to the search page.
 *
 * Each query first asks for the rows the list shows (suggestion-sizes.ts); scrolling near the end of
 * the list, or moving towards its last row with ↓, asks the same query for the spec's 50.
 */
import type { SuggestionResponse } from '../../../../api/schemas/catalogue';
import { SUGGESTION_FIRST_TAKE as FIRST_TAKE, SUGGESTION_LIMIT as LIMIT, SUGGESTION_TAKE as TAKE } from '../../../../lib/suggestion-sizes';
import { formatNumber, formatPrice } from '../../../format';
import { $openDropdown } from '../../../stores/header';
import { call, isAbort } from '../../ui/api';
import { catalogPath, productPath, type Locale } from '../../ui/locale';
import { searchPath } from '../../search/searchPath';

const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;
/** How close to the end of the list a scroll asks for the rest: one row. */
const NEAR_END_PX = 60;
const DROPDOWN = 'suggestions';

type Item = SuggestionResponse['items'][number];

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

export function searchBox(form: HTMLFormElement, locale: Locale): void {
  const input = form.querySelector<HTMLInputElement>('input[type=search]');
  const select = form.querySelector<HTMLSelectElement>('select');
  const panel = form.querySelector<HTMLElement>('.suggestions');
  const list = panel?.querySelector<HTMLUListElement>('ul');
  if (!input || !select || !panel || !list) return;
  const texts = panel.dataset;
  let result: SuggestionResponse | null = null;
  let open = false;
  let active = -1;
  let pending: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** What `result` answers: its query, category and how many rows it asked for. */
  let asked: { q: string; category: string; take: number } | null = null;
  let growing = false;

  const query = () => input.value.trim();
  const visible = () => open && result !== null && query().length >= MIN_CHARS;
  const openItem = (item: Item) => location.assign(productPath(locale, item.slug));

  const renderActive = () => {
    list.querySelectorAll('li').forEach((li, i) => {
      li.setAttribute('aria-selected', String(i === active));
      li.classList.toggle('suggestion--active', i === active);
      // A row reached with ↓ past the list's visible part comes into view.
      if (i === active) li.scrollIntoView({ block: 'nearest' });
    });
    if (visible() && active >= 0) input.setAttribute('aria-activedescendant', `${list.id}-${active}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const renderOpen = () => {
    panel.hidden = !visible();
    input.setAttribute('aria-expanded', String(visible()));
    renderActive();
  };
  const show = (value: boolean) => {
    open = value;
    if (value) $openDropdown.set(DROPDOWN);
    else if ($openDropdown.get() === DROPDOWN) $openDropdown.set(null);
    renderOpen();
  };
  const renderResult = () => {
    const items = result?.items ?? [];
    // The rest of the rows arriving while the shopper scrolls must not throw the list back to its top.
    const scrolled = list.scrollTop;
    list.replaceChildren(
      ...items.map((item, i) => {
        const badge =
          item.match === 'exact' || item.match === 'family'
            ? [
                el(
                  'span',
                  { className: `suggestion__badge suggestion__badge--${item.match}` },
                  (item.match === 'exact' ? texts.exact : texts.family) ?? '',
                ),
              ]
            : [];
        const li = el(
          'li',
          { id: `${list.id}-${i}`, className: 'suggestion' },
          item.images[0]
            ? el('img', { src: item.images[0].src, alt: '', width: 48, height: 48, loading: 'lazy' })
            : el('span', { className: 'suggestion__noimage' }),
          el(
            'span',
            { className: 'suggestion__text' },
            el('span', { className: 'suggestion__pn', dir: 'ltr' }, item.partNumber),
            el('span', { className: 'suggestion__name', dir: 'auto' }, (locale === 'fa' ? item.nameFa : item.name) ?? ''),
          ),
          ...badge,
          el(
            'span',
            { className: 'suggestion__price' },
            item.availability === 'out-of-stock' ? (texts.outOfStock ?? '') : formatPrice(item.price, locale),
          ),
        );
        li.setAttribute('role', 'option');
        li.querySelector('.suggestion__noimage')?.setAttribute('aria-hidden', 'true');
        li.addEventListener('mousedown', (e) => e.preventDefault()); // keeps focus in the box
        li.addEventListener('click', () => openItem(item));
        li.addEventListener('mouseenter', () => {
          active = i;
          renderActive();
        });
        return li;
      }),
    );
    list.scrollTop = scrolled;
    panel.querySelector('.suggestions__none, .suggestions__all')?.remove();
    if (!result) return;
    if (items.length === 0) {
      panel.append(el('p', { className: 'suggestions__none' }, texts.noMatch ?? ''));
    } else {
      const total = result.total >= LIMIT ? `${formatNumber(LIMIT, locale)}+` : formatNumber(result.total, locale);
      panel.append(
        el(
          'a',
          { className: 'suggestions__all', href: searchPath(locale, { category: select.value || null, text: query() }) },
          (texts.viewAll ?? '{total}').replace('{total}', total),
        ),
      );
    }
  };

  const suggestions = (q: string, category: string, take: number, signal: AbortSignal) =>
    call('GET', '/suggestion', {
      query: { filter_searchPart: q, filter_category: category || undefined, limit: LIMIT, take },
      signal,
    });

  /** The same query's rows up to the spec's 50, when the list holds fewer than it matched. */
  const askRest = async () => {
    const now = asked;
    if (growing || !result || !now || now.take >= TAKE || result.items.length >= result.total) return;
    growing = true;
    const ctl = pending ?? new AbortController();
    try {
      const found = await suggestions(now.q, now.category, TAKE, ctl.signal);
      // A newer query (or category) answered meanwhile: this one is stale.
      if (ctl.signal.aborted || asked !== now) return;
      result = found;
      asked = { ...now, take: TAKE };
      renderResult();
      renderActive();
    } catch {
      // The rows shown stay; the next scroll asks again.
    } finally {
      growing = false;
    }
  };

  const ask = () => {
    pending?.abort();
    clearTimeout(timer);
    const q = query();
    if (q.length < MIN_CHARS) {
      result = null;
      asked = null;
      active = -1;
      renderResult();
      renderOpen();
      return;
    }
    const ctl = new AbortController();
    pending = ctl;
    timer = setTimeout(async () => {
      try {
        const category = select.value;
        const found = await suggestions(q, category, FIRST_TAKE, ctl.signal);
        if (ctl.signal.aborted) return;
        result = found;
        asked = { q, category, take: FIRST_TAKE };
        active = -1;
        list.scrollTop = 0;
        renderResult();
        show(true);
      } catch (err) {
        if (!isAbort(err)) {
          result = null;
          renderResult();
          renderOpen();
        }
      }
    }, DEBOUNCE_MS);
  };

  list.addEventListener(
    'scroll',
    () => {
      // scrollTop 0 is a new query's list put back at its top, not the shopper scrolling.
      if (list.scrollTop > 0 && list.scrollTop + list.clientHeight >= list.scrollHeight - NEAR_END_PX) void askRest();
    },
    { passive: true },
  );
  input.addEventListener('input', ask);
  select.addEventListener('change', ask);
  select.addEventListener('focus', () => show(false));
  input.addEventListener('focus', () => {
    if (result) show(true);
  });
  input.addEventListener('keydown', (e) => {
    const items = result?.items ?? [];
    if (e.key === 'Escape') {
      if (visible()) {
        e.preventDefault();
        show(false);
      }
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      if (!visible()) {
        show(true);
        return;
      }
      // -1 is the text box itself: moving past either end comes back to it.
      const next = active + (e.key === 'ArrowDown' ? 1 : -1);
      active = next >= items.length ? -1 : next < -1 ? items.length - 1 : next;
      renderActive();
      // Two rows before the end the rest is asked for, so ↓ seldom reaches the end before it comes.
      if (e.key === 'ArrowDown' && active >= items.length - 3) void askRest();
      return;
    }
    const chosen = items[active];
    if (e.key === 'Enter' && visible() && chosen) {
      e.preventDefault();
      openItem(chosen);
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const q = query();
    location.assign(q ? searchPath(locale, { category: select.value || null, text: q }) : catalogPath(locale, select.value || null));
  });
  form.addEventListener('focusout', (e) => {
    if (!form.contains(e.relatedTarget as Node | null)) show(false);
  });
  document.addEventListener('mousedown', (e) => {
    if (!form.contains(e.target as Node)) show(false);
  });
  // Another dropdown opened, or the sticky header hid: this list closes.
  $openDropdown.subscribe((which) => {
    if (which !== DROPDOWN && open) {
      open = false;
      renderOpen();
    }
  });
  // Text typed before the script ran is not lost.
  if (query()) ask();
  form.dataset.ready = '';
}
