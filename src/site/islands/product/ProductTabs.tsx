/**
 * The product page's tabs (spec §2): specification first and selected, then reviews and comments —
 * each tab only when the page has content for it. Panels arrive as named slots from the page. With a
 * single tab the page renders this without hydration: there is nothing to switch.
 */
import { useState, type ReactNode } from 'react';
import type { Locale } from '../ui/locale';
import { islandTexts } from '../ui/texts';
import './product.css';

export type TabId = 'specification' | 'reviews' | 'comments';
type Props = { locale: Locale; tabs: TabId[] } & Partial<Record<TabId, ReactNode>>;

export default function ProductTabs(props: Props) {
  const { locale, tabs } = props;
  const t = islandTexts(locale);
  const [current, setCurrent] = useState<TabId>(tabs[0] ?? 'specification');
  const move = (e: React.KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (!step) return;
    const rtl = document.documentElement.dir === 'rtl';
    const next = tabs[(i + (rtl ? -step : step) + tabs.length) % tabs.length]!;
    setCurrent(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist">
        {tabs.map((id, i) => (
          <button key={id} id={`tab-${id}`} type="button" role="tab" className="tabs__tab" aria-selected={current === id}
            aria-controls={`panel-${id}`} tabIndex={current === id ? 0 : -1} onClick={() => setCurrent(id)} onKeyDown={(e) => move(e, i)}>
            {t[id]}
          </button>
        ))}
      </div>
      {tabs.map((id) => (
        <div key={id} id={`panel-${id}`} role="tabpanel" aria-labelledby={`tab-${id}`} className="tabs__panel" hidden={current !== id}>
          {props[id]}
        </div>
      ))}
    </div>
  );
}
