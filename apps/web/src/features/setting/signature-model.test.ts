import { describe, expect, it } from 'vitest';
import { fitOnPad, isSignatureImage, PAD, padPoint, signsInvoices } from './signature-model';

describe('e-signature pad', () => {
  it('maps a pointer to canvas pixels whatever size the pad is drawn at', () => {
    const half = { left: 10, top: 20, width: PAD.width / 2, height: PAD.height / 2 };
    expect(padPoint(10, 20, half)).toEqual({ x: 0, y: 0 });
    expect(padPoint(10 + 120, 20 + 40, half)).toEqual({ x: 240, y: 80 });
  });

  it('scales a large upload down to fit, centred, and never enlarges a small one', () => {
    expect(fitOnPad(960, 160)).toEqual({ x: 0, y: 40, w: 480, h: 80 });
    expect(fitOnPad(100, 40)).toEqual({ x: 190, y: 60, w: 100, h: 40 });
    expect(fitOnPad(240, 320)).toEqual({ x: 180, y: 0, w: 120, h: 160 });
  });

  it('takes PNG and JPEG uploads only', () => {
    expect(isSignatureImage('image/png')).toBe(true);
    expect(isSignatureImage('image/jpeg')).toBe(true);
    expect(isSignatureImage('image/gif')).toBe(false);
    expect(isSignatureImage('')).toBe(false);
  });

  it('shows the pad to invoice users only', () => {
    expect(signsInvoices((f) => f === 'inv_closing')).toBe(true);
    expect(signsInvoices((f) => f === 'm_so')).toBe(false);
  });
});
