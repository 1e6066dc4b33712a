/**
 * The product dialogs' React side, loaded with import() on the first open (the product page's
 * JavaScript budget): one root under <body> draws the quick view or a files dialog; closing unmounts
 * it, so the next open starts from scratch (spec §4 "close resets").
 */
import { createRoot, type Root } from 'react-dom/client';
import type { Product } from '../../../api/schemas/catalogue';
import type { Locale } from '../ui/locale';
import { FilesDialog } from './FilesDialog';
import { QuickView } from './QuickView';
import './lists.css';

export type DialogKind = 'quickview' | 'footprint' | 'applicationnote';

let root: Root | null = null;
let shown = 0;

export function showDialog(kind: DialogKind, product: Product, locale: Locale, opener: HTMLElement | null, onClosed: () => void): void {
  if (!root) {
    const host = document.createElement('div');
    host.className = 'lists-dialogs';
    document.body.append(host);
    root = createRoot(host);
  }
  const close = () => {
    closeDialog();
    onClosed();
  };
  // A new key per open: nothing of the previous dialog (picture index, open pop-up) survives.
  const key = `${kind}-${product.id}-${++shown}`;
  root.render(
    kind === 'quickview' ? (
      <QuickView key={key} product={product} locale={locale} onClose={close} returnFocus={opener} />
    ) : (
      <FilesDialog key={key} product={product} kind={kind} locale={locale} onClose={close} returnFocus={opener} />
    ),
  );
}

export function closeDialog(): void {
  root?.render(null);
}
