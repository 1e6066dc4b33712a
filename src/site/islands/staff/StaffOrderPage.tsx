/**
 * One order in the staff console: customer, their note, address, shipping method, each line with
 * today's stock; for an enquiry the lines can be changed (each change with a reason the customer sees)
 * and the total is recomputed live with the same rule the server confirms with; for a paid invoice the
 * shipping (status never preselected, carrier, tracking code); the timeline; a printable packing slip.
 * Money is shown and typed in toman; the API speaks rials.
 */
import { useEffect, useRef, useState } from 'react';
import type { StaffOrderDetail } from '../../../api/schemas/shop';
import { orderAmounts } from '../../../lib/cart-totals';
import { formatToman, rialsToToman, tomanToRials } from '../../../lib/money';
import { isShippingMethod, type ShippingRates } from '../../../lib/shipping';
import { call, CallError, type ApiBody } from '../ui/api';
import PartText from '../ui/PartText';
import { faDate, GATEWAY_FA, PAYMENT_STATE_FA, SHIPPING_FA } from './staff-labels';

interface Edit {
  quantity: string;
  priceToman: string;
  available: boolean;
  note: string;
}
const digits = new Intl.NumberFormat('fa-IR');

function editsOf(d: StaffOrderDetail): Record<number, Edit> {
  return Object.fromEntries(
    d.lines.map((l) => [
      l.id,
      { quantity: String(l.quantity), priceToman: String(rialsToToman(l.unitPrice)), available: l.available, note: l.note ?? '' },
    ]),
  );
}

export default function StaffOrderPage({ id, onClose }: { id: number; onClose(): void }) {
  const [order, setOrder] = useState<StaffOrderDetail | null>(null);
  const [edits, setEdits] = useState<Record<number, Edit>>({});
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  async function load() {
    const d = (await call('GET', '/staff/orders/{id}', { params: { id } })).data;
    setOrder(d);
    setEdits(editsOf(d));
  }
  useEffect(() => {
    void load().catch((err) => setMessage(err instanceof CallError ? err.message : 'خطا'));
  }, [id]);
  useEffect(() => {
    if (order) heading.current?.focus();
  }, [order?.id]);

  async function act(request: () => Promise<{ data: StaffOrderDetail }>, done: string) {
    setBusy(true);
    try {
      const d = (await request()).data;
      setOrder(d);
      setEdits(editsOf(d));
      setMessage(done);
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    } finally {
      setBusy(false);
    }
  }

  if (!order) return <p role={message ? 'alert' : undefined}>{message || 'در حال بارگذاری…'}</p>;
  const awaiting = order.state === 'awaiting_approval';
  const lineOf = (lid: number) => {
    const e = edits[lid]!;
    const quantity = Math.max(0, Math.floor(Number(e.quantity) || 0));
    const unitPrice = tomanToRials(Math.max(0, Number(e.priceToman) || 0));
    return { quantity, unitPrice, available: e.available && quantity > 0 };
  };
  const changed = (l: StaffOrderDetail['lines'][number]) => {
    const now = lineOf(l.id);
    return (
      now.quantity !== l.requestedQuantity || now.unitPrice !== l.unitPrice || now.available !== l.available || now.quantity !== l.quantity
    );
  };
  const live =
    awaiting && order.shippingRates && isShippingMethod(order.shippingMethod)
      ? orderAmounts(
          order.lines.map((l) => {
            const n = lineOf(l.id);
            return n.available ? n.quantity * n.unitPrice : 0;
          }),
          order.shippingMethod,
          order.shippingRates as ShippingRates,
        )
      : null;
  const address = order.address as {
    name?: string;
    mobile?: string;
    province?: { name: string };
    city?: { name: string };
    address?: string;
    postCode?: string;
  };
  const addressText = [address.province?.name, address.city?.name, address.address].filter(Boolean).join('، ');

  return (
    <section
      className="staff-order"
      aria-labelledby="staff-order-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <p className="no-print">
        <button type="button" onClick={onClose}>
          بازگشت به فهرست سفارش‌ها
        </button>
      </p>
      <h2 id="staff-order-title" ref={heading} tabIndex={-1}>
        سفارش <span dir="ltr">{order.factorNumber}</span> — {order.stateLabel}
      </h2>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}

      <dl className="staff-facts">
        <dt>مشتری</dt>
        <dd>
          {order.customer ? (
            <>
              {order.customer.name} <span dir="ltr">({order.customer.username})</span>
              {order.customer.companyName ? ` — ${order.customer.companyName}` : ''}
            </>
          ) : (
            '—'
          )}
        </dd>
        <dt>موبایل مشتری</dt>
        <dd dir="ltr">{order.customer?.mobile ?? '—'}</dd>
        <dt>ایمیل مشتری</dt>
        <dd dir="ltr">{order.customer?.email ?? '—'}</dd>
        <dt>یادداشت مشتری</dt>
        <dd>{order.customerNote || 'ندارد'}</dd>
        <dt>نشانی</dt>
        <dd>
          {addressText}{' '}
          {address.postCode ? (
            <>
              — کد پستی <span dir="ltr">{address.postCode}</span>
            </>
          ) : null}{' '}
          {address.name ? `— گیرنده: ${address.name}` : ''} {address.mobile ? <span dir="ltr">{address.mobile}</span> : null}
        </dd>
        <dt>روش ارسال</dt>
        <dd>{order.shippingTitle}</dd>
        <dt>کد رهگیری سفارش</dt>
        <dd dir="ltr">{order.trackingCode}</dd>
        <dt>تاریخ ثبت</dt>
        <dd>{faDate(order.date)}</dd>
        {order.expiresAt && (
          <>
            <dt>مهلت پرداخت</dt>
            <dd>{faDate(order.expiresAt)}</dd>
          </>
        )}
      </dl>

      <table className="staff-table staff-lines">
        <caption>ردیف‌های سفارش</caption>
        <thead>
          <tr>
            <th scope="col">کالا</th>
            <th scope="col">درخواست مشتری</th>
            <th scope="col">موجودی انبار</th>
            <th scope="col">تعداد</th>
            <th scope="col">قیمت واحد (تومان)</th>
            <th scope="col">موجود است</th>
            <th scope="col">جمع ردیف</th>
            <th scope="col">دلیل تغییر (به مشتری نشان داده می‌شود)</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => {
            const e = edits[l.id]!;
            const n = lineOf(l.id);
            const set = (patch: Partial<Edit>) => setEdits({ ...edits, [l.id]: { ...e, ...patch } });
            const name = l.product.nameFa || l.product.name;
            return (
              <tr key={l.id} data-line={l.id}>
                <th scope="row">
                  <PartText text={name} partNumber={l.product.partNumber} locale="fa" />{' '}
                  <span dir="ltr" className="pn">
                    {l.product.partNumber}
                  </span>
                  {l.reference && (
                    <small className="staff-line__reference">
                      مرجع: <bdi dir="auto">{l.reference}</bdi>
                    </small>
                  )}
                </th>
                <td>{digits.format(l.requestedQuantity)}</td>
                <td className={l.stock !== null && l.stock < n.quantity ? 'short' : undefined}>
                  {l.stock === null ? 'کالا حذف شده' : digits.format(l.stock)}
                </td>
                {awaiting ? (
                  <>
                    <td>
                      <input
                        aria-label={`تعداد ${name}`}
                        type="number"
                        min={0}
                        inputMode="numeric"
                        value={e.quantity}
                        onChange={(ev) => set({ quantity: ev.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`قیمت واحد ${name} به تومان`}
                        type="number"
                        min={0}
                        inputMode="numeric"
                        value={e.priceToman}
                        onChange={(ev) => set({ priceToman: ev.target.value })}
                      />
                    </td>
                    <td>
                      <input
                        aria-label={`${name} موجود است`}
                        type="checkbox"
                        checked={e.available}
                        onChange={(ev) => set({ available: ev.target.checked })}
                      />
                    </td>
                    <td>{formatToman(n.available ? n.quantity * n.unitPrice : 0)}</td>
                    <td>
                      <input
                        aria-label={`دلیل تغییر ${name}`}
                        value={e.note}
                        required={changed(l)}
                        aria-invalid={changed(l) && !e.note.trim()}
                        onChange={(ev) => set({ note: ev.target.value })}
                      />
                    </td>
                  </>
                ) : (
                  <>
                    <td>{digits.format(l.quantity)}</td>
                    <td>{formatToman(l.unitPrice)}</td>
                    <td>{l.available ? 'بله' : 'خیر'}</td>
                    <td>{formatToman(l.lineTotal)}</td>
                    <td>{l.note ?? '—'}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>

      <dl className="staff-totals" aria-live="polite">
        {(live
          ? [
              ['جمع کالاها', live.subtotal],
              ['تخفیف', live.discount],
              ['هزینهٔ ارسال', live.shipping],
              ['مالیات بر ارزش افزوده (درون قیمت)', live.vat],
              ['مبلغ کل (محاسبهٔ تازه)', live.total],
            ]
          : [
              ['جمع کالاها', order.subtotal],
              ['تخفیف', order.discount],
              ['هزینهٔ ارسال', order.shipping],
              ['مالیات بر ارزش افزوده (درون قیمت)', order.vat],
              ['مبلغ کل', order.total],
            ]
        ).map(([label, value]) => (
          <div key={label as string}>
            <dt>{label}</dt>
            <dd data-total={label === 'مبلغ کل (محاسبهٔ تازه)' || label === 'مبلغ کل' ? '' : undefined}>{formatToman(value as number)}</dd>
          </div>
        ))}
      </dl>

      {awaiting && (
        <fieldset className="staff-answer">
          <legend>پاسخ به استعلام</legend>
          <label>
            یادداشت برای مشتری (اختیاری؛ در پیش‌فاکتور و پیام‌ها){' '}
            <textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} />
          </label>
          <p>
            <button
              type="button"
              disabled={busy}
              data-action="confirm"
              onClick={() =>
                void act(
                  () =>
                    call('POST', '/staff/orders/{id}/confirm', {
                      params: { id: order.id },
                      body: {
                        lines: order.lines.map((l) => ({
                          id: l.id,
                          ...lineOf(l.id),
                          ...(edits[l.id]!.note.trim() ? { note: edits[l.id]!.note.trim() } : {}),
                        })),
                        ...(note.trim() ? { note: note.trim() } : {}),
                      },
                    }),
                  'پیش‌فاکتور صادر شد.',
                )
              }
            >
              تأیید و صدور پیش‌فاکتور
            </button>{' '}
            <button
              type="button"
              disabled={busy}
              data-action="contact"
              onClick={() =>
                void act(
                  () =>
                    call('POST', '/staff/orders/{id}/contact', {
                      params: { id: order.id },
                      body: note.trim() ? { note: note.trim() } : {},
                    }),
                  'از مشتری خواسته شد با فروشگاه تماس بگیرد.',
                )
              }
            >
              درخواست تماس با فروشگاه
            </button>{' '}
            <button
              type="button"
              disabled={busy}
              data-action="reject"
              onClick={() =>
                void act(
                  () =>
                    call('POST', '/staff/orders/{id}/reject', { params: { id: order.id }, body: note.trim() ? { note: note.trim() } : {} }),
                  'استعلام رد شد.',
                )
              }
            >
              رد استعلام
            </button>
          </p>
        </fieldset>
      )}

      {order.state === 'paid' && (
        <ShippingForm
          order={order}
          busy={busy}
          onSave={(body) =>
            act(() => call('POST', '/staff/orders/{id}/shipping', { params: { id: order.id }, body }), 'وضعیت ارسال ثبت شد.')
          }
        />
      )}

      {order.payments.length > 0 && (
        <table className="staff-table">
          <caption>پرداخت‌های اینترنتی</caption>
          <thead>
            <tr>
              <th scope="col">درگاه</th>
              <th scope="col">مبلغ</th>
              <th scope="col">وضعیت پرداخت</th>
              <th scope="col">کد مرجع بانک</th>
              <th scope="col">زمان</th>
            </tr>
          </thead>
          <tbody>
            {order.payments.map((p) => (
              <tr key={p.id}>
                <td>{GATEWAY_FA[p.gateway] ?? p.gateway}</td>
                <td>{formatToman(p.amount)}</td>
                <td>{PAYMENT_STATE_FA[p.status] ?? p.status}</td>
                <td dir="ltr">{p.refId ?? '—'}</td>
                <td>{faDate(p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h3>تاریخچهٔ سفارش</h3>
      <ol className="staff-timeline">
        {order.timeline.map((t) => (
          <li key={t.id} data-verb={t.verb}>
            <time dateTime={t.at}>{faDate(t.at)}</time> — <strong>{t.verbLabel}</strong>
            {t.fromLabel && t.fromLabel !== t.toLabel ? (
              <>
                {' '}
                ({t.fromLabel} ← {t.toLabel})
              </>
            ) : (
              <> ({t.toLabel})</>
            )}{' '}
            — {t.actorLabel}
            {t.actor ? (
              <>
                {' '}
                <span dir="ltr">{t.actor}</span>
              </>
            ) : null}
            {t.reason ? <> — {t.reason}</> : null}
          </li>
        ))}
      </ol>

      <p className="no-print">
        <button type="button" onClick={() => window.print()}>
          چاپ برگهٔ بسته‌بندی
        </button>
      </p>
      <PackingSlip order={order} addressText={addressText} />
    </section>
  );
}

function ShippingForm({
  order,
  busy,
  onSave,
}: {
  order: StaffOrderDetail;
  busy: boolean;
  onSave(body: ApiBody<'POST', '/staff/orders/{id}/shipping'>): void;
}) {
  // Never preselected: the clerk says what happened, the form does not guess it.
  const [status, setStatus] = useState('');
  const [carrier, setCarrier] = useState(order.shippingDescription ?? order.shippingTitle);
  const [code, setCode] = useState(order.shippingTrackingCode ?? '');
  return (
    <form
      className="staff-shipping"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({
          shippingStatus: status,
          shippingDescription: carrier.trim() || undefined,
          shippingTrackingCode: code.trim() || undefined,
        } as ApiBody<'POST', '/staff/orders/{id}/shipping'>);
      }}
    >
      <fieldset>
        <legend>ارسال — اکنون: {SHIPPING_FA[order.shippingStatus] ?? order.shippingStatus}</legend>
        <label>
          وضعیت تازهٔ ارسال{' '}
          <select required value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="" disabled>
              — انتخاب کنید —
            </option>
            {Object.entries(SHIPPING_FA).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label>
          شرکت حمل <input value={carrier} onChange={(e) => setCarrier(e.target.value)} maxLength={500} />
        </label>
        <label>
          کد رهگیری مرسوله{' '}
          <input dir="ltr" value={code} required={status === 'shipped'} onChange={(e) => setCode(e.target.value)} maxLength={60} />
        </label>
        <button type="submit" disabled={busy || !status}>
          ثبت ارسال
        </button>
      </fieldset>
    </form>
  );
}

/** What goes into the parcel: shown on screen under the order, and alone on paper (print CSS). */
function PackingSlip({ order, addressText }: { order: StaffOrderDetail; addressText: string }) {
  const address = order.address as { name?: string; mobile?: string; postCode?: string };
  return (
    <article className="packing-slip" aria-label="برگهٔ بسته‌بندی">
      <h3>
        برگهٔ بسته‌بندی — سفارش <span dir="ltr">{order.factorNumber}</span>
      </h3>
      <p>
        گیرنده: {address.name ?? order.customer?.name} — <span dir="ltr">{address.mobile ?? order.customer?.mobile}</span>
      </p>
      <p>
        نشانی: {addressText}
        {address.postCode ? (
          <>
            {' '}
            — کد پستی <span dir="ltr">{address.postCode}</span>
          </>
        ) : null}
      </p>
      <p>
        روش ارسال: {order.shippingTitle}
        {order.shippingTrackingCode ? (
          <>
            {' '}
            — کد رهگیری مرسوله <span dir="ltr">{order.shippingTrackingCode}</span>
          </>
        ) : null}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">ردیف</th>
            <th scope="col">کالا</th>
            <th scope="col">شمارهٔ فنی</th>
            <th scope="col">تعداد</th>
            <th scope="col">برداشته شد</th>
          </tr>
        </thead>
        <tbody>
          {order.lines
            .filter((l) => l.available && l.quantity > 0)
            .map((l, i) => (
              <tr key={l.id}>
                <td>{digits.format(i + 1)}</td>
                <td>
                  <PartText text={l.product.nameFa || l.product.name} partNumber={l.product.partNumber} locale="fa" />
                </td>
                <td dir="ltr">
                  {l.product.partNumber}
                  {l.reference && (
                    <>
                      {' '}
                      — <bdi dir="auto">{l.reference}</bdi>
                    </>
                  )}
                </td>
                <td>{digits.format(l.quantity)}</td>
                <td>☐</td>
              </tr>
            ))}
        </tbody>
      </table>
      {order.customerNote && <p>یادداشت مشتری: {order.customerNote}</p>}
    </article>
  );
}
