import { describe, expect, test } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  test('keeps simple formatting without attributes', () => {
    expect(
      sanitizeHtml('<p class="x" onclick="alert(1)">Fresh <strong>tagliatelle</strong><br/>now</p>'),
    ).toBe('<p>Fresh <strong>tagliatelle</strong><br>now</p>');
  });

  test('drops scripts, styles and comments with what is inside them', () => {
    expect(sanitizeHtml('<p>a</p><script>alert(1)</script><style>p{}</style><!-- note -->b')).toBe(
      '<p>a</p>b',
    );
    expect(sanitizeHtml('<SCRIPT src=x>alert(1)')).toBe('');
  });

  test('keeps the text of any other tag, never the tag', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">Ragù</a> <img src=x onerror=alert(1)>')).toBe('Ragù ');
  });

  test('a stray angle bracket stays text', () => {
    expect(sanitizeHtml('<p>1 < 2 and <b')).toBe('<p>1 &lt; 2 and &lt;b');
    expect(sanitizeHtml('Salt &amp; pepper')).toBe('Salt &amp; pepper');
  });
});
