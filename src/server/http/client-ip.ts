import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { clientAddress, type TrustedProxies } from '../../lib/forwarded-client';

/**
 * The caller's address: the socket's, or — behind the trusted proxies TRUST_PROXY describes — the
 * right-most X-Forwarded-For entry none of them stands for (src/lib/forwarded-client.ts). Never the
 * left-most entry, which the client writes itself.
 */
export function clientIpResolver(trustProxy: TrustedProxies | false) {
  return (c: Context): string => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const peer = incoming?.socket.remoteAddress ?? 'unknown';
    // Several X-Forwarded-For headers count as one list, in order (RFC 9110 §5.3).
    const forwarded = incoming ? incoming.headersDistinct['x-forwarded-for']?.join(',') : c.req.header('x-forwarded-for');
    return clientAddress(peer, forwarded, trustProxy);
  };
}
