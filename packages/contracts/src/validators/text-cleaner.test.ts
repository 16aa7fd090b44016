import { describe, expect, it } from 'vitest';
import { cleanText } from './text-cleaner';

describe('cleanText', () => {
  it("upper-cases and keeps letters, digits, space and . , - / & ( ) '", () => {
    expect(cleanText("acme (h.k.) co., ltd - unit 5/f & o'neil")).toBe(
      "ACME (H.K.) CO., LTD - UNIT 5/F & O'NEIL",
    );
  });
  it('removes accents and strips disallowed characters', () => {
    expect(cleanText('Café Müller #1 @ 50% ; "ok"!')).toBe('CAFE MULLER 1  50  OK');
    expect(cleanText('中文 name_x*?')).toBe(' NAMEX');
  });
  it('turns tabs and line breaks into spaces', () => {
    expect(cleanText('line1\nline2\tend')).toBe('LINE1 LINE2 END');
  });
  it('leaves clean text alone', () => {
    expect(cleanText('ALREADY CLEAN 123')).toBe('ALREADY CLEAN 123');
    expect(cleanText('')).toBe('');
  });
});
