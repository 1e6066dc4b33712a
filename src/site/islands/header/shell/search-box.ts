/**
 * The header search (spec §2 Shell, §4, §9) over the static form of SearchBox.astro: text box,
 * category selector (indented by depth) and the live suggestions list. Typing asks /suggestion after
 * a short pause; a newer query aborts the older. The list opens on focus or when results arrive and
 * closes on a click outside, when focus leaves the form, on Escape, when the category selector takes
 * focus or another header dropdown opens. ↑/↓ move through the rows (past either end back to the
 * text box), Enter opens the highlighted product. Submitting searches, or opens the category when the
 * text is empty. Without JavaScript the form is a plain GET to the search page.
 */
import type { SuggestionResponse } from '../../../../api/schemas/catalogue';
import { formatNumber, formatPrice } from '../../../format';
import { $openDropdown } from '../../../stores/header';
import { call, isAbort } from '../../ui/api';
import { catalogPath, productPath, type Locale } from '../../ui/locale';
import { searchPath } from '../../search/searchPath';

const DEBOUNCE_MS = 250;
const MIN_CHARS = 2;
/** Spec §9: suggestions limit 150 (counted), take 50 (returned). */
const LIMIT = 150;
const TAKE = 50;
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

  const query = () => input.value.trim();
  const visible = () => open && result !== null && query().length >= MIN_CHARS;
  const openItem = (item: Item) => location.assign(productPath(locale, item.slug));

  const renderActive = () => {
    list.querySelectorAll('li').forEach((li, i) => {
      li.setAttribute('aria-selected', String(i === active));
      li.classList.toggle('suggestion--active', i === active);
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

  const ask = () => {
    pending?.abort();
    clearTimeout(timer);
    const q = query();
    if (q.length < MIN_CHARS) {
      result = null;
      active = -1;
      renderResult();
      renderOpen();
      return;
    }
    const ctl = new AbortController();
    pending = ctl;
    timer = setTimeout(async () => {
      try {
        const found = await call('GET', '/suggestion', {
          query: {
            filter_searchPart: q,
            filter_category: select.value || undefined,
            limit: LIMIT,
            take: TAKE,
          },
          signal: ctl.signal,
        });
        if (ctl.signal.aborted) return;
        result = found;
        active = -1;
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
