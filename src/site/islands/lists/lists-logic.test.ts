import { describe, expect, it } from 'vitest';
import { attributeRows, valuesDiffer } from './compare-rows';
import { latestRequest } from './dialog-request';

const attr = (slug: string, ...values: string[]) => ({
  slug,
  name: slug.toUpperCase(),
  nameFa: `ویژگی ${slug}`,
  featured: false,
  values: values.map((v) => ({ name: v, slug: v })),
});

describe('compare rows', () => {
  it.each([
    { values: ['SOIC-8', 'SOIC-8'], differs: false },
    { values: ['SOIC-8', 'soic-8 '], differs: false },
    { values: ['SOIC-8', 'DIP-8'], differs: true },
    { values: ['5 V', null], differs: true },
    { values: [null, null], differs: false },
    { values: [1000, 1000, 1000], differs: false },
    { values: [1000, 1000, 900], differs: true },
    { values: ['only one'], differs: false },
    { values: [], differs: false },
  ])('$values differ: $differs', ({ values, differs }) => {
    expect(valuesDiffer(values)).toBe(differs);
  });

  it('lines up every attribute any product has, in first-seen order, with gaps as null', () => {
    const rows = attributeRows(
      [
        { attributes: [attr('package', 'SOIC-8'), attr('channels', '2')] },
        { attributes: [attr('package', 'SOIC-8'), attr('supply', '3 V', '32 V')] },
      ],
      true,
    );
    expect(rows).toEqual([
      { key: 'attr:package', label: 'ویژگی package', values: ['SOIC-8', 'SOIC-8'], differs: false },
      { key: 'attr:channels', label: 'ویژگی channels', values: ['2', null], differs: true },
      { key: 'attr:supply', label: 'ویژگی supply', values: [null, '3 V, 32 V'], differs: true },
    ]);
    expect(attributeRows([{ attributes: [attr('package', 'DIP-8')] }], false)[0]).toMatchObject({ label: 'PACKAGE', differs: false });
  });
});

describe('latest dialog request', () => {
  const deferred = <T>() => {
    let resolve!: (v: T) => void;
    const promise = new Promise<T>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it('shows a request once its data has arrived', async () => {
    const gate = latestRequest<string>(1);
    await expect(gate.run(async () => 'lm358')).resolves.toBe('lm358');
  });

  it('a newer request aborts the pending one, which never shows', async () => {
    const gate = latestRequest<string>(1);
    const slow = deferred<string>();
    let firstSignal: AbortSignal | undefined;
    const first = gate.run((signal) => {
      firstSignal = signal;
      return slow.promise;
    });
    const second = gate.run(async () => 'ne5532');
    expect(firstSignal?.aborted).toBe(true);
    slow.resolve('lm358');
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toBe('ne5532');
  });

  it('a newer request during the 50 ms wait still wins', async () => {
    const gate = latestRequest<string>(20);
    const first = gate.run(async () => 'lm358');
    await Promise.resolve();
    await Promise.resolve();
    const second = gate.run(async () => 'ne5532');
    await expect(first).resolves.toBeNull();
    await expect(second).resolves.toBe('ne5532');
  });

  it('cancel (closing) drops a pending request; a failed fetch of the current request is reported', async () => {
    const gate = latestRequest<string>(1);
    const slow = deferred<string>();
    const pending = gate.run(() => slow.promise);
    gate.cancel();
    slow.resolve('x');
    await expect(pending).resolves.toBeNull();
    await expect(
      gate.run(async () => {
        throw new Error('offline');
      }),
    ).rejects.toThrow('offline');
  });
});
