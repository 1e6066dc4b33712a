/**
 * One upload's result: each line's match (status and confidence), the chosen part and its
 * alternatives, quantities, tier price and line total in toman, notes; totals; pages. From here the
 * ticked lines go to the cart in one step and the unmatched ones to the store as a sourcing request.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { BomColumns, BomLineView, CustomerUpload, MoveUploadResponse } from '../../../api/schemas/bom';
import { showToast } from '../../stores/toasts';
import { loginUrl, refreshCart } from '../shop/api';
import { call, CallError } from '../ui/api';
import { num, pathIn, toman, type ShopLocale } from '../shop/texts';
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

  const load = (p: number) =>
    call('GET', '/customerExcelUpload', { query: { identityKey, page: p, limit: PAGE_SIZE } })
      .then((u) => {
        setUpload(u);
        setFailed(null);
      })
      .catch((err: { status?: number }) => setFailed(err.status === 404 || err.status === 422 ? 'missing' : 'error'));
  useEffect(() => {
    void load(page);
  }, [page]);

  function goTo(p: number) {
    if (!upload || p < 1 || p > upload.pages || p === page) return;
    const url = new URL(location.href);
    if (p === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(p));
    history.replaceState(null, '', url);
    setPage(p);
  }

  /** Changes to the whole list (columns, spare, added or deleted lines): the page is read again. */
  async function changeList(request: () => Promise<unknown>) {
    try {
      await request();
      await load(page);
    } catch (err) {
      failure(err);
    }
  }

  const replaceLine = (line: BomLineView) => setUpload((u) => (u ? { ...u, items: u.items.map((l) => (l.id === line.id ? line : l)) } : u));

  /** Line changes (pick, tick) also move the totals: the page is read again afterwards. */
  async function changeLine(request: () => Promise<BomLineView>) {
    try {
      replaceLine(await request());
      void load(page);
    } catch (err) {
      setNotice({ text: err instanceof CallError && err.message ? err.message : t.error, kind: 'error' });
    }
  }

  function failure(err: unknown) {
    if (err instanceof CallError && err.status === 401) {
      location.assign(loginUrl(locale));
      return;
    }
    const first = err instanceof CallError ? (Object.values(err.errors)[0]?.[0] ?? err.message) : '';
    setNotice({ text: err instanceof CallError && err.status === 0 ? t.error : first || t.error, kind: 'error' });
  }

  async function addToCart() {
    setBusy('cart');
    try {
      const res = await call('POST', '/moveCustomerExcelUpload', { body: { identityKey } });
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
      const res = await call('POST', '/customerExcelUpload/sourcing', { body: { identityKey, description: note.trim() || undefined } });
      setNotice({ text: res.message, kind: 'ok' });
      showToast(res.message, 'success');
    } catch (err) {
      failure(err);
    } finally {
      setBusy(null);
    }
  }

  if (failed === 'missing')
    return (
      <>
        <p role="alert">{t.notFound}</p>
        {actions}
      </>
    );
  if (failed === 'error') return <p role="alert">{t.error}</p>;
  if (!upload) return <p>{t.loading}</p>;
  const { totals } = upload;
  return (
    <div className="bom-result" data-testid="bom-result">
      <dl className="bom-summary">
        <div>
          <dt>{t.fileName}</dt>
          <dd dir="ltr">{upload.fileName}</dd>
        </div>
        <div>
          <dt>{t.boardCount}</dt>
          <dd>{num(locale, upload.boardQuantity)}</dd>
        </div>
        <div>
          <dt>{t.lines}</dt>
          <dd>{num(locale, totals.lines)}</dd>
        </div>
        {(['exact', 'family', 'parametric', 'fuzzy', 'unmatched'] as const).map((s) => (
          <div key={s}>
            <dt>
              <span className={`bom-status bom-status--${s}`}>{t.status[s]}</span>
            </dt>
            <dd data-count={s}>{num(locale, totals[s])}</dd>
          </div>
        ))}
        <div>
          <dt>{t.needsReview}</dt>
          <dd data-count="review">{num(locale, totals.needsReview)}</dd>
        </div>
        <div>
          <dt>{t.shortfall}</dt>
          <dd data-count="shortfall">{num(locale, totals.shortfall)}</dd>
        </div>
      </dl>
      {upload.canEdit && upload.read?.columns && (
        <ColumnMapping
          locale={locale}
          read={upload.read}
          onApply={(sheetName, columns) =>
            changeList(() => call('POST', '/customerExcelUpload/columns', { body: { identityKey, sheetName, columns } }))
          }
        />
      )}
      <div className="bom-table-wrap">
        <table className="cart-table bom-table">
          <thead>
            <tr>
              <th scope="col">{t.choose}</th>
              <th scope="col">{t.row}</th>
              <th scope="col">{t.part}</th>
              <th scope="col">{t.chosen}</th>
              <th scope="col">{t.quantity}</th>
              <th scope="col">{t.unitPrice}</th>
              <th scope="col">{t.lineTotal}</th>
              <th scope="col">{t.notes}</th>
            </tr>
          </thead>
          <tbody>
            {upload.items.map((line) => (
              <BomLineRow
                key={line.id}
                locale={locale}
                line={line}
                boards={upload.boardQuantity}
                outcome={report.get(line.id)}
                onPick={(productId) =>
                  changeLine(() => call('POST', '/customerExcelUpload/select', { body: { identityKey, lineId: line.id, productId } }))
                }
                onTick={(selected) =>
                  changeLine(() => call('POST', '/customerExcelUpload/include', { body: { identityKey, lineId: line.id, selected } }))
                }
                onEdit={
                  upload.canEdit
                    ? (change) =>
                        changeLine(() => call('POST', '/customerExcelUpload/line', { body: { identityKey, lineId: line.id, ...change } }))
                    : undefined
                }
                onDelete={
                  upload.canEdit
                    ? () => changeList(() => call('POST', '/customerExcelUpload/line/delete', { body: { identityKey, lineId: line.id } }))
                    : undefined
                }
              />
            ))}
          </tbody>
        </table>
      </div>
      {upload.pages > 1 && (
        <nav className="bom-pages" aria-label={t.page(num(locale, page), num(locale, upload.pages))}>
          <button type="button" className="link-button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            {t.previous}
          </button>
          <span>{t.page(num(locale, page), num(locale, upload.pages))}</span>
          <button
            type="button"
            className="link-button"
            disabled={page >= upload.pages}
            onClick={() => goTo(page + 1)}
            data-testid="bom-next"
          >
            {t.next}
          </button>
        </nav>
      )}
      <p className="cart-totals__total bom-total">
        {t.total(num(locale, totals.priced))}: <span data-testid="bom-total">{toman(locale, totals.total)}</span>
      </p>
      {notice && (
        <p
          className={notice.kind === 'ok' ? 'notice' : 'notice notice--red'}
          role={notice.kind === 'ok' ? 'status' : 'alert'}
          data-testid="bom-notice"
        >
          {notice.text} {notice.cart && <a href={pathIn(locale, '/shop/cart')}>{t.viewCart}</a>}
        </p>
      )}
      {upload.canEdit && (
        <div className="bom-tools">
          <form
            className="bom-add-line"
            onSubmit={(e) => {
              e.preventDefault();
              const input = e.currentTarget.elements.namedItem('text') as HTMLInputElement;
              if (input.value.trim())
                void changeList(() =>
                  call('POST', '/customerExcelUpload/line/add', { body: { identityKey, text: input.value.trim() } }),
                ).then(() => {
                  input.value = '';
                });
            }}
          >
            <label className="field">
              <span>{t.addLine}</span>
              <input name="text" placeholder={t.addLineHint} dir="ltr" maxLength={200} data-testid="bom-add-line" />
            </label>
            <button type="submit" className="button button--outline">
              {t.addLine}
            </button>
          </form>
          <form
            className="bom-spare"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              void changeList(() =>
                call('POST', '/customerExcelUpload/spare', {
                  body: { identityKey, percent: Number(form.get('percent')) || 0, extra: Number(form.get('extra')) || 0 },
                }),
              );
            }}
          >
            <fieldset>
              <legend>{t.spare}</legend>
              <label className="field">
                <span>{t.sparePercent}</span>
                <input name="percent" type="number" min={0} max={100} defaultValue={upload.spare.percent} dir="ltr" />
              </label>
              <label className="field">
                <span>{t.spareExtra}</span>
                <input name="extra" type="number" min={0} max={1000} defaultValue={upload.spare.extra} dir="ltr" />
              </label>
              <button type="submit" className="button button--outline">
                {t.save}
              </button>
            </fieldset>
          </form>
        </div>
      )}
      <p className="bom-export">
        {t.export}:{' '}
        <a href={`/api/site/v1/customerExcelUpload/export?identityKey=${identityKey}&format=xlsx`} data-testid="bom-export-xlsx">
          XLSX
        </a>
        {' · '}
        <a href={`/api/site/v1/customerExcelUpload/export?identityKey=${identityKey}&format=csv`} data-testid="bom-export-csv">
          CSV
        </a>
      </p>
      <div className="bom-actions">
        <button type="button" className="button" onClick={addToCart} disabled={busy !== null} data-testid="bom-add">
          {busy === 'cart' ? t.adding : t.addToCart}
        </button>
        {actions}
      </div>
      {totals.unmatched > 0 && (
        <div className="bom-sourcing">
          <label className="field">
            <span>{t.sourcingNote}</span>
            <textarea rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          </label>
          <button
            type="button"
            className="button button--outline"
            onClick={sendUnmatched}
            disabled={busy !== null}
            data-testid="bom-sourcing"
          >
            {busy === 'sourcing' ? t.sending : t.sendUnmatched}
          </button>
        </div>
      )}
    </div>
  );
}

const ROLES = ['part', 'maker', 'quantity', 'designators', 'value', 'footprint', 'description', 'reference'] as const;

/** The column-mapping step: which sheet and which column was read for each role; the customer may change them and read again. */
function ColumnMapping({
  locale,
  read,
  onApply,
}: {
  locale: ShopLocale;
  read: NonNullable<CustomerUpload['read']>;
  onApply(sheetName: string | null, columns: BomColumns): void;
}) {
  const t = bomTexts(locale);
  const [columns, setColumns] = useState<BomColumns>(read.columns!);
  const [sheet, setSheet] = useState<string | null>(read.sheetName);
  const headers = read.headers ?? [];
  const width = Math.max(headers.length, ...ROLES.map((r) => (columns[r] ?? -1) + 1));
  const label = (i: number) => `${num(locale, i + 1)}${headers[i] ? ` — ${headers[i]}` : ''}`;
  return (
    <details className="bom-mapping" data-testid="bom-mapping">
      <summary>{t.mapping}</summary>
      {read.sheetNames.length > 1 && (
        <label className="field">
          <span>{t.sheet}</span>
          <select value={sheet ?? ''} onChange={(e) => setSheet(e.currentTarget.value)}>
            {read.sheetNames.map((n) => (
              <option key={n ?? ''} value={n ?? ''}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {ROLES.map((role) => (
        <label key={role} className="field">
          <span>{t.roles[role]}</span>
          <select
            value={columns[role] ?? ''}
            data-role={role}
            onChange={(e) => setColumns({ ...columns, [role]: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
          >
            <option value="">{t.noColumn}</option>
            {Array.from({ length: width }, (_, i) => (
              <option key={i} value={i}>
                {label(i)}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="button" className="button button--outline" onClick={() => onApply(sheet, columns)} data-testid="bom-reread">
        {t.reread}
      </button>
    </details>
  );
}
