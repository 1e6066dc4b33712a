/**
 * Which address a request came from when reverse proxies sit in front of the server. Each proxy
 * appends the address it was reached from to X-Forwarded-For; the client may put anything before
 * that. So the list is read from the right: the socket peer and the entries our own proxies wrote are
 * skipped, and the first address no trusted proxy stands for is the client. The left-most entry is
 * whatever the client wrote and is never believed for its own sake.
 */

/** How the operator describes the proxies in front: their number, or their addresses. */
export type TrustedProxies = { hops: number } | { ranges: AddressRange[] };

export interface AddressRange {
  bytes: number[];
  prefix: number;
}

/** IPv4 or IPv6 text → 4 or 16 bytes; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) reads as the IPv4 address. Null when not an address. */
export function parseAddress(text: string): number[] | null {
  const s = text.trim();
  const v4 = parseIPv4(s);
  if (v4) return v4;
  const v6 = parseIPv6(s);
  if (!v6) return null;
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff;
  return mapped ? v6.slice(12) : v6;
}

function parseIPv4(s: string): number[] | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

function parseIPv6(s: string): number[] | null {
  const text = s.replace(/%[\w.-]+$/, ''); // a zone id (fe80::1%eth0) names an interface, not an address
  if (!/^[0-9a-fA-F:.]+$/.test(text) || text.split('::').length > 2) return null;
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, null];
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const first = groups(head);
  const last = tail === null ? [] : groups(tail);
  if (!first || !last) return null;
  const missing = 8 - first.length - last.length;
  if (tail === null ? missing !== 0 : missing < 1) return null;
  const all = [...first, ...Array<number>(tail === null ? 0 : missing).fill(0), ...last];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

/** `10.0.0.0/8`, `2001:db8::/32` or a single address. Null when malformed. */
export function parseRange(text: string): AddressRange | null {
  const [address, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || !address) return null;
  const bytes = parseAddress(address);
  if (!bytes) return null;
  const bits = bytes.length * 8;
  // A prefix written for an IPv4-mapped address counts the 96 mapping bits.
  let prefix = prefixText === undefined ? bits : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (bytes.length === 4 && address.includes(':') && prefixText !== undefined) prefix -= 96;
  if (!(prefix >= 0 && prefix <= bits)) return null;
  return { bytes, prefix };
}

export function inRange(address: number[], range: AddressRange): boolean {
  if (address.length !== range.bytes.length) return false;
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const take = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((address[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

/** An X-Forwarded-For entry as an address: brackets and a port (`[::1]:80`, `1.2.3.4:5678`) dropped. */
function entryAddress(entry: string): string {
  const s = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  if (bracketed) return bracketed[1]!;
  const v4port = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s);
  return v4port ? v4port[1]! : s;
}

/**
 * The client's address: `peer` is the socket's remote address, `forwardedFor` the X-Forwarded-For
 * header(s) as received (several headers joined by ","). Without trusted proxies, or when the peer is
 * not one of them, the peer is the client.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trusted: TrustedProxies | false): string {
  if (!trusted || !forwardedFor) return peer;
  const chain = forwardedFor.split(',').map(entryAddress).filter(Boolean);
  if ('hops' in trusted) {
    // The peer is the nearest proxy; each further proxy wrote one entry from the right.
    const index = chain.length - trusted.hops;
    return chain[Math.max(index, 0)] ?? peer;
  }
  const isTrusted = (address: string) => {
    const bytes = parseAddress(address);
    return bytes !== null && trusted.ranges.some((r) => inRange(bytes, r));
  };
  if (!isTrusted(peer)) return peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    if (!isTrusted(chain[i]!)) return chain[i]!;
  }
  // Every hop is one of ours: the request started at our own proxy.
  return chain[0] ?? peer;
}

/**
 * TRUST_PROXY as written by the operator: `0`/`false` (no proxy: the socket address), `1`/`true`
 * or a number of hops, or a comma-separated list of proxy addresses and CIDR ranges.
 */
export function parseTrustProxy(text: string): TrustedProxies | false | { error: string } {
  const s = text.trim().toLowerCase();
  if (s === '' || s === '0' || s === 'false') return false;
  if (s === 'true') return { hops: 1 };
  if (/^\d+$/.test(s)) return Number(s) <= 20 ? { hops: Number(s) } : { error: 'at most 20 proxy hops' };
  const ranges: AddressRange[] = [];
  for (const item of s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const range = parseRange(item);
    if (!range) return { error: `"${item}" is not an IP address or CIDR range` };
    ranges.push(range);
  }
  return ranges.length ? { ranges } : { error: 'no proxy addresses given' };
}
