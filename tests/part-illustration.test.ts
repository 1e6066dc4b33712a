import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyOfPackage, illustrationFamily, PART_FAMILIES, partIllustrationSvg } from '../src/lib/part-illustration';
import { startTestServer, type TestServer } from './support/server';

/** Minimal well-formedness check: balanced tags, quoted attributes, no raw & or < in text. */
function assertWellFormed(svg: string) {
  const stack: string[] = [];
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  let last = 0;
  for (let m = tag.exec(svg); m; m = tag.exec(svg)) {
    const between = svg.slice(last, m.index);
    expect(between, 'text between tags').not.toMatch(/<|&(?!(amp|lt|gt|quot|apos);)/);
    last = m.index + m[0].length;
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(svg.slice(last)).toBe('');
  expect(stack).toEqual([]);
  // Everything that looks like a tag was matched by the strict pattern above.
  expect(svg.match(/</g)!.length).toBe(svg.match(tag)!.length);
}

describe('part illustrations', () => {
  it.each(PART_FAMILIES)('draws a well-formed 400×400 SVG for %s', (kind) => {
    const svg = partIllustrationSvg({ partNumber: 'LM358P', package: 'PDIP-8', kind });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="400" height="400" viewBox="0 0 400 400"/);
    assertWellFormed(svg);
    expect(svg).toContain('>LM358P</text>');
  });

  it('escapes part numbers and packages', () => {
    const svg = partIllustrationSvg({ partNumber: 'A<B&C"D\'', package: '<script>&' });
    assertWellFormed(svg);
    expect(svg).toContain('A&lt;B&amp;C&quot;D&apos;');
    expect(svg).toContain('&lt;script&gt;&amp;');
    expect(svg).not.toContain('<script>');
  });

  it('recognises package families from the way shops write packages', () => {
    expect(familyOfPackage('PDIP-8')).toBe('dip');
    expect(familyOfPackage('SOIC-8 208mil')).toBe('soic');
    expect(familyOfPackage('LQFP-48')).toBe('qfp');
    expect(familyOfPackage('QFN-32 5x5')).toBe('qfn');
    expect(familyOfPackage('TO-220AB')).toBe('to220');
    expect(familyOfPackage('TO-92')).toBe('to92');
    expect(familyOfPackage('SOT-23')).toBe('sot');
    expect(familyOfPackage('Axial 1/4W')).toBe('resistor');
    expect(familyOfPackage('Radial 8x11.5mm')).toBe('electrolytic');
    expect(familyOfPackage('5mm round')).toBe('led');
    expect(familyOfPackage('HC-49/S')).toBe('crystal');
    expect(familyOfPackage('SMD module 18x25.5mm')).toBe('module');
    expect(familyOfPackage('something odd')).toBe('generic');
    expect(illustrationFamily({ package: 'Module', categorySlugs: ['modules-boards', 'sensor-modules'] })).toBe('sensor');
    expect(illustrationFamily({ package: 'LGA-14', categorySlugs: ['sensors', 'motion-sensors'] })).toBe('qfn');
  });

  it('draws the TO-220 legs the package names', () => {
    const legs = (pkg: string) => (partIllustrationSvg({ partNumber: 'X', package: pkg }).match(/stroke="#8a9098"\/>/g) ?? []).length;
    expect(legs('TO-220')).toBe(3);
    expect(legs('TO-220-5')).toBe(5);
  });
});

describe('GET /media/parts/<slug>.svg', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => server?.stop());

  it('serves the drawing of an imported product, cacheable', async () => {
    const res = await fetch(`${server.url}/media/parts/lm358p-pdip8.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    const svg = await res.text();
    assertWellFormed(svg);
    expect(svg).toContain('>LM358P</text>');
  });

  it('answers 404 for an unknown slug or a path that is not an SVG', async () => {
    expect((await fetch(`${server.url}/media/parts/no-such-part.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/parts/lm358p-pdip8.png`)).status).toBe(404);
  });
});
