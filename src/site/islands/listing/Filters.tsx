/**
 * The listing's sidebar: the API's filter groups (categories as links, price range, brand, quality,
 * attributes) plus availability, each group collapsible. Every change goes through `onChange`,
 * which starts again at page 1.
 */
import { useState, type ReactNode } from 'react';
import type { Filter } from '../../../api/schemas/catalogue';
import { rialsToToman, tomanToRials } from '../../../lib/money';
import { formatNumber } from '../../format';
import type { Locale } from '../ui/locale';
import { listingTexts } from './texts';
import { AVAILABILITY_VALUES, hasFilters, toggled, type ListingState } from './state';

interface Props {
  locale: Locale;
  filters: Filter[];
  state: ListingState;
  categoryHref: (slug: string) => string;
  onChange: (change: Partial<ListingState>) => void;
  onReset: () => void;
}

function Group({ id, title, children, startOpen = true }: { id: string; title: string; children: ReactNode; startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  return (
    <div className="filter">
      <h3 className="filter__head">
        <button type="button" aria-expanded={open} aria-controls={`filter-${id}`} onClick={() => setOpen(!open)}>
          {title}
        </button>
      </h3>
      <div id={`filter-${id}`} className="filter__body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}

function PriceRange({
  locale,
  min,
  max,
  value,
  onApply,
}: {
  locale: Locale;
  min: number;
  max: number;
  value: ListingState['price'];
  onApply: (v: ListingState['price']) => void;
}) {
  const t = listingTexts(locale);
  const toText = (rials: number | null) => (rials === null ? '' : String(rialsToToman(rials)));
  const [lo, setLo] = useState(toText(value[0]));
  const [hi, setHi] = useState(toText(value[1]));
  const read = (text: string) => {
    const digits = text.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[^0-9]/g, '');
    return digits ? tomanToRials(Number(digits)) : null;
  };
  return (
    <form
      className="price-range"
      onSubmit={(e) => {
        e.preventDefault();
        let a = read(lo);
        let b = read(hi);
        if (a !== null && b !== null && a > b) [a, b] = [b, a];
        onApply([a, b]);
      }}
    >
      <label>
        <span>{t.min}</span>
        <input
          inputMode="numeric"
          value={lo}
          placeholder={formatNumber(rialsToToman(min), locale)}
          onChange={(e) => setLo(e.target.value)}
        />
      </label>
      <label>
        <span>{t.max}</span>
        <input
          inputMode="numeric"
          value={hi}
          placeholder={formatNumber(rialsToToman(max), locale)}
          onChange={(e) => setHi(e.target.value)}
        />
      </label>
      <button type="submit" className="button button--small">
        {t.apply}
      </button>
    </form>
  );
}

function Checks({
  name,
  items,
  chosen,
  onToggle,
}: {
  name: string;
  items: { slug: string; label: string; count?: string }[];
  chosen: string[];
  onToggle: (slug: string) => void;
}) {
  return (
    <ul className="filter__list">
      {items.map((v) => (
        <li key={v.slug}>
          <label>
            <input type="checkbox" name={name} value={v.slug} checked={chosen.includes(v.slug)} onChange={() => onToggle(v.slug)} />
            <span dir="auto">{v.label}</span>
          </label>
          {v.count && <span className="count">{v.count}</span>}
        </li>
      ))}
    </ul>
  );
}

export default function Filters({ locale, filters, state, categoryHref, onChange, onReset }: Props) {
  const t = listingTexts(locale);
  const n = (v: number) => formatNumber(v, locale);
  const groupTitle = (f: Extract<Filter, { type: 'check' }>) =>
    f.slug === 'brand' ? t.brand : f.slug === 'quality' ? t.quality_ : locale === 'fa' && f.nameFa ? f.nameFa : f.name;
  return (
    <div className="filters__groups">
      {hasFilters(state) && (
        <button type="button" className="filters__reset" onClick={onReset}>
          {t.reset}
        </button>
      )}
      {filters.map((f) => {
        if (f.type === 'category') {
          if (!f.items.length) return null;
          return (
            <Group key="category" id="category" title={t.categories}>
              <ul className="filter__list">
                {f.items.map((c) => (
                  <li key={c.slug}>
                    <a href={categoryHref(c.slug)}>{locale === 'fa' ? c.nameFa : c.name}</a> <span className="count">{n(c.count)}</span>
                  </li>
                ))}
              </ul>
            </Group>
          );
        }
        if (f.type === 'range') {
          return (
            <Group key="price" id="price" title={t.price}>
              {/* Keyed by the applied range: a new range (reset, back button) starts the fields afresh,
                  while what a shopper types is never overwritten behind their back. */}
              <PriceRange
                key={state.price.join('-')}
                locale={locale}
                min={f.min}
                max={f.max}
                value={state.price}
                onApply={(price) => onChange({ price })}
              />
            </Group>
          );
        }
        if (!f.items.length) return null;
        const attr = f.slug.startsWith('attr_') ? f.slug.slice(5) : null;
        const chosen = attr ? (state.attributes[attr] ?? []) : f.slug === 'brand' ? state.brand : f.slug === 'quality' ? state.quality : [];
        const label = (v: { slug: string; name: string }) =>
          f.slug === 'quality' && v.slug in t.quality ? t.quality[v.slug as keyof typeof t.quality] : v.name;
        return (
          <Group key={f.slug} id={f.slug} title={groupTitle(f)} startOpen={f.items.length <= 8 || chosen.length > 0}>
            <Checks
              name={f.slug}
              chosen={chosen}
              items={f.items.map((v) => ({ slug: v.slug, label: label(v), count: n(v.count) }))}
              onToggle={(slug) => {
                const next = toggled(chosen, slug);
                if (attr) onChange({ attributes: { ...state.attributes, [attr]: next } });
                else onChange(f.slug === 'brand' ? { brand: next } : { quality: next });
              }}
            />
          </Group>
        );
      })}
      <Group id="availability" title={t.availability_}>
        <Checks
          name="availability"
          chosen={state.availability}
          items={AVAILABILITY_VALUES.map((a) => ({ slug: a, label: t.availability[a] }))}
          onToggle={(slug) => onChange({ availability: toggled(state.availability, slug) })}
        />
      </Group>
    </div>
  );
}
