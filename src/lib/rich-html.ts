/**
 * The one allow-list for HTML that staff, imports or seeds put into the shop (product specification and
 * long description, store pages, blog posts). Run before the HTML is stored and again where a page
 * renders it, so a row written around the writers (SQL by hand, an old database) is still made safe.
 * Built on sanitize-html (a maintained parser-based sanitiser): what is not listed is dropped — scripts
 * and styles with their content, event handlers, style attributes, svg/math, forms, frames — and links
 * keep only http(s), mailto and tel addresses.
 */
import sanitizeHtml from 'sanitize-html';

const TAGS = [
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'pre',
  'code',
  'div',
  'span',
  'bdi',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'figure',
  'figcaption',
];

/** Images only from the shop's own media folder: no tracking pixels or hot-linked pictures. */
export const RICH_HTML_IMAGE_PREFIX = '/media/';

const isOwnMedia = (src: string) => src.startsWith(RICH_HTML_IMAGE_PREFIX) && !src.includes('..') && !src.includes('\\');
const isExternal = (href: string) => /^(https?:)?\/\//i.test(href);

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    '*': ['dir', 'lang', 'title'],
    a: ['href', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Content of these is dropped with the tag (a <script> leaves no text behind either).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'template', 'iframe', 'object', 'title'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links to other sites open as plain links that pass no referrer or authority to them.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const rest = { ...attribs };
      delete rest.rel;
      return { tagName, attribs: isExternal(href) ? { ...rest, rel: 'nofollow noopener noreferrer' } : rest };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnMedia(frame.attribs.src ?? ''),
};

/** The HTML with everything outside the shop's allow-list removed; null stays null. */
export function sanitiseRichHtml(html: string): string;
export function sanitiseRichHtml(html: string | null | undefined): string | null;
export function sanitiseRichHtml(html: string | null | undefined): string | null {
  if (html == null) return null;
  return sanitizeHtml(html, OPTIONS);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The words of stored rich HTML, for a meta description or a summary: what the allow-list keeps, its
 * tags turned into spaces (so script or style text never shows up in it), entities read back.
 */
export function richHtmlText(html: string): string {
  return sanitiseRichHtml(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}
