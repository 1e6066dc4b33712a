/**
 * The top bar's Help dropdown is a <details>: it opens and closes without script. This adds what a
 * menu is expected to do besides: close on a click elsewhere and on Escape (focus back on its summary).
 */
export function helpMenu(menu: HTMLDetailsElement): void {
  document.addEventListener('click', (e) => {
    if (menu.open && !menu.contains(e.target as Node)) menu.open = false;
  });
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menu.open) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
}
