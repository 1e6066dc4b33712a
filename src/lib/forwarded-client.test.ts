import { describe, expect, it } from 'vitest';
import { clientAddress, inRange, parseAddress, parseRange, parseTrustProxy, type TrustedProxies } from './forwarded-client';

const proxies = (text: string) => parseTrustProxy(text) as TrustedProxies | false;

describe('clientAddress', () => {
  it.each([
    // [TRUST_PROXY, socket peer, X-Forwarded-For, client]
    ['0', '203.0.113.9', '1.1.1.1', '203.0.113.9'],
    ['0', '203.0.113.9', undefined, '203.0.113.9'],
    // One nginx in front: the entry it appended (right-most) is the client; what the client wrote is ignored.
    ['1', '127.0.0.1', '198.51.100.7', '198.51.100.7'],
    ['1', '127.0.0.1', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
    ['1', '127.0.0.1', '6.6.6.6,7.7.7.7 , 198.51.100.7', '198.51.100.7'],
    ['true', '127.0.0.1', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
    ['1', '127.0.0.1', undefined, '127.0.0.1'],
    ['1', '127.0.0.1', '', '127.0.0.1'],
    // A CDN and nginx: two hops from the right.
    ['2', '10.0.0.2', '6.6.6.6, 198.51.100.7, 172.64.1.1', '198.51.100.7'],
    ['2', '10.0.0.2', '198.51.100.7', '198.51.100.7'],
    // Listed proxies: skip every trusted hop from the right, the first other address is the client.
    ['127.0.0.1,10.0.0.0/8', '127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3', '198.51.100.7'],
    ['127.0.0.1,10.0.0.0/8', '::ffff:127.0.0.1', '6.6.6.6, 198.51.100.7', '198.51.100.7'],
    ['::1', '::1', '2001:db8::5', '2001:db8::5'],
    ['::1', '::1', '[2001:db8::5]:4711', '2001:db8::5'],
    ['127.0.0.1', '127.0.0.1', '6.6.6.6, 198.51.100.7:51234', '198.51.100.7'],
    // A request that did not come through a listed proxy: its own X-Forwarded-For means nothing.
    ['10.0.0.0/8', '203.0.113.9', '1.1.1.1', '203.0.113.9'],
    // Every hop is ours: the left-most (our first proxy's peer) is as far as the chain goes.
    ['10.0.0.0/8', '10.0.0.1', '10.0.0.7, 10.0.0.8', '10.0.0.7'],
    // Junk the client wrote past the trusted hops is the client's own address label, nothing more.
    ['127.0.0.1', '127.0.0.1', 'not-an-address', 'not-an-address'],
  ] as const)('TRUST_PROXY=%s peer %s XFF %s → %s', (trust, peer, xff, expected) => {
    expect(clientAddress(peer, xff, proxies(trust))).toBe(expected);
  });

  it('cannot be steered by the entries a client writes in front', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(clientAddress('127.0.0.1', `10.9.${i}.1, 203.0.113.5`, proxies('1')));
    expect([...seen]).toEqual(['203.0.113.5']);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    ['0', false],
    ['false', false],
    ['', false],
    ['1', { hops: 1 }],
    ['true', { hops: 1 }],
    ['3', { hops: 3 }],
  ] as const)('%s', (text, expected) => expect(parseTrustProxy(text)).toEqual(expected));

  it.each(['21', '10.0.0.0/33', '10.0.0', 'localhost', '::1/129', '1.2.3.4/8/1', 'fe80:::1'])('refuses %s', (text) => {
    expect(parseTrustProxy(text)).toHaveProperty('error');
  });

  it('reads a list of addresses and ranges', () => {
    const parsed = parseTrustProxy('127.0.0.1, ::1, 10.0.0.0/8, 2001:db8::/32');
    expect(parsed).toHaveProperty('ranges');
    expect((parsed as { ranges: unknown[] }).ranges).toHaveLength(4);
  });
});

describe('addresses and ranges', () => {
  it.each([
    ['1.2.3.4', [1, 2, 3, 4]],
    ['::ffff:10.0.0.1', [10, 0, 0, 1]],
    ['::1', [...Array(15).fill(0), 1]],
    ['2001:db8::', [0x20, 0x01, 0x0d, 0xb8, ...Array(12).fill(0)]],
    ['fe80::1%eth0', [0xfe, 0x80, ...Array(13).fill(0), 1]],
    ['256.1.1.1', null],
    ['1.2.3', null],
    ['1::2::3', null],
    ['12345::', null],
    ['abc', null],
    ['', null],
  ] as const)('parseAddress(%s)', (text, expected) => expect(parseAddress(text)).toEqual(expected));

  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['192.168.1.0/25', '192.168.1.127', true],
    ['192.168.1.0/25', '192.168.1.128', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['2001:db8::/32', '2001:db8:ffff::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['127.0.0.1', '::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.0/104', '10.1.1.1', true],
    ['10.0.0.0/8', '::1', false],
  ] as const)('%s contains %s: %s', (range, address, expected) => {
    expect(inRange(parseAddress(address)!, parseRange(range)!)).toBe(expected);
  });
});
