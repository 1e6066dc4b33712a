/**
 * The out-of-stock buy box's restock button (spec §2/§4). Guests go to sign-in and come back with
 * ?restock=1, which opens the dialog; the dialog's code loads only when it is first opened.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { loginUrl, maybeSignedIn } from '../account/api';
import type { Locale } from '../ui/locale';
import type { RestockDialogProps } from './RestockDialog';
import { engagementTexts } from './texts';
import './engagement.css';

interface Props {
  locale: Locale;
  productId: number;
  productName: string;
}

export default function RestockButton({ locale, productId, productName }: Props) {
  const t = engagementTexts(locale);
  const [Dialog, setDialog] = useState<ComponentType<RestockDialogProps> | null>(null);
  const [open, setOpen] = useState(false);

  async function openDialog() {
    if (!maybeSignedIn()) {
      location.assign(loginUrl(locale, `${location.pathname}?restock=1`));
      return;
    }
    if (!Dialog) {
      const mod = await import('./RestockDialog');
      setDialog(() => mod.default);
    }
    setOpen(true);
  }

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (params.get('restock') !== '1') return;
    params.delete('restock');
    history.replaceState(null, '', location.pathname + (params.size ? `?${params}` : '') + location.hash);
    void openDialog();
  }, []);

  return (
    <div className="restock">
      <button type="button" className="button restock__open" onClick={() => void openDialog()}>
        {t.restock}
      </button>
      {Dialog && open && <Dialog locale={locale} productId={productId} productName={productName} onClose={() => setOpen(false)} />}
    </div>
  );
}
