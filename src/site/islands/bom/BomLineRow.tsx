/**
 * One parts-list line in the result table: tick, match (and whether it needs review, and why), chosen
 * part with its quality and its alternatives (each saying how it differs), price, notes; for the
 * upload's owner, editing the line's text or quantity and deleting it.
 */
import { useState } from 'react';
import type { BomLineView, MoveUploadResponse } from '../../../api/schemas/bom';
import { num, pathIn, toman, type ShopLocale } from '../shop/texts';
import { bomTexts } from './texts';

interface Props {
  locale: ShopLocale;
  line: BomLineView;
  boards: number;
  outcome?: MoveUploadResponse['lines'][number];
  onPick(productId: number): void;
  onTick(selected: boolean): void;
  /** Only for the upload's owner. */
  onEdit?(change: { text?: string; quantity?: number }): void;
  onDelete?(): void;
}

export function BomLineRow({ locale, line, boards, outcome, onPick, onTick, onEdit, onDelete }: Props) {
  const t = bomTexts(locale);
  const [editing, setEditing] = useState(false);
  const differs = new Map(line.differences.map((d) => [d.productId, d.text]));
  const product = line.product;
  const name = (p: NonNullable<BomLineView['product']>) => (locale === 'fa' ? p.displayName : p.name);
  const percent = `${num(locale, Math.round(line.confidence * 100))}${locale === 'fa' ? '٪' : '%'}`;
  return (
    <tr data-line={line.lineNo} data-status={line.status} className={`bom-line bom-line--${line.status}`}>
      <td>
        <input
          type="checkbox"
          checked={line.selected && product !== null}
          disabled={product === null}
          aria-label={`${t.choose} ${line.partNumber}`}
          onChange={(e) => onTick(e.currentTarget.checked)}
        />
      </td>
      <td>{num(locale, line.lineNo)}</td>
      <td>
        {editing && onEdit ? (
          <form
            className="bom-edit"
            onSubmit={(e) => {
              e.preventDefault();
              const form = new FormData(e.currentTarget);
              const text = String(form.get('text') ?? '').trim();
              const quantity = Number(form.get('quantity'));
              onEdit({
                ...(text && text !== line.partNumber ? { text } : {}),
                ...(quantity > 0 && quantity !== line.quantityPerBoard ? { quantity } : {}),
              });
              setEditing(false);
            }}
          >
            <input name="text" defaultValue={line.partNumber} aria-label={t.lineText} dir="ltr" maxLength={200} />
            <input name="quantity" type="number" min={1} defaultValue={line.quantityPerBoard} aria-label={t.quantity} dir="ltr" />
            <button type="submit" className="link-button">
              {t.save}
            </button>
          </form>
        ) : (
          <span dir="ltr" className="pn">
            <bdi>{line.partNumber}</bdi>
          </span>
        )}
        {line.asked.maker && (
          <small className="bom-maker" dir="ltr">
            {' '}
            {line.asked.maker}
          </small>
        )}
        {line.designators && (
          <small className="bom-designators" dir="ltr">
            {line.designators}
          </small>
        )}
        {line.asked.reference && (
          <small className="bom-reference" dir="ltr">
            {line.asked.reference}
          </small>
        )}
        {onEdit && !editing && (
          <button type="button" className="link-button" onClick={() => setEditing(true)} data-testid="line-edit">
            {t.edit}
          </button>
        )}
        {onDelete && (
          <button type="button" className="link-button" onClick={onDelete} data-testid="line-delete">
            {t.remove}
          </button>
        )}
      </td>
      <td>
        <span className={`bom-status bom-status--${line.status}`} data-testid="line-status">
          {t.status[line.status]}
        </span>
        {line.status !== 'unmatched' && (
          <small className="bom-confidence">
            {' '}
            {t.confidence} {percent}
          </small>
        )}
        {line.needsReview && (
          <span className="bom-review" data-testid="line-review">
            {' '}
            {t.needsReview}
          </span>
        )}
        {line.shortfall && (
          <span className="bom-shortfall" data-testid="line-shortfall">
            {' '}
            {t.shortfall}
          </span>
        )}
        {product && (
          <div className="bom-chosen">
            <a href={pathIn(locale, `/shop/products/${product.slug}`)}>{name(product)}</a>{' '}
            <span dir="ltr" className="pn" data-testid="chosen-pn">
              {product.partNumber}
            </span>
            {product.quality && (
              <small className={`bom-quality bom-quality--${product.quality}`} data-testid="chosen-quality">
                {' '}
                {t.quality[product.quality] ?? product.quality}
              </small>
            )}
          </div>
        )}
        {line.reviewReasons.length > 0 && (
          <ul className="bom-notes bom-review-reasons">
            {line.reviewReasons.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        )}
        {line.alternatives.length > 0 && (
          <select
            className="bom-alternatives"
            aria-label={t.alternatives}
            value=""
            onChange={(e) => {
              const id = Number(e.currentTarget.value);
              if (id) onPick(id);
            }}
          >
            <option value="">{t.pickAlternative}</option>
            {line.alternatives.map((a) => (
              <option key={a.id} value={a.id}>
                {`${a.partNumber} — ${name(a)}${a.quality ? ` (${t.quality[a.quality] ?? a.quality})` : ''}${differs.get(a.id) ? ` — ${t.differs}: ${differs.get(a.id)}` : ''}`}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>
        <span>{num(locale, line.quantity)}</span>
        {boards > 1 && <small className="bom-per-board"> ({t.perBoard(num(locale, line.quantityPerBoard), num(locale, boards))})</small>}
        {line.orderQuantity !== null && line.orderQuantity !== line.quantity && (
          <div className="bom-order-qty">
            {t.orderQuantity}: {num(locale, line.orderQuantity)}
          </div>
        )}
      </td>
      <td>{line.unitPrice === null ? t.noPrice : toman(locale, line.unitPrice)}</td>
      <td data-testid="line-total">{line.lineTotal === null ? t.noPrice : toman(locale, line.lineTotal)}</td>
      <td>
        {line.notes.length > 0 && (
          <ul className="bom-notes">
            {line.notes.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        )}
        {outcome && (
          <p className={`bom-outcome bom-outcome--${outcome.outcome}`} data-testid="line-outcome">
            {outcome.message}
          </p>
        )}
      </td>
    </tr>
  );
}
