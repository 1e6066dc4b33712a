/**
 * /shop/customer/excel and /shop/customer/excel/{identityKey}: without a key, the upload button (the
 * dialog opens by itself when the header link brings ?upload=1); with one, that upload's result.
 * The dialog's code loads only when it is first opened.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { segmentsAfter, type ShopLocale } from '../shop/texts';
import BomResult from './BomResult';
import { MyUploads } from './MyUploads';
import './bom.css';
import { bomTexts } from './texts';

const UploadDialog = lazy(() => import('./UploadDialog'));
export const BOM_PREFIX = '/shop/customer/excel';

export default function BomPage({ locale }: { locale: ShopLocale }) {
  const t = bomTexts(locale);
  const [key] = useState(() => segmentsAfter(BOM_PREFIX)[0] ?? '');
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (new URLSearchParams(location.search).has('upload')) setOpen(true);
  }, []);
  const button = (
    <button type="button" className="button" data-testid="bom-open" onClick={() => setOpen(true)}>
      {key ? t.another : t.open}
    </button>
  );
  return (
    <div className="bom-page">
      {key ? (
        <BomResult locale={locale} identityKey={key} actions={button} />
      ) : (
        <>
          <p>{t.intro}</p>
          {button}
          <MyUploads locale={locale} />
        </>
      )}
      {open && (
        <Suspense fallback={null}>
          <UploadDialog locale={locale} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
