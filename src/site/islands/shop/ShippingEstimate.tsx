/** The cart's shipping estimate: each method's cost for the goods now in the cart, and how much more makes courier or post free. */
import { shippingQuotes } from '../../../lib/shipping';
import { freeShippingSentence, untilFreeSentences } from '../../../lib/shipping-terms';
import { checkoutTexts } from './checkout-texts';
import { shopTexts, toman, type ShopLocale } from './texts';
import { ratesOf, type CheckoutOptions } from './useCheckoutOptions';

export function ShippingEstimate({ goods, options, locale }: { goods: number; options: CheckoutOptions; locale: ShopLocale }) {
  const t = shopTexts(locale);
  const c = checkoutTexts(locale);
  const rates = ratesOf(options);
  const quotes = shippingQuotes(
    goods,
    options.shippingMethods.map((m) => m.id),
    rates,
  );
  const cityShown = locale === 'fa' ? options.storeCity : options.storeCityEn;
  const until = untilFreeSentences(goods, rates, cityShown, locale);
  return (
    <section className="shipping-estimate" aria-label={c.shippingEstimate} data-testid="shipping-estimate">
      <h2>{c.shippingEstimate}</h2>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">{c.method}</th>
            <th scope="col">{c.shippingCost}</th>
            <th scope="col">{c.grandTotal}</th>
          </tr>
        </thead>
        <tbody>
          {quotes.map((q) => {
            const m = options.shippingMethods.find((x) => x.id === q.method)!;
            return (
              <tr key={q.method} data-method={q.method}>
                <th scope="row">
                  {locale === 'fa' ? m.title : m.titleEn}
                  {m.storeCityOnly && <small> — {c.storeCityOnly(cityShown)}</small>}
                </th>
                <td>{q.cost === 0 ? t.free : toman(locale, q.cost)}</td>
                <td>{toman(locale, q.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {until.length > 0 && (
        <ul className="shipping-estimate__until" data-testid="until-free">
          {until.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ul>
      )}
      <p className="shipping-terms">{freeShippingSentence(rates, cityShown, locale)}</p>
    </section>
  );
}
