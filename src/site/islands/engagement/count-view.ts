/**
 * Counts one view of the product page (increaseProductViews) once the page is idle. A plain script
 * rather than an island: it draws nothing. The product id comes from the page's article (data-product-id).
 */
import { call } from '../ui/api';

export function countProductView(): void {
  const id = document.querySelector<HTMLElement>('article[data-product-id]')?.dataset.productId;
  if (!id) return;
  const send = () => {
    // Fire and forget: a lost count must never disturb the shopper.
    call('GET', '/increaseProductViews/{id}', { params: { id }, keepalive: true }).catch(() => {});
  };
  if ('requestIdleCallback' in window) requestIdleCallback(send, { timeout: 4000 });
  else setTimeout(send, 1000);
}
