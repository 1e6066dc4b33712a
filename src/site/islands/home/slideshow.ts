/**
 * The home slideshow (spec §2 home blocks, §9 carousel autoplay 5000 ms): a scroll-snapped row of
 * slides that moves on by itself every five seconds, stops while the pointer or focus is on it or
 * the tab is hidden, never when the shopper asked for reduced motion; the dots jump to a slide and
 * show which one is in view. Without JavaScript the row still scrolls by hand.
 */
export const SLIDESHOW_INTERVAL_MS = 5000;

export function startSlideshow(root: HTMLElement): void {
  const track = root.querySelector<HTMLElement>('.slideshow__track');
  const slides = [...root.querySelectorAll<HTMLElement>('.slideshow__slide')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-go]')];
  if (!track || slides.length < 2) return;
  let current = 0;
  const show = (i: number) => {
    current = (i + slides.length) % slides.length;
    // Inline offsets are negative in right-to-left pages: scroll to the slide's own position.
    track.scrollTo({ left: slides[current]!.offsetLeft - slides[0]!.offsetLeft, behavior: 'smooth' });
    dots.forEach((d, n) => d.toggleAttribute('aria-current', n === current));
  };
  dots.forEach((d) => d.addEventListener('click', () => show(Number(d.dataset.go))));
  // The slide mostly in view after a hand scroll becomes the current one.
  const observer = new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.intersectionRatio < 0.6) continue;
        current = slides.indexOf(e.target as HTMLElement);
        dots.forEach((d, n) => d.toggleAttribute('aria-current', n === current));
      }
    },
    { root: track, threshold: 0.6 },
  );
  slides.forEach((s) => observer.observe(s));
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  let held = false;
  const hold = (v: boolean) => () => {
    held = v;
  };
  root.addEventListener('pointerenter', hold(true));
  root.addEventListener('pointerleave', hold(false));
  root.addEventListener('focusin', hold(true));
  root.addEventListener('focusout', hold(false));
  setInterval(() => {
    if (!held && !document.hidden) show(current + 1);
  }, SLIDESHOW_INTERVAL_MS);
}
