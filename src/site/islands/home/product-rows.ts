/**
 * The home page's product rows (components/ProductRow.astro) without React: before Swiper the row is
 * a native scroller and its buttons scroll it by most of its width. Swiper (about 20 KB gzip and its
 * set-up work) arrives when the shopper first reaches for a row — pointer, touch, focus — and, for
 * rows that autoplay (every 5000 ms, spec §9, paused on hover), once the row is on screen and the
 * browser idle. On a phone no row is in the first screen, so none of it is part of the page load.
 */
interface Slider {
  slidePrev: () => void;
  slideNext: () => void;
}

const REACH = ['pointerenter', 'touchstart', 'focusin'] as const;

export function startProductRow(root: HTMLElement): void {
  const viewport = root.querySelector<HTMLElement>('.carousel__viewport');
  if (!viewport || root.dataset.started !== undefined) return;
  root.dataset.started = '';
  const autoplay = root.hasAttribute('data-autoplay');
  const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;
  let swiper: Slider | null = null;
  let loading: Promise<void> | null = null;

  const upgrade = () =>
    (loading ??= import('../ui/swiper-setup').then(
      ({ createSwiper }) => {
        swiper = createSwiper(viewport, autoplay && !reduced());
        for (const type of REACH) root.removeEventListener(type, reach);
      },
      (err: unknown) => {
        // Tried again on the next reach (a chunk that fails to load also reloads the page once).
        loading = null;
        throw err;
      },
    ));
  const reach = () => void upgrade();
  for (const type of REACH) root.addEventListener(type, reach, { passive: true });

  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-step]')) {
    const dir = Number(button.dataset.step);
    button.addEventListener('click', () => {
      if (swiper) {
        if (dir > 0) swiper.slideNext();
        else swiper.slidePrev();
        return;
      }
      const rtl = getComputedStyle(viewport).direction === 'rtl';
      viewport.scrollBy({ left: dir * (rtl ? -1 : 1) * viewport.clientWidth * 0.8, behavior: reduced() ? 'auto' : 'smooth' });
    });
  }

  if (autoplay && !reduced()) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      // Not ui/on-idle.ts: importing it here split it into a chunk of its own, one more request on every page.
      if ('requestIdleCallback' in window) requestIdleCallback(reach, { timeout: 2000 });
      else setTimeout(reach, 2000);
    });
    seen.observe(root);
  }
}
