/**
 * The departments menu: closed, open (button, ↓/↑ into the menu, Escape back to the button, a click
 * outside or focus leaving closes it), or fixed (data-mode="fixed": always open). One dropdown at a
 * time: opening it closes the others through $openDropdown.
 */
import { $openDropdown } from '../../../stores/header';

const DEPARTMENTS = 'departments';

export function departments(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('.departments__button');
  const menu = root.querySelector<HTMLElement>('.departments__menu');
  if (!button || !menu) return;
  const fixed = root.dataset.mode === 'fixed';
  menu.id ||= 'departments-menu';
  button.setAttribute('aria-controls', menu.id);
  const links = () => [...menu.querySelectorAll<HTMLAnchorElement>(':scope > li > a')];
  const isOpen = () => $openDropdown.get() === DEPARTMENTS;
  const set = (open: boolean) => {
    if (open) $openDropdown.set(DEPARTMENTS);
    else if (isOpen()) $openDropdown.set(null);
  };
  $openDropdown.subscribe((which) => {
    const open = which === DEPARTMENTS;
    root.dataset.state = fixed ? 'fixed' : open ? 'open' : 'closed';
    button.setAttribute('aria-expanded', String(fixed || open));
  });
  button.addEventListener('click', () => set(!isOpen()));
  root.addEventListener('keydown', (e) => {
    const items = links();
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'Escape' && isOpen()) {
      set(false);
      button.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      set(true);
      const next = e.key === 'ArrowDown' ? (at + 1) % items.length : (at <= 0 ? items.length : at) - 1;
      items[next]!.focus();
    }
  });
  root.addEventListener('focusout', (e) => {
    if (!root.contains(e.relatedTarget as Node | null)) set(false);
  });
  document.addEventListener('mousedown', (e) => {
    if (!root.contains(e.target as Node)) set(false);
  });
}
