import { describe, expect, it } from 'vitest';
import { signS3Request } from './s3-sign';

// AWS's published Signature V4 example for S3 (GET Object with a Range header), with its own keys.
const creds = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'us-east-1' };

describe('signS3Request', () => {
  it("matches AWS's published example signature", () => {
    const headers = signS3Request(
      'GET',
      new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      { range: 'bytes=0-9' },
      new Uint8Array(),
      creds,
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-content-sha256']).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
  it('signs a different body differently', () => {
    const url = new URL('http://127.0.0.1:9000/bucket/a.webp');
    const at = new Date('2026-01-01T00:00:00Z');
    const a = signS3Request('PUT', url, {}, new Uint8Array([1]), creds, at);
    const b = signS3Request('PUT', url, {}, new Uint8Array([2]), creds, at);
    expect(a.authorization).not.toBe(b.authorization);
  });
});
