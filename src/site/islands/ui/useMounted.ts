/**
 * False while the server-rendered copy is showing and during hydration, true once the island is live.
 * Forms keep their submit buttons disabled until then: a submit before hydration would be a plain GET
 * of the page with the fields (a password among them) in the URL, and anything read from the URL must
 * not change the first render or React discards the server HTML along with what the shopper typed.
 */
import { useEffect, useState } from 'react';

export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
