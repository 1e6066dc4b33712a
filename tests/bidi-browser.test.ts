/**
 * How mixed Persian and Latin text LOOKS: Chromium lays out the islands' PartText (the static pages'
 * PartText.astro gives the same markup) inside a right-to-left paragraph, and the test reads where
 * each word landed. A maker name or part number must read left to right as one phrase, and sit where
 * the Persian sentence puts it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import PartText from '../src/site/islands/ui/PartText';
import { CHROMIUM, CHROMIUM_FLAGS } from './support/browser';

/** text, part number, the Latin phrases that must read left to right, Persian words in reading order. */
const CASES: [string, string, string[], string[]][] = [
  ['آی‌سی LM358 ساخت Texas Instruments', 'LM358', ['LM358', 'Texas Instruments'], ['آی‌سی', 'ساخت']],
  ['ترنسیور TJA1051T/3 ساخت NXP Semiconductors با پکیج SOIC-8', 'TJA1051T/3', ['TJA1051T/3', 'NXP Semiconductors', 'SOIC-8'], ['ترنسیور', 'ساخت', 'با', 'پکیج']],
  ['رگولاتور LM317 T سه پایه', 'LM317 T', ['LM317 T'], ['رگولاتور', 'سه', 'پایه']],
  ['ماژول ESP32-WROOM-32E ساخت Espressif Systems، ولتاژ 3.3V', 'ESP32-WROOM-32E', ['ESP32-WROOM-32E', 'Espressif Systems', '3.3V'], ['ماژول', 'ساخت', 'ولتاژ']],
  ['مقاومت 10k 0805 ساخت Yageo Corporation', '', ['10k 0805', 'Yageo Corporation'], ['مقاومت', 'ساخت']],
];

let browser: Browser;
let page: Page;

beforeAll(async () => {
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const rows = CASES.map(([text, pn], i) => `<p id="c${i}">${renderToStaticMarkup(createElement(PartText, { text, partNumber: pn, locale: 'fa' }))}</p>`);
  await page.setContent(`<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8">
    <style>body { font: 16px sans-serif; } p { white-space: nowrap; } .pn-run { white-space: nowrap; }</style></head>
    <body>${rows.join('')}</body></html>`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/** Left edge of each occurrence's first character and right edge of its last, in the paragraph's layout. */
async function wordBoxes(id: string, words: string[]): Promise<{ word: string; left: number; right: number; firstLeft: number; lastLeft: number }[]> {
  return page.evaluate(({ id, words }) => {
    const root = document.getElementById(id)!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: Text[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const full = nodes.map((n) => n.data).join('');
    // Maps an offset in the paragraph's text to (node, offset).
    const at = (offset: number): [Text, number] => {
      for (const n of nodes) {
        if (offset <= n.data.length) return [n, offset];
        offset -= n.data.length;
      }
      throw new Error('offset past the end');
    };
    const rectOf = (from: number, to: number) => {
      const range = document.createRange();
      range.setStart(...at(from));
      range.setEnd(...at(to));
      return range.getBoundingClientRect();
    };
    let searchFrom = 0;
    return words.map((word) => {
      const start = full.indexOf(word, searchFrom);
      if (start < 0) throw new Error(`${word} not in ${full}`);
      searchFrom = start + word.length;
      const box = rectOf(start, start + word.length);
      return { word, left: box.left, right: box.right, firstLeft: rectOf(start, start + 1).left, lastLeft: rectOf(start + word.length - 1, start + word.length).left };
    });
  }, { id, words });
}

describe('Latin text inside Persian text, as Chromium lays it out', () => {
  it.each(CASES.map((c, i) => [c[0], i] as const))('%s', async (_text, i) => {
    const [, , latin, persian] = CASES[i]!;
    // Each Latin phrase reads left to right: its first character left of its last.
    for (const box of await wordBoxes(`c${i}`, latin)) {
      expect(box.firstLeft, `${box.word} reads left to right`).toBeLessThan(box.lastLeft);
    }
    // And each phrase reads in the order of its words ("Texas" left of "Instruments").
    for (const phrase of latin.filter((p) => p.includes(' '))) {
      const words = phrase.split(' ');
      const boxes = await wordBoxes(`c${i}`, words.map((w, k) => (k === 0 ? phrase.slice(0, w.length) : w)));
      for (let k = 1; k < boxes.length; k++) expect(boxes[k]!.left, `${phrase}: word ${k + 1} after word ${k}`).toBeGreaterThan(boxes[k - 1]!.left);
    }
    // The sentence reads right to left: Persian words and Latin phrases in their text order, from the right.
    const order = [...persian, ...latin];
    const text = CASES[i]![0];
    order.sort((a, b) => text.indexOf(a) - text.indexOf(b));
    const boxes = await wordBoxes(`c${i}`, order);
    for (let k = 1; k < boxes.length; k++) {
      expect(boxes[k]!.right, `"${boxes[k]!.word}" left of "${boxes[k - 1]!.word}"`).toBeLessThanOrEqual(boxes[k - 1]!.left + 1);
    }
  });
});
