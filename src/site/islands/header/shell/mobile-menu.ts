/**
 * The mobile slide-in menu is a <details> that works without JavaScript; this adds the spec's page
 * scroll lock while it is open (§4), Escape, and closing by a click on the dimmed page beside it.
 */
import { $mobileMenuOpen } from '../../../stores/header';

export function mobileMenu(details: HTMLDetailsElement): void {
  const summary = details.querySelector('summary');
  details.addEventListener('toggle', () => $mobileMenuOpen.set(details.open));
  $mobileMenuOpen.subscribe((open) => {
    details.open = open;
    document.documentElement.classList.toggle('scroll-locked', open);
    summary?.setAttribute('aria-expanded', String(open));
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && details.open) {
      $mobileMenuOpen.set(false);
      summary?.focus();
    }
  });
  // A click on the dimmed page beside the panel lands on <details> itself.
  details.addEventListener('click', (e) => {
    if (e.target === details) {
      e.preventDefault();
      $mobileMenuOpen.set(false);
    }
  });
}
