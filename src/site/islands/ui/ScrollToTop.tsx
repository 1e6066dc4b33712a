/** The scroll-to-top button: shown once the page is scrolled 300 px (spec §9). */
import { useEffect, useState } from 'react';
import { SCROLL_TOP_AFTER_PX } from '../../stores/header';
import type { Locale } from './locale';
import { islandTexts } from './texts';

export default function ScrollToTop({ locale }: { locale: Locale }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(scrollY > SCROLL_TOP_AFTER_PX);
    onScroll();
    addEventListener('scroll', onScroll, { passive: true });
    return () => removeEventListener('scroll', onScroll);
  }, []);
  return (
    <button type="button" className={`scroll-top${shown ? ' scroll-top--shown' : ''}`} aria-label={islandTexts(locale).scrollTop}
      tabIndex={shown ? 0 : -1} aria-hidden={!shown} onClick={() => {
        scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
        document.querySelector<HTMLElement>('.skip-link')?.focus();
      }}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d="m6 14 6-6 6 6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
    </button>
  );
}
