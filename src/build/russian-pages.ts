/**
 * The Russian storefront is a stub that shows English texts (locales/ru.json holds only a handful
 * of keys), so a Russian product page is its English page with the language swapped: `lang="ru"`,
 * links into /ru, canonical and og:url on /ru, og:locale ru_RU, the islands told `locale: "ru"`, the
 * language switcher marking Russian. Rendering 100k pages through Astro a third time costs minutes;
 * this transform costs a string pass. Hreflang alternates and the switcher's English link keep
 * pointing at /en, as they do on a rendered Russian page.
 *
 * The transform only holds while Russian renders like English: every full build renders a few
 * Russian product pages through Astro as well and compares (`sameExceptIslandIds`); when someone
 * adds Russian texts that a product page shows, the comparison fails and the build renders every
 * Russian page through Astro again (src/build/site.ts).
 */
import { LANGUAGE_TAGS, translator } from '../site/i18n';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Tags the transform may change: the root, Open Graph locales, the language switcher, islands and
 * lazily hydrated panels (their locale prop), and any tag holding an English address or a link to
 * the Russian page. A tag outside this set passes through untouched.
 */
const CANDIDATE_TAG =
  /<(?:html\b|meta property="og:locale|nav class="lang-switch"|astro-island\b)[^>]*>|<[a-zA-Z][^>]*?(?:\/en|%2Fen|hreflang="ru"|data-props=")[^>]*>/gi;

/** What a rendered Russian page says where English says something else (besides links and lang). */
function switchLabels() {
  return { en: translator('en')('lang.switch'), ru: translator('ru')('lang.switch') };
}

/** The transform of one stretch of a page (cut at tag boundaries) for one site origin. */
function pageRules(site: string): (html: string) => string {
  const origin = escapeRegExp(site.replace(/\/+$/, ''));
  const labels = switchLabels();
  // Tags that must keep their English address: hreflang alternates and the switcher's English link.
  const keepsEnglish = (tag: string) => /\bhreflang="en"/.test(tag);
  // Site-relative ("/en", "/en/…") and absolute ("https://shop/en…") addresses in attributes and JSON-LD.
  const relative = /(=")\/en(?=["/?#])/g;
  const absolute = new RegExp(`(${origin})/en(?=["/?#\\\\])`, 'g');
  // The same address inside a query string (a "request a footprint" link quotes the page's address).
  const encodedOrigin = escapeRegExp(encodeURIComponent(site.replace(/\/+$/, '')));
  const encoded = new RegExp(`(${encodedOrigin})%2Fen(?=%2F|%3F|%23|%29|["&+]|$)`, 'gi');

  return (html) => {
    // Only tags the rules below can change are visited: most of a page's tags hold none of these.
    const out = html.replace(CANDIDATE_TAG, (tag) => {
      if (keepsEnglish(tag)) {
        // The switcher's English entry loses aria-current; its Russian entry gains it below.
        return tag.replace(/ aria-current="true"/, '');
      }
      let t = tag.replace(relative, '$1/ru').replace(absolute, '$1/ru').replace(encoded, '$1%2Fru');
      if (t.startsWith('<html')) t = t.replace(/\blang="en"/, 'lang="ru"');
      else if (t.startsWith('<meta property="og:locale" ')) t = t.replace('content="en_US"', 'content="ru_RU"');
      else if (t.startsWith('<meta property="og:locale:alternate" ')) t = t.replace('content="ru_RU"', 'content="en_US"');
      else if (t.startsWith('<a ') && /\bhreflang="ru"/.test(t)) t = t.replace(/(\blang="ru")>$/, '$1 aria-current="true">');
      else if (t.startsWith('<nav class="lang-switch"')) t = t.replace(`aria-label="${labels.en}"`, `aria-label="${labels.ru}"`);
      else if (t.startsWith('<astro-island ')) t = t.replace(/(props="[^"]*?&quot;locale&quot;:\[0,&quot;)en(&quot;\])/, '$1ru$2');
      // Panels whose code loads when first shown carry their props as JSON in data-props.
      else if (t.includes(' data-props="')) t = t.replace(/(data-props="[^"]*?&#34;locale&#34;:&#34;)en(&#34;)/, '$1ru$2');
      return t;
    });
    // JSON-LD (breadcrumb items, the offer's url) sits between tags, not in attributes.
    return out.replace(
      /(<script type="application\/ld\+json">)([^<]*)(<\/script>)/g,
      (_, open: string, json: string, close: string) => open + json.replace(absolute, '$1/ru') + close,
    );
  };
}

/**
 * Where a page holds what every English page repeats — the header around its language switcher,
 * and the footer (src/site/render-once.ts) — as [from, to) stretches in page order, cut at tag
 * boundaries; none when the page is not shaped that way. They hold most of a page's links:
 * transformed once per build, not once per page (a third of the transform's time).
 */
function repeatedStretches(html: string): [number, number][] {
  const header = html.indexOf('<header class="site-header"');
  const switcher = header < 0 ? -1 : html.indexOf('<nav class="lang-switch"', header);
  const switcherEnd = switcher < 0 ? -1 : html.indexOf('</nav>', switcher);
  const headerEnd = switcherEnd < 0 ? -1 : html.indexOf('</header>', switcherEnd);
  const footer = headerEnd < 0 ? -1 : html.indexOf('<footer', headerEnd);
  const footerEnd = footer < 0 ? -1 : html.indexOf('</footer>', footer);
  if (footerEnd < 0) return [];
  return [
    [header, switcher],
    [switcherEnd + '</nav>'.length, headerEnd + '</header>'.length],
    [footer, footerEnd + '</footer>'.length],
  ];
}

const rulesBySite = new Map<string, { part: (html: string) => string; repeated: Map<string, string> }>();

/**
 * English product page HTML → the same page in Russian. `site` is the public origin the pages were
 * built with (PUBLIC_BASE_URL), for canonical, og:url and JSON-LD addresses.
 */
export function russianFromEnglish(html: string, site: string): string {
  let rules = rulesBySite.get(site);
  if (!rules) {
    rules = { part: pageRules(site), repeated: new Map() };
    rulesBySite.set(site, rules);
  }
  const { part, repeated } = rules;
  const stretches = repeatedStretches(html);
  let out = '';
  let at = 0;
  for (const [from, to] of stretches) {
    const same = html.slice(from, to);
    let made = repeated.get(same);
    if (made === undefined) {
      made = part(same);
      // Three per build; a bound in case pages differ after all.
      if (repeated.size >= 16) repeated.clear();
      repeated.set(same, made);
    }
    out += part(html.slice(at, from)) + made;
    at = to;
  }
  return out + part(html.slice(at));
}

/**
 * Two pages compared as a shopper gets them: Astro numbers islands with a random per-build `uid`,
 * so two renders of one page never agree on those, and nothing reads them but Astro's own loader.
 */
export function sameExceptIslandIds(a: string, b: string): boolean {
  const strip = (s: string) => s.replace(/<astro-island uid="[^"]*"/g, '<astro-island uid=""');
  return strip(a) === strip(b);
}

/** The language tag a Russian page carries, for callers checking the result. */
export const RUSSIAN_TAG = LANGUAGE_TAGS.ru;
