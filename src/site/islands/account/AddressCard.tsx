import type { AddressView } from '../../../api/schemas/account';
import { accountTexts, digits, pathIn, type AccountLocale } from './texts';

export function AddressCard({ locale, address, onDelete }: { locale: AccountLocale; address: AddressView; onDelete?: () => void }) {
  const t = accountTexts(locale);
  return (
    <article className={`address-card${address.default ? ' address-card--default' : ''}`} data-address-id={address.id}>
      {address.default && <span className="address-card__badge">{t.default}</span>}
      <h3>{address.name}</h3>
      <p>
        {address.province.name}
        {locale === 'fa' ? '، ' : ', '}
        {address.city.name}
      </p>
      <p>{address.address}</p>
      <p className="muted">
        {t.postCode}: <span dir="ltr">{digits(locale, address.postCode)}</span>
      </p>
      <p className="muted">
        {t.mobile}: <span dir="ltr">{digits(locale, address.mobile)}</span>
      </p>
      {onDelete && (
        <p className="address-card__actions">
          <a href={pathIn(locale, `/account/addresses/${address.id}`)}>{t.edit}</a>
          <button type="button" className="linklike" onClick={onDelete}>
            {t.delete}
          </button>
        </p>
      )}
    </article>
  );
}
