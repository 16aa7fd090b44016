import { describe, expect, it } from 'vitest';
import { dataUriBytes, imageSources, remarkProblem } from './remark-limits';

const limits = { imageMaxKb: 1, htmlMaxMb: 0.01, textMaxChars: 10 };
const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');

describe('remark limits', () => {
  it('measures data URIs', () => {
    expect(dataUriBytes(`data:image/png;base64,${b64(1000)}`)).toBe(1000);
    expect(dataUriBytes(`data:image/png;base64,${b64(1001)}`)).toBe(1001);
    expect(dataUriBytes('data:text/plain,hello%20world')).toBe(11);
  });

  it('finds image sources', () => {
    const html = `<p>a<img src="data:image/png;base64,AAAA"><img alt='x' src='data:image/gif;base64,BBBB'></p>`;
    expect(imageSources(html)).toEqual(['data:image/png;base64,AAAA', 'data:image/gif;base64,BBBB']);
  });

  it('accepts a remark within the limits', () => {
    expect(remarkProblem(`<p>hi<img src="data:image/png;base64,${b64(1024)}"></p>`, 'hi', limits)).toBeNull();
  });

  it('refuses a too long text', () => {
    expect(remarkProblem('<p>01234567890</p>', '01234567890', limits)).toEqual({
      msgKey: 'msgRemarkTextTooLong',
      params: { max: 10 },
    });
  });

  it('refuses a too large image', () => {
    expect(remarkProblem(`<img src="data:image/png;base64,${b64(1025)}">`, '', limits)).toEqual({
      msgKey: 'msgRemarkImageTooLarge',
      params: { max: 1 },
    });
  });

  it('refuses a too large remark', () => {
    const html = `<p>${'<b>x</b>'.repeat(2000)}</p>`;
    expect(remarkProblem(html, 'x', { ...limits, textMaxChars: 1e6 })?.msgKey).toBe('msgRemarkTooLarge');
  });
});
