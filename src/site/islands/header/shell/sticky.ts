/**
 * Sticky header modes (spec §4, §9): data-sticky="pullToShow" hides the header after 25 px down and
 * shows it after 10 px up; "alwaysOnTop" keeps it in view. Hiding closes any open dropdown and moves
 * focus out of the hidden header.
 */
import { $headerHidden, pullToShowHidden } from '../../../stores/header';

export function sticky(header: HTMLElement): void {
  const mode = header.dataset.sticky === 'alwaysOnTop' ? 'alwaysOnTop' : 'pullToShow';
  header.classList.add('site-header--sticky');
  if (mode === 'alwaysOnTop') return;
  // Reading scrollY lays the page out; at start-up that is left to the next frame, which does it anyway.
  let lastY: number | undefined;
  requestAnimationFrame(() => (lastY ??= scrollY));
  let travelled = 0;
  addEventListener(
    'scroll',
    () => {
      const y = scrollY;
      const delta = y - (lastY ?? y);
      lastY = y;
      if (delta === 0) return;
      // Distance since the direction last changed.
      travelled = Math.sign(delta) === Math.sign(travelled) ? travelled + delta : delta;
      const hidden = pullToShowHidden($headerHidden.get(), travelled, y, header.offsetHeight);
      if (hidden !== $headerHidden.get()) $headerHidden.set(hidden);
    },
    { passive: true },
  );
  $headerHidden.subscribe((hidden) => {
    header.classList.toggle('site-header--hidden', hidden);
    if (hidden && header.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  });
}
