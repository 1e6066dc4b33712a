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
