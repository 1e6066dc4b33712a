/**
 * The product gallery (spec §2): the picture at 400×400 with a hover zoom, thumbnails when there is
 * more than one, and a full-screen viewer (PhotoSwipe, background opacity 0.9 per spec §9) that is
 * downloaded only when the shopper opens it. The index follows the thumbnail or slide chosen. Its
 * labels come from the page in the page's language (product/texts.ts), so no text table ships.
 */
import { useRef, useState } from 'react';
import type { Locale } from '../ui/locale';
import { fill } from '../ui/fill';
import { variantFor, variantSrcSet, type ImageVariant } from '../../../lib/responsive-image';
import type { ProductTexts } from './texts';
import './product.css';
// In the page's own (inlined) CSS: a dynamic CSS import would ask for a file the inlining build no longer writes.
import 'photoswipe/style.css';

interface Image {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  variants?: ImageVariant[];
}

/** The main picture is 400 CSS px wide, the whole column on a phone. */
const MAIN_SIZES = '(max-width: 480px) 100vw, 400px';
export type GalleryLabels = Pick<ProductTexts, 'gallery' | 'openViewer' | 'imageOf' | 'closeViewer'>;
interface Props {
  locale: Locale;
  images: Image[];
  partNumber: string;
  note: string;
  labels: GalleryLabels;
}

/** Full-screen size: our illustrations are SVG and scale freely; photos keep their own size. */
const viewerSize = (img: Image) => ({ w: Math.max(img.width ?? 1200, 1200), h: Math.max(img.height ?? 1200, 1200) });

export default function Gallery({ locale, images, partNumber, note, labels: t }: Props) {
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const main = useRef<HTMLButtonElement>(null);
  const image = images[index];

  const openViewer = async () => {
    const { default: PhotoSwipe } = await import('photoswipe');
    const pswp = new PhotoSwipe({
      dataSource: images.map((img) => ({
        src: img.src,
        alt: img.alt || partNumber,
        ...(img.src.endsWith('.svg') ? viewerSize(img) : { w: img.width ?? 1200, h: img.height ?? 1200 }),
        // An upload's copies let the viewer pick the size the screen needs too.
        ...(img.variants?.length ? { srcset: variantSrcSet(img.variants, 'webp') } : {}),
      })),
      index,
      bgOpacity: 0.9,
      closeTitle: t.closeViewer,
      returnFocus: true,
    });
    pswp.on('change', () => setIndex(pswp.currIndex));
    pswp.on('destroy', () => main.current?.focus());
    pswp.init();
  };

  if (!image) return <p className="product__note">{note}</p>;
  return (
    <div className="gallery" aria-label={t.gallery} role="group">
      <button
        ref={main}
        type="button"
        className="gallery__main"
        aria-label={t.openViewer}
        onClick={openViewer}
        onMouseMove={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          setZoom({ x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 });
        }}
        onMouseLeave={() => setZoom(null)}
      >
        <picture>
          {image.variants?.length ? (
            <>
              <source type="image/avif" srcSet={variantSrcSet(image.variants, 'avif')} sizes={MAIN_SIZES} />
              <source type="image/webp" srcSet={variantSrcSet(image.variants, 'webp')} sizes={MAIN_SIZES} />
            </>
          ) : null}
          <img
            src={image.src}
            alt={image.alt || partNumber}
            width="400"
            height="400"
            loading="eager"
            fetchPriority="high"
            style={zoom ? { transform: 'scale(2)', transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          />
        </picture>
        <span className="gallery__hint" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18">
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
      </button>
      {images.length > 1 && (
        <ul className="gallery__thumbs">
          {images.map((img, i) => (
            <li key={img.src}>
              <button
                type="button"
                aria-current={i === index}
                aria-label={fill(t.imageOf, { n: i + 1, total: images.length }, locale)}
                onClick={() => setIndex(i)}
              >
                <img
                  src={img.variants?.length ? variantFor(img.variants, 64)!.webp : img.src}
                  alt=""
                  width="64"
                  height="64"
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="product__note">{note}</p>
    </div>
  );
}
