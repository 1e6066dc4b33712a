import { describe, expect, it } from 'vitest';
import { paymentRequestSignText, sadadOpen, sadadSign, tehranLocalDateTime } from './sadad-sign';

const KEY = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYX'; // hex 000102…17, the reference's test vector

describe('Sadad SignData', () => {
  it('matches the reference test vector', () => {
    expect(Buffer.from(KEY, 'base64').toString('hex')).toBe('000102030405060708090a0b0c0d0e0f1011121314151617');
    expect(sadadSign(paymentRequestSignText('1234567', 1001, 150000), KEY)).toBe('7SolT+j4hTEceXZ2fO0ODTTnt1CDZko4');
  });
  it('opens with the same key and refuses another key', () => {
    const sign = sadadSign('some-token-value', KEY);
    expect(sadadOpen(sign, KEY)).toBe('some-token-value');
    const other = Buffer.alloc(24, 7).toString('base64');
    expect(sadadOpen(sign, other)).not.toBe('some-token-value');
    expect(sadadOpen('not base64 at all', KEY)).toBeNull();
  });
  it.each([
    ['2026-11-22T12:35:09Z', '11/22/2026 4:05:09 pm'],
    ['2026-01-01T00:00:00Z', '1/1/2026 3:30:00 am'],
    ['2026-06-30T20:45:01Z', '7/1/2026 12:15:01 am'],
  ])('LocalDateTime of %s is Tehran time %s', (iso, text) => {
    expect(tehranLocalDateTime(new Date(iso))).toBe(text);
  });
});
