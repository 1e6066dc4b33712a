/**
 * Header cart indicator: the count from the persisted cart mirror, and the cart itself as a dropdown
 * or an off-canvas panel (layout setting dropcartType). The panel is React and loads on first use
 * (prefetched when the pointer or focus reaches the button); page scrolling stops while the
 * off-canvas cart is open. A signed-in customer's cart is read from the server once per page.
 */
import { formatNumber } from '../../../format';
import { $cart } from '../../../stores/cart';
import type { Locale } from '../../ui/locale';
import { maybeSignedIn } from './session-hint';

type PanelModule = typeof import('../../shop/CartPanel');

export function cartIndicator(root: HTMLElement, locale: Locale): void {
  const button = root.querySelector<HTMLButtonElement>(':scope > button');
  const count = root.querySelector<HTMLElement>('.cart-indicator__count');
  const host = root.querySelector<HTMLElement>('.cart-indicator__panel');
  if (!button || !count || !host) return;
  // /offcanvas-cart shows the off-canvas cart whatever the layout setting.
  const showOpen = document.querySelector('[data-open-offcanvas-cart]') !== null;
  const type = root.dataset.type === 'dropdown' && !showOpen ? 'dropdown' : 'offcanvas';
  let open = false;
  let panel: Promise<PanelModule> | null = null;
  const load = () => (panel ??= import('../../shop/CartPanel'));

  $cart.subscribe((cart) => {
    count.hidden = cart.cartCount <= 0;
    count.textContent = cart.cartCount > 0 ? formatNumber(cart.cartCount, locale) : '';
  });
  const set = (next: boolean) => {
    open = next;
    button.setAttribute('aria-expanded', String(open));
    if (type === 'offcanvas') document.documentElement.style.overflow = open ? 'hidden' : '';
    void load().then((m) => m.renderCartPanel(host, { locale, type, open, close: () => set(false) }));
  };
  button.addEventListener('click', () => set(!open));
  button.addEventListener('pointerenter', () => void load(), { once: true });
  button.addEventListener('focus', () => void load(), { once: true });
  addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && open) set(false);
  });
  if (showOpen) set(true);
  if (maybeSignedIn()) {
    void import('../../shop/api')
      .then((api) => api.refreshCart())
      .catch(() => undefined)
      .finally(() => {
        root.dataset.ready = '';
      });
  } else {
    root.dataset.ready = '';
  }
}
