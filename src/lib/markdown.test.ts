import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown';

describe('markdown to stored HTML', () => {
  it.each([
    ['## مشخصات\n\nولتاژ **۳ تا ۳۲** ولت', '<h2>مشخصات</h2>\n<p>ولتاژ <strong>۳ تا ۳۲</strong> ولت</p>'],
    ['- DIP-8\n- SOIC-8', '<ul>\n<li>DIP-8</li>\n<li>SOIC-8</li>\n</ul>'],
    [
      '| پایه | کار |\n| --- | --- |\n| 1 | OUT |',
      '<table>\n<thead>\n<tr>\n<th>پایه</th>\n<th>کار</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>OUT</td>\n</tr>\n</tbody>\n</table>',
    ],
    // A lone "<" is text; <del> is not on the allow-list, so struck text stays as plain text.
    ['ولتاژ <5V و ~~قدیمی~~', '<p>ولتاژ &lt;5V و قدیمی</p>'],
  ])('%j', (markdown, html) => {
    expect(markdownToHtml(markdown)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script>\n\nمتن', /<script/],
    ['[کلیک](javascript:alert(1))', /javascript/],
    ['<p onclick="x()">ولتاژ</p>', /onclick/],
    ['![x](https://tracker.example/p.gif)', /tracker/],
    ['<iframe src="https://evil.example"></iframe>', /<iframe/],
  ])('drops what the allow-list refuses: %j', (markdown, refused) => {
    expect(markdownToHtml(markdown)).not.toMatch(refused);
  });

  it('links to other sites get nofollow', () => {
    expect(markdownToHtml('[datasheet](https://www.ti.com/lit/ds/lm358.pdf)')).toContain('rel="nofollow noopener noreferrer"');
  });
});
