/** Counts one view of the product page (increaseProductViews) once the page is idle; draws nothing. */
import { useEffect } from 'react';
import { apiUrl } from '../ui/api';

export default function ViewCounter({ productId }: { productId: number }) {
  useEffect(() => {
    // Fire and forget: a lost count must never disturb the shopper.
    fetch(apiUrl(`/increaseProductViews/${productId}`), { headers: { accept: 'application/json' }, keepalive: true }).catch(() => {});
  }, [productId]);
  return null;
}
