/**
 * Swiper with only the module a carousel uses (Autoplay). Imported dynamically by Carousel and the
 * home rows, and statically here, so the bundle keeps the core and that one module rather than every
 * module the `swiper/modules` barrel re-exports. Its stylesheet is imported by those callers, so it
 * is part of their page's CSS and this chunk asks for no stylesheet of its own.
 */
import Swiper from 'swiper';
import { Autoplay } from 'swiper/modules';

export function createSwiper(el: HTMLElement, autoplay: boolean): Swiper {
  return new Swiper(el, {
    modules: autoplay ? [Autoplay] : [],
    slidesPerView: 'auto',
    spaceBetween: 16,
    watchOverflow: true,
    ...(autoplay ? { autoplay: { delay: 5000, pauseOnMouseEnter: true, disableOnInteraction: true } } : {}),
  });
}
