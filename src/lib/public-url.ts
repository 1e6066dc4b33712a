/**
 * Whether `url` lies under the shop's public address `base` (PUBLIC_BASE_URL): same scheme, host and
 * port, and a path inside the base's path. The payment sandbox sends shoppers only to such addresses,
 * so it can never be made to redirect a browser to another site.
 */
export function isUnderBase(url: string, base: string): boolean {
  let target: URL;
  let root: URL;
  try {
    target = new URL(url);
    root = new URL(base);
  } catch {
    return false;
  }
  if (target.origin !== root.origin || target.username || target.password) return false;
  const prefix = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  return target.pathname === root.pathname || target.pathname.startsWith(prefix);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
const sameAddress = (a: URL, b: URL) =>
  a.protocol === b.protocol && a.port === b.port && (a.hostname === b.hostname || (LOOPBACK.has(a.hostname) && LOOPBACK.has(b.hostname)));

/**
 * The start-up warning when PUBLIC_BASE_URL — the address every mail, invoice PDF, parts-list export
 * and payment callback links to — is not where this server answers; null when they agree, or when
 * a trusted proxy (TRUST_PROXY) stands in front and forwards the public address here.
 */
export function publicAddressWarning(publicBaseUrl: string, servedUrl: string, behindProxy: boolean): string | null {
  let base: URL;
  let served: URL;
  try {
    base = new URL(publicBaseUrl);
    served = new URL(servedUrl);
  } catch {
    return null;
  }
  if (behindProxy || sameAddress(base, served)) return null;
  return (
    `PUBLIC_BASE_URL is ${base.origin} but the shop answers at ${served.origin}: links in mails, invoices and payment callbacks ` +
    `go to ${base.origin}. Set PUBLIC_BASE_URL to the address shoppers use (and TRUST_PROXY when a proxy forwards it here).`
  );
}
