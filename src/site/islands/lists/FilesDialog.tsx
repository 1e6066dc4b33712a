/**
 * Footprint files or application notes of a product (spec §2 "Modals"): each group's label with its
 * files (link and date). The footprint list ends with the add-footprint button: the shop has no
 * footprint upload for shoppers, so it opens the contact form with a request for this part filled in
 * (subject and comment query parameters) — the store adds the file and it appears here for everyone.
 */
import type { Product } from '../../../api/schemas/catalogue';
import { formatDate } from '../../format';
import { fill } from '../ui/texts';
import { pathIn, productPath, type Locale } from '../ui/locale';
import { Dialog } from './Dialog';
import { listTexts } from './texts';

export type FilesKind = 'footprint' | 'applicationnote';
type FilesProduct = Pick<Product, 'slug' | 'partNumber' | 'footprints' | 'applicationnotes'>;

/** The contact form asking the store for this part's footprint. */
export function addFootprintUrl(product: Pick<Product, 'slug' | 'partNumber'>, locale: Locale): string {
  const t = listTexts(locale);
  const page = location.origin + productPath(locale, product.slug);
  const q = new URLSearchParams({
    subject: fill(t.footprintSubject, { pn: product.partNumber }, 'en'),
    comment: fill(t.footprintComment, { pn: product.partNumber, url: page }, 'en'),
  });
  return `${pathIn(locale, '/site/contact-us')}?${q}#contact-form`;
}

export function FilesList({ product, kind, locale }: { product: FilesProduct; kind: FilesKind; locale: Locale }) {
  const t = listTexts(locale);
  const groups = kind === 'footprint' ? product.footprints : product.applicationnotes;
  const files = groups.flatMap((g) =>
    g.attaches.map((a, n) => ({
      key: `${g.label}-${g.labelEn}-${n}`,
      // English and Russian pages show the English title; without one the Persian title, marked as Persian.
      label: locale === 'fa' ? g.label : (g.labelEn ?? g.label),
      persianOnly: locale !== 'fa' && !g.labelEn,
      href: a.file ?? a.fileLink,
      date: a.created_at,
    })),
  );
  return (
    <div className="files-list" data-testid={`files-${kind}`}>
      {files.length === 0 ? (
        <p className="muted">{kind === 'footprint' ? t.noFootprints : t.noApplicationnotes}</p>
      ) : (
        <table className="files-table">
          <thead>
            <tr>
              <th scope="col">{t.file}</th>
              <th scope="col">{t.date}</th>
              <th scope="col">
                <span className="visually-hidden">{t.download}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.key}>
                <td dir="auto" lang={f.persianOnly ? 'fa' : undefined}>
                  {f.label}
                </td>
                <td>{formatDate(f.date, locale)}</td>
                <td>
                  {f.href ? (
                    <a href={f.href} target="_blank" rel="noopener" download>
                      {t.download}
                    </a>
                  ) : (
                    t.none
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {kind === 'footprint' && (
        <p className="files-list__add">
          <span className="muted">{t.addFootprintHint}</span>{' '}
          <a className="button button--outline" href={addFootprintUrl(product, locale)} data-testid="add-footprint">
            {t.addFootprint}
          </a>
        </p>
      )}
    </div>
  );
}

export function FilesDialog({
  product,
  kind,
  locale,
  onClose,
  returnFocus,
}: {
  product: FilesProduct;
  kind: FilesKind;
  locale: Locale;
  onClose: () => void;
  returnFocus?: HTMLElement | null;
}) {
  const t = listTexts(locale);
  return (
    <Dialog
      title={`${kind === 'footprint' ? t.footprints : t.applicationnotes} — ${product.partNumber}`}
      onClose={onClose}
      closeLabel={t.close}
      returnFocus={returnFocus}
      testId={`${kind}-dialog`}
    >
      <FilesList product={product} kind={kind} locale={locale} />
    </Dialog>
  );
}
