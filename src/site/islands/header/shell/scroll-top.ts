/** The scroll-to-top button: shown once the page is scrolled 300 px (spec §9), focus back to the top. */
import { SCROLL_TOP_AFTER_PX } from '../../../stores/header';

export function scrollTop(button: HTMLButtonElement): void {
  let shown = false;
  const update = () => {
    const next = scrollY > SCROLL_TOP_AFTER_PX;
    if (next === shown) return;
    shown = next;
    button.classList.toggle('scroll-top--shown', shown);
    button.tabIndex = shown ? 0 : -1;
    button.setAttribute('aria-hidden', String(!shown));
  };
  // Not at once: reading scrollY lays the page out, which the next frame does anyway.
  requestAnimationFrame(update);
  addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', () => {
    scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    document.querySelector<HTMLElement>('.skip-link')?.focus();
  });
}
