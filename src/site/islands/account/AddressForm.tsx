import { useEffect, useState } from 'react';
import type { AddressView } from '../../../api/schemas/account';
import { call, type ApiBody } from '../ui/api';
import { ErrorSummary, Field } from './Form';
import { LocationMap, type Point } from './LocationMap';
import { accountTexts, digits, pathIn, type AccountLocale } from './texts';
import { useCustomer } from './useCustomer';
import { useSubmit } from './useSubmit';

interface Place {
  id: number;
  name: string;
}

/** /account/addresses/create and /account/addresses/{id}: the address fields, province → city, map point. */
export default function AddressForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const user = useCustomer(locale);
  const idText = typeof location === 'undefined' ? 'create' : (location.pathname.split('/').filter(Boolean).pop() ?? 'create');
  const id = idText === 'create' ? null : /^\d+$/.test(idText) ? Number(idText) : NaN;
  const [existing, setExisting] = useState<AddressView | null | 'missing'>(null);
  const [provinces, setProvinces] = useState<Place[]>([]);
  const [provinceId, setProvinceId] = useState<number | ''>('');
  const [cities, setCities] = useState<Place[]>([]);
  const [cityId, setCityId] = useState<number | ''>('');
  const [point, setPoint] = useState<Point | null>(null);

  useEffect(() => {
    if (!user) return;
    call('GET', '/dashboard/getProvince').then((r) => setProvinces(r.data));
    if (id === null) return;
    if (Number.isNaN(id)) {
      setExisting('missing');
      return;
    }
    call('GET', '/dashboard/address/{id}', { params: { id } })
      .then((r) => {
        setExisting(r.data);
        setProvinceId(r.data.province.id);
        setCityId(r.data.city.id);
        if (r.data.latitude !== null && r.data.longitude !== null) setPoint({ lat: r.data.latitude, lng: r.data.longitude });
      })
      .catch(() => setExisting('missing'));
  }, [user]);

  useEffect(() => {
    if (provinceId === '') return setCities([]);
    call('GET', '/dashboard/province/{id}', { params: { id: provinceId } }).then((r) => setCities(r.data.cities));
  }, [provinceId]);

  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    const body = { ...v, latitude: point?.lat ?? null, longitude: point?.lng ?? null };
    if (id === null) await call('POST', '/dashboard/address', { body: body as ApiBody<'POST', '/dashboard/address'> });
    else await call('PUT', '/dashboard/address/{id}', { params: { id }, body: body as ApiBody<'PUT', '/dashboard/address/{id}'> });
    location.assign(pathIn(locale, '/account/addresses'));
  });

  if (!user || (id !== null && existing === null)) return <p>{t.loading}</p>;
  if (existing === 'missing')
    return (
      <p>
        {t.notFound} <a href={pathIn(locale, '/account/addresses')}>{t.back}</a>
      </p>
    );
  const a = existing;
  return (
    <form className="account-form account-form--wide" onSubmit={onSubmit} noValidate>
      <ErrorSummary t={t} errors={errors} message={message} />
      <div className="account-grid">
        <Field name="name" label={t.addressName} errors={errors} required value={a?.name} maxLength={100} />
        <Field
          name="mobile"
          label={t.mobile}
          type="tel"
          errors={errors}
          required
          value={a?.mobile ?? user.mobile}
          dir="ltr"
          maxLength={20}
        />
        <Field name="phone" label={t.phone} type="tel" errors={errors} value={a?.phone ?? ''} dir="ltr" maxLength={20} />
        <Field name="postCode" label={t.postCode} errors={errors} required value={a?.postCode} dir="ltr" maxLength={12} />
        <div className={`account-field${errors.province_id ? ' account-field--invalid' : ''}`}>
          <label htmlFor="f-province_id">{t.province} *</label>
          <select
            id="f-province_id"
            name="province_id"
            required
            value={provinceId}
            onChange={(e) => {
              setProvinceId(e.target.value ? Number(e.target.value) : '');
              setCityId('');
            }}
          >
            <option value="">{t.choose}</option>
            {provinces.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {errors.province_id && <span className="account-field__error">{errors.province_id[0]}</span>}
        </div>
        <div className={`account-field${errors.city_id ? ' account-field--invalid' : ''}`}>
          <label htmlFor="f-city_id">{t.city} *</label>
          <select
            id="f-city_id"
            name="city_id"
            required
            value={cityId}
            onChange={(e) => setCityId(e.target.value ? Number(e.target.value) : '')}
          >
            <option value="">{t.choose}</option>
            {cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.city_id && <span className="account-field__error">{errors.city_id[0]}</span>}
        </div>
      </div>
      <Field name="address" label={t.addressLine} errors={errors} required value={a?.address} maxLength={500} />
      <Field name="description" label={t.description} errors={errors} value={a?.description ?? ''} maxLength={500} />
      <p className="muted">{t.mapHint}</p>
      <LocationMap value={point} onPick={setPoint} label={t.mapHint} />
      <p data-testid="map-point">
        {point ? (
          <>
            {t.mapPoint}: <span dir="ltr">{digits(locale, `${point.lat}, ${point.lng}`)}</span>
          </>
        ) : null}
      </p>
      <label className="account-check">
        <input type="checkbox" name="default" defaultChecked={a?.default ?? false} /> {t.makeDefault}
      </label>
      <button className="button" type="submit" disabled={busy}>
        {t.save}
      </button>
    </form>
  );
}
