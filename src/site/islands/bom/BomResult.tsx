/**
 * One upload's result: each line's match (status and confidence), the chosen part and its
 * alternatives, quantities, tier price and line total in toman, notes; totals; pages. From here the
 * ticked lines go to the cart in one step and the unmatched ones to the store as a sourcing request.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { BomLineView, CustomerUpload, MoveUploadResponse, SourcingResponse } from '../../../api/schemas/bom';
import { showToast } from '../../stores/toasts';
import { call, CallError, loginUrl, refreshCart } from '../shop/api';
import { num, pathIn, toman, type ShopLocale } from '../shop/texts';
import { getJson } from '../ui/api';
import { BomLineRow } from './BomLineRow';
import { bomTexts } from './texts';

const PAGE_SIZE = 20;
const pageFromUrl = () => Math.max(1, Number(new URLSearchParams(location.search).get('page')) || 1);

export default function BomResult({ locale, identityKey, actions }: { locale: ShopLocale; identityKey: string; actions: ReactNode }) {
  const t = bomTexts(locale);
  const [page, setPage] = useState(pageFromUrl);
  const [upload, setUpload] = useState<CustomerUpload | null>(null);
  const [failed, setFailed] = useState<'missing' | 'error' | null>(null);
  const [report, setReport] = useState<Map<number, MoveUploadResponse['lines'][number]>>(new Map());
  const [notice, setNotice] = useState<{ text: string; kind: 'ok' | 'error'; cart?: boolean } | null>(null);
  const [busy, setBusy] = useState<'cart' | 'sourcing' | null>(null);
  const [note, setNote] = useState('');

  const load = (p: number) => getJson<CustomerUpload>('/customerExcelUpload', { identityKey, page: p, limit: PAGE_SIZE })
    .then((u) => { setUpload(u); setFailed(null); })
    .catch((err: { status?: number }) => setFailed(err.status === 404 || err.status === 422 ? 'missing' : 'error'));
  useEffect(() => { void load(page); }, [page]);

  function goTo(p: number) {
    if (!upload || p < 1 || p > upload.pages || p === page) return;
    const url = new URL(location.href);
    if (p === 1) url.searchParams.delete('page'); else url.searchParams.set('page', String(p));
    history.replaceState(null, '', url);
    setPage(p);
  }

  const replaceLine = (line: BomLineView) =>
    setUpload((u) => (u ? { ...u, items: u.items.map((l) => (l.id === line.id ? line : l)) } : u));

  /** Line changes (pick, tick) also move the totals: the page is read again afterwards. */
  async function changeLine(path: string, body: object) {
    try {
      replaceLine(await call<BomLineView>('POST', path, { identityKey, ...body }));
      void load(page);
    } catch (err) {
      setNotice({ text: err instanceof CallError && err.message ? err.message : t.error, kind: 'error' });
    }
  }

  function failure(err: unknown) {
    if (err instanceof CallError && err.status === 401) { location.assign(loginUrl(locale)); return; }
    const first = err instanceof CallError ? Object.values(err.errors)[0]?.[0] ?? err.message : '';
    setNotice({ text: err instanceof CallError && err.status === 0 ? t.error : first || t.error, kind: 'error' });
  }

  async function addToCart() {
    setBusy('cart');
    try {
      const res = await call<MoveUploadResponse>('POST', '/moveCustomerExcelUpload', { identityKey });
      setReport(new Map(res.lines.map((l) => [l.lineId, l])));
      setNotice({ text: res.message, kind: res.added > 0 ? 'ok' : 'error', cart: res.added > 0 });
      if (res.added > 0) showToast(res.message, 'success');
      await refreshCart().catch(() => undefined);
    } catch (err) {
      failure(err);
    } finally {
      setBusy(null);
    }
  }

  async function sendUnmatched() {
    setBusy('sourcing');
    try {
      const res = await call<SourcingResponse>('POST', '/customerExcelUpload/sourcing', { identityKey, description: note.trim() || undefined });
      setNotice({ text: res.message, kind: 'ok' });
      showToast(res.message, 'success');
    } catch (err) {
      failure(err);
    } finally {
      setBusy(null);
    }
  }

  if (failed === 'missing') return <><p role="alert">{t.notFound}</p>{actions}</>;
  if (failed === 'error') return <p role="alert">{t.error}</p>;
  if (!upload) return <p>{t.loading}</p>;
  const { totals } = upload;
  return (
    <div className="bom-result" data-testid="bom-result">
      <dl className="bom-summary">
        <div><dt>{t.fileName}</dt><dd dir="ltr">{upload.fileName}</dd></div>
        <div><dt>{t.boardCount}</dt><dd>{num(locale, upload.boardQuantity)}</dd></div>
        <div><dt>{t.lines}</dt><dd>{num(locale, totals.lines)}</dd></div>
        {(['exact', 'family', 'fuzzy', 'unmatched'] as const).map((s) => (
          <div key={s}><dt><span className={`bom-status bom-status--${s}`}>{t.status[s]}</span></dt><dd data-count={s}>{num(locale, totals[s])}</dd></div>
        ))}
      </dl>
      <div className="bom-table-wrap">
        <table className="cart-table bom-table">
          <thead><tr>
            <th scope="col">{t.choose}</th><th scope="col">{t.row}</th><th scope="col">{t.part}</th><th scope="col">{t.chosen}</th>
            <th scope="col">{t.quantity}</th><th scope="col">{t.unitPrice}</th><th scope="col">{t.lineTotal}</th><th scope="col">{t.notes}</th>
          </tr></thead>
          <tbody>{upload.items.map((line) => (
            <BomLineRow key={line.id} locale={locale} line={line} boards={upload.boardQuantity} outcome={report.get(line.id)}
              onPick={(productId) => changeLine('/customerExcelUpload/select', { lineId: line.id, productId })}
              onTick={(selected) => changeLine('/customerExcelUpload/include', { lineId: line.id, selected })} />
          ))}</tbody>
        </table>
      </div>
      {upload.pages > 1 && (
        <nav className="bom-pages" aria-label={t.page(num(locale, page), num(locale, upload.pages))}>
          <button type="button" className="link-button" disabled={page <= 1} onClick={() => goTo(page - 1)}>{t.previous}</button>
          <span>{t.page(num(locale, page), num(locale, upload.pages))}</span>
          <button type="button" className="link-button" disabled={page >= upload.pages} onClick={() => goTo(page + 1)} data-testid="bom-next">{t.next}</button>
        </nav>
      )}
      <p className="cart-totals__total bom-total">{t.total(num(locale, totals.priced))}: <span data-testid="bom-total">{toman(locale, totals.total)}</span></p>
      {notice && (
        <p className={notice.kind === 'ok' ? 'notice' : 'notice notice--red'} role={notice.kind === 'ok' ? 'status' : 'alert'} data-testid="bom-notice">
          {notice.text} {notice.cart && <a href={pathIn(locale, '/shop/cart')}>{t.viewCart}</a>}
        </p>
      )}
      <div className="bom-actions">
        <button type="button" className="button" onClick={addToCart} disabled={busy !== null} data-testid="bom-add">{busy === 'cart' ? t.adding : t.addToCart}</button>
        {actions}
      </div>
      {totals.unmatched > 0 && (
        <div className="bom-sourcing">
          <label className="field"><span>{t.sourcingNote}</span>
            <textarea rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} /></label>
          <button type="button" className="button button--outline" onClick={sendUnmatched} disabled={busy !== null} data-testid="bom-sourcing">
            {busy === 'sourcing' ? t.sending : t.sendUnmatched}
          </button>
        </div>
      )}
    </div>
  );
}
