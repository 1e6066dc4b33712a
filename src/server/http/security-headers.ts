/**
 * The browser-side security headers of every answer: a Content-Security-Policy for pages, a
 * Permissions-Policy, and Strict-Transport-Security on answers that went out over https.
 *
 * The policy follows the configuration — the tile server of the address map, reCAPTCHA's hosts only
 * when reCAPTCHA is on, the configured banks' hosts — and the built site: its inline scripts (Astro's
 * island runtime) and styles are allowed by the hashes the build recorded (src/build/inline-hashes.ts).
 * It is composed once per build and configuration, and again only when a build changes the record.
 */
import type { Context } from 'hono';
import { statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { INLINE_HASHES_FILE, readInlineHashes, scanSitePages, type InlineHashes } from '../../build/inline-hashes';
import type { Config } from '../config';
import { paymentSettings, sandboxEnabled } from '../payments/settings';

const NO_HASHES: InlineHashes = { scripts: [], styles: [] };

/** Google's reCAPTCHA script loads its code from gstatic (from google.com and its recaptcha.net mirror alike). */
const GSTATIC_RECAPTCHA = 'https://www.gstatic.com/recaptcha/';
/** …and on google.com may draw its box from this second host. */
const GOOGLE_RECAPTCHA_FRAMES = 'https://recaptcha.google.com/recaptcha/';

/** An address's origin as a CSP source, or null for a relative or unparsable one (then 'self' applies). */
function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The image source a tile URL template needs. Leaflet fills `{s}` (and any placeholder) per tile, so a
 * placeholder in the first label of the host becomes CSP's `*.` wildcard; one elsewhere in the host
 * cannot be expressed and falls back to the scheme alone.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase();
  if (!host.includes('{')) return `${scheme}://${host}`;
  const [first, ...rest] = host.split('.');
  if (/\{[^}]*\}/.test(first!) && rest.length >= 2 && !rest.join('.').includes('{')) return `${scheme}://*.${rest.join('.')}`;
  return `${scheme}:`;
}

/** Where reCAPTCHA's script and frames come from; none when the shop uses its own ALTCHA. */
export function recaptchaSources(config: Config): { scripts: string[]; frames: string[] } {
  if (!config.RECAPTCHA_SECRET_KEY) return { scripts: [], frames: [] };
  const origin = originOf(config.RECAPTCHA_SCRIPT_URL);
  if (!origin) return { scripts: [], frames: [] };
  const host = new URL(origin).hostname;
  const google = host === 'www.google.com' || host === 'google.com';
  const mirror = host === 'www.recaptcha.net' || host === 'recaptcha.net';
  return {
    scripts: [origin, ...(google || mirror ? [GSTATIC_RECAPTCHA] : [])],
    frames: [origin, ...(google ? [GOOGLE_RECAPTCHA_FRAMES] : [])],
  };
}

/**
 * Hosts our pages may send the browser to with a form: the configured banks' payment pages. (Today the
 * shop sends the buyer there with a link and a redirect, which form-action does not govern; a form
 * that posts to our start call would be, redirect included, so the banks are named.) With the sandbox
 * the banks are this server.
 */
export function bankFormTargets(config: Config): string[] {
  if (sandboxEnabled(config)) return [];
  const banks = paymentSettings(config, config.PUBLIC_BASE_URL);
  return [banks.zarinpal?.startPayUrl, banks.sadad?.purchaseUrl].map((u) => (u ? originOf(u) : null)).filter((o): o is string => !!o);
}

const unique = (list: string[]) => [...new Set(list)];

/**
 * The storefront's policy. Scripts: our own files and the exact inline scripts of the build, never
 * 'unsafe-inline'. Styles: `<style>` elements by hash too, but style *attributes* stay allowed
 * ('unsafe-inline' in style-src-attr): the islands (React `style` props on progress bars, the map,
 * the gallery and carousel positions) write them into the static HTML and CSS cannot run code.
 * style-src repeats 'unsafe-inline' only for browsers without the -elem/-attr directives.
 */
export function contentSecurityPolicy(config: Config, inline: InlineHashes): string {
  const recaptcha = recaptchaSources(config);
  const tiles = tileSource(config.MAP_TILE_URL);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...inline.scripts, ...recaptcha.scripts]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['style-src-elem', ["'self'", ...inline.styles]],
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['frame-src', ["'self'", ...recaptcha.frames]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'", ...bankFormTargets(config)]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ');
}

/**
 * Powerful features the shop never uses, refused to our pages and anything they embed (a script
 * smuggled in cannot ask for the camera or a card through the Payment Request API). The address map
 * is placed by hand, so not even geolocation is needed. Only features Chromium knows: it reports an
 * unknown one (e.g. `bluetooth`) as an error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A year; without includeSubDomains: other hosts under the shop's domain are not ours to force. */
export const HSTS = 'max-age=31536000';

/** Whether TRUST_PROXY says a proxy in front speaks for the client (a boolean today; a hop count or list tomorrow). */
function proxyTrusted(config: Config): boolean {
  const trust: unknown = config.TRUST_PROXY;
  return Array.isArray(trust) ? trust.length > 0 : Boolean(trust);
}

/**
 * Whether this answer goes out over https: our own TLS socket; else what a trusted proxy says in
 * X-Forwarded-Proto; else, without that header, a request to the public https address's host (the
 * only way to it is through the TLS front). A plain-http request never is.
 */
export function cameOverHttps(c: Context, config: Config): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if ((incoming?.socket as TLSSocket | undefined)?.encrypted) return true;
  const forwarded = proxyTrusted(config) ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  if (forwarded) return forwarded === 'https';
  const base = parsedBase(config.PUBLIC_BASE_URL);
  return base.https && c.req.header('host')?.toLowerCase() === base.host;
}

/** PUBLIC_BASE_URL parsed once, not on every answer (a URL per request showed in the API's profile). */
let lastBase: { url: string; https: boolean; host: string } | null = null;
function parsedBase(url: string): { https: boolean; host: string } {
  if (lastBase?.url !== url) {
    const parsed = new URL(url);
    lastBase = { url, https: parsed.protocol === 'https:', host: parsed.host.toLowerCase() };
  }
  return lastBase;
}

/** Locks a non-page answer (an uploaded SVG opened by itself) out of scripts and plugins. */
const RESOURCE_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export interface SecurityHeaders {
  /** The page policy now (re-read after a build changed the site's record of inline hashes). */
  pagePolicy(): string;
  /** Sets the headers on a finished answer: every answer's (everyAnswer), and a page's or an SVG's policy. */
  apply(c: Context): void;
  /**
   * The headers every answer gets whatever its type (those app.ts sets on every answer, with
   * Permissions-Policy and HSTS), for an answer that carries them from the start (json-answer.ts).
   */
  everyAnswer(c: Context): Record<string, string>;
}

/** Set on every answer, whatever it is: no type sniffing, no framing by other sites, only the origin sent on. */
const EVERY_ANSWER = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

export function securityHeaders(config: Config, siteDir?: string): SecurityHeaders {
  let key = '';
  let policy = contentSecurityPolicy(config, NO_HASHES);

  /** Which record the site has now (the file's identity), and how to read it (null: try again later). */
  function currentHashes(): { key: string; read: () => InlineHashes | null } {
    if (!siteDir) return { key: 'none', read: () => NO_HASHES };
    try {
      const s = statSync(join(siteDir, INLINE_HASHES_FILE));
      return { key: `${s.ino}:${s.mtimeMs}:${s.size}`, read: () => readInlineHashes(siteDir) };
    } catch {
      // A site built before builds recorded its hashes: read its pages once.
      return {
        key: 'scanned',
        read: () => {
          try {
            return scanSitePages(siteDir);
          } catch {
            return NO_HASHES;
          }
        },
      };
    }
  }

  function pagePolicy(): string {
    const now = currentHashes();
    if (now.key !== key) {
      const hashes = now.read();
      if (hashes) {
        policy = contentSecurityPolicy(config, hashes);
        key = now.key;
      }
    }
    return policy;
  }

  const plain = { ...EVERY_ANSWER, 'Permissions-Policy': PERMISSIONS_POLICY };
  const overHttps = { ...plain, 'Strict-Transport-Security': HSTS };
  const everyAnswer = (c: Context) => (cameOverHttps(c, config) ? overHttps : plain);
  return {
    pagePolicy,
    everyAnswer,
    apply(c) {
      for (const [name, value] of Object.entries(everyAnswer(c))) c.header(name, value);
      // A route with a policy of its own (the bank sandbox's pages) keeps it.
      if (c.res.headers.has('Content-Security-Policy')) return;
      const type = c.res.headers.get('Content-Type') ?? '';
      if (type.startsWith('text/html')) c.header('Content-Security-Policy', pagePolicy());
      else if (type.startsWith('image/svg+xml')) c.header('Content-Security-Policy', RESOURCE_POLICY);
    },
  };
}
