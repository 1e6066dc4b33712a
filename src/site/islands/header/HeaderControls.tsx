/**
 * Behaviour of the static header markup (renders nothing itself):
 * - sticky modes (spec §4, §9): data-sticky="pullToShow" hides the header after 25 px down and shows
 *   it after 10 px up; "alwaysOnTop" keeps it in view. Hiding closes any open dropdown.
 * - departments menu: closed, open (button, ↓ into the menu, Escape back, click outside), or fixed
 *   (data-departments="fixed": always open).
 * - mobile slide-in menu (a <details> without JavaScript): page scroll locked while open; Escape or a
 *   click beside the panel closes it.
 */
import { useEffect } from 'react';
import { $headerHidden, $mobileMenuOpen, $openDropdown, pullToShowHidden } from '../../stores/header';

const DEPARTMENTS = 'departments';

function sticky(header: HTMLElement): () => void {
  const mode = header.dataset.sticky === 'alwaysOnTop' ? 'alwaysOnTop' : 'pullToShow';
  header.classList.add('site-header--sticky');
  if (mode === 'alwaysOnTop') return () => {};
  let lastY = scrollY;
  let travelled = 0;
  const onScroll = () => {
    const y = scrollY;
    const delta = y - lastY;
    lastY = y;
    if (delta === 0) return;
    // Distance since the direction last changed.
    travelled = Math.sign(delta) === Math.sign(travelled) ? travelled + delta : delta;
    const hidden = pullToShowHidden($headerHidden.get(), travelled, y, header.offsetHeight);
    if (hidden !== $headerHidden.get()) $headerHidden.set(hidden);
  };
  addEventListener('scroll', onScroll, { passive: true });
  const stop = $headerHidden.subscribe((hidden) => {
    header.classList.toggle('site-header--hidden', hidden);
    if (hidden && header.contains(document.activeElement)) (document.activeElement as HTMLElement).blur();
  });
  return () => { removeEventListener('scroll', onScroll); stop(); };
}

function departments(root: HTMLElement): () => void {
  const button = root.querySelector<HTMLButtonElement>('.departments__button');
  const menu = root.querySelector<HTMLElement>('.departments__menu');
  if (!button || !menu) return () => {};
  const fixed = root.dataset.mode === 'fixed';
  menu.id ||= 'departments-menu';
  button.setAttribute('aria-controls', menu.id);
  const links = () => [...menu.querySelectorAll<HTMLAnchorElement>(':scope > li > a')];
  const render = (open: boolean) => {
    root.dataset.state = fixed ? 'fixed' : open ? 'open' : 'closed';
    button.setAttribute('aria-expanded', String(fixed || open));
  };
  render(false);
  const stop = $openDropdown.subscribe((which) => render(which === DEPARTMENTS));
  const set = (open: boolean) => $openDropdown.set(open ? DEPARTMENTS : $openDropdown.get() === DEPARTMENTS ? null : $openDropdown.get());
  const onClick = () => set($openDropdown.get() !== DEPARTMENTS);
  const onKey = (e: KeyboardEvent) => {
    const items = links();
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'Escape' && $openDropdown.get() === DEPARTMENTS) {
      set(false);
      button.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      set(true);
      const next = e.key === 'ArrowDown' ? (at + 1) % items.length : (at <= 0 ? items.length : at) - 1;
      items[next]!.focus();
    }
  };
  const onOutside = (e: MouseEvent) => { if (!root.contains(e.target as Node)) { if ($openDropdown.get() === DEPARTMENTS) set(false); } };
  const onFocusOut = (e: FocusEvent) => { if (!root.contains(e.relatedTarget as Node | null) && $openDropdown.get() === DEPARTMENTS) set(false); };
  button.addEventListener('click', onClick);
  root.addEventListener('keydown', onKey);
  root.addEventListener('focusout', onFocusOut);
  document.addEventListener('mousedown', onOutside);
  return () => {
    stop();
    button.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKey);
    root.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('mousedown', onOutside);
  };
}

function mobileMenu(details: HTMLDetailsElement): () => void {
  const summary = details.querySelector('summary');
  const onToggle = () => $mobileMenuOpen.set(details.open);
  const stop = $mobileMenuOpen.subscribe((open) => {
    details.open = open;
    // Spec §4: the page does not scroll while the mobile menu is open.
    document.documentElement.classList.toggle('scroll-locked', open);
    summary?.setAttribute('aria-expanded', String(open));
  });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && details.open) { $mobileMenuOpen.set(false); summary?.focus(); }
  };
  // A click on the dimmed page beside the panel lands on <details> itself.
  const onClick = (e: MouseEvent) => { if (e.target === details) { e.preventDefault(); $mobileMenuOpen.set(false); } };
  details.addEventListener('toggle', onToggle);
  details.addEventListener('click', onClick);
  document.addEventListener('keydown', onKey);
  return () => {
    stop();
    details.removeEventListener('toggle', onToggle);
    details.removeEventListener('click', onClick);
    document.removeEventListener('keydown', onKey);
  };
}

export default function HeaderControls() {
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    if (!header) return;
    const stops = [sticky(header)];
    const dep = header.querySelector<HTMLElement>('.departments');
    if (dep) stops.push(departments(dep));
    const mobile = header.querySelector<HTMLDetailsElement>('details.mobile-menu');
    if (mobile) stops.push(mobileMenu(mobile));
    return () => stops.forEach((stop) => stop());
  }, []);
  return null;
}
