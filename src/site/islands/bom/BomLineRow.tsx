/** One parts-list line in the result table: tick, match, chosen part with its alternatives, price, notes. */
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
}

export function BomLineRow({ locale, line, boards, outcome, onPick, onTick }: Props) {
  const t = bomTexts(locale);
  const product = line.product;
  const name = (p: NonNullable<BomLineView['product']>) => (locale === 'fa' ? p.displayName : p.name);
  const percent = `${num(locale, Math.round(line.confidence * 100))}${locale === 'fa' ? '٪' : '%'}`;
  return (
    <tr data-line={line.lineNo} data-status={line.status} className={`bom-line bom-line--${line.status}`}>
      <td>
        <input type="checkbox" checked={line.selected && product !== null} disabled={product === null}
          aria-label={`${t.choose} ${line.partNumber}`} onChange={(e) => onTick(e.currentTarget.checked)} />
      </td>
      <td>{num(locale, line.lineNo)}</td>
      <td>
        <span dir="ltr" className="pn">{line.partNumber}</span>
        {line.designators && <small className="bom-designators" dir="ltr">{line.designators}</small>}
      </td>
      <td>
        <span className={`bom-status bom-status--${line.status}`} data-testid="line-status">{t.status[line.status]}</span>
        {line.status !== 'unmatched' && <small className="bom-confidence"> {t.confidence} {percent}</small>}
        {product && (
          <div className="bom-chosen">
            <a href={pathIn(locale, `/shop/products/${product.slug}`)}>{name(product)}</a>{' '}
            <span dir="ltr" className="pn" data-testid="chosen-pn">{product.partNumber}</span>
          </div>
        )}
        {line.alternatives.length > 0 && (
          <select className="bom-alternatives" aria-label={t.alternatives} value=""
            onChange={(e) => { const id = Number(e.currentTarget.value); if (id) onPick(id); }}>
            <option value="">{t.pickAlternative}</option>
            {line.alternatives.map((a) => (
              <option key={a.id} value={a.id}>{`${a.partNumber} — ${name(a)}`}</option>
            ))}
          </select>
        )}
      </td>
      <td>
        <span>{num(locale, line.quantity)}</span>
        {boards > 1 && <small className="bom-per-board"> ({t.perBoard(num(locale, line.quantityPerBoard), num(locale, boards))})</small>}
        {line.orderQuantity !== null && line.orderQuantity !== line.quantity && (
          <div className="bom-order-qty">{t.orderQuantity}: {num(locale, line.orderQuantity)}</div>
        )}
      </td>
      <td>{line.unitPrice === null ? t.noPrice : toman(locale, line.unitPrice)}</td>
      <td data-testid="line-total">{line.lineTotal === null ? t.noPrice : toman(locale, line.lineTotal)}</td>
      <td>
        {line.notes.length > 0 && <ul className="bom-notes">{line.notes.map((n, i) => <li key={i}>{n}</li>)}</ul>}
        {outcome && <p className={`bom-outcome bom-outcome--${outcome.outcome}`} data-testid="line-outcome">{outcome.message}</p>}
      </td>
    </tr>
  );
}
