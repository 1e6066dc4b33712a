import { describe, expect, it } from 'vitest';
import { isUnderBase, publicAddressWarning } from './public-url';

describe('isUnderBase', () => {
  it.each([
    ['http://127.0.0.1:4321/api/site/v1/callback_zarin', 'http://127.0.0.1:4321', true],
    ['http://127.0.0.1:4321/api/site/v1/callback_zarin?x=1', 'http://127.0.0.1:4321/', true],
    ['https://shop.example/api/site/v1/callback_sadad', 'https://shop.example', true],
    ['https://shop.example/shop/api/x', 'https://shop.example/shop', true],
    ['https://shop.example/shop', 'https://shop.example/shop/', false], // '/shop' is not under '/shop/'
    ['https://shop.example/shopping/api', 'https://shop.example/shop', false],
    ['https://evil.example/api/site/v1/callback_zarin', 'https://shop.example', false],
    ['http://shop.example/api', 'https://shop.example', false], // another scheme
    ['https://shop.example:8443/api', 'https://shop.example', false], // another port
    ['https://shop.example.evil.example/api', 'https://shop.example', false],
    ['https://shop.example@evil.example/api', 'https://shop.example', false],
    ['https://user:pw@shop.example/api', 'https://shop.example', false],
    ['//evil.example/x', 'https://shop.example', false],
    ['javascript:alert(1)', 'https://shop.example', false],
    ['not a url', 'https://shop.example', false],
  ])('%s under %s: %s', (url, base, expected) => {
    expect(isUnderBase(url, base)).toBe(expected);
  });
});

describe('start-up warning when PUBLIC_BASE_URL is not the address served', () => {
  it.each([
    ['http://localhost:4321', 'http://127.0.0.1:4321', false, false],
    ['http://127.0.0.1:4321/', 'http://127.0.0.1:4321', false, false],
    ['http://localhost:4321', 'http://127.0.0.1:8080', false, true], // mails would link a port nobody serves
    ['https://shop.example.ir', 'http://127.0.0.1:4321', false, true],
    ['https://shop.example.ir', 'http://127.0.0.1:4321', true, false], // a trusted proxy forwards the public address
    ['http://shop.example.ir', 'https://shop.example.ir', false, true],
  ])('%s served at %s (behind a proxy: %s) → warns: %s', (base, served, proxy, warns) => {
    const warning = publicAddressWarning(base, served, proxy);
    expect(warning !== null).toBe(warns);
    if (warning) expect(warning).toContain('PUBLIC_BASE_URL');
  });
});
