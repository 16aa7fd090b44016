/** The e-signature pad's geometry and checks without React or a canvas (issue 14). */

/** The pad's drawing size in canvas pixels (the element may be drawn larger or smaller). */
export const PAD = { width: 480, height: 160 };

/** A pointer's place on the pad in canvas pixels, whatever size the pad is drawn at. */
export function padPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
) {
  return {
    x: ((clientX - rect.left) * PAD.width) / rect.width,
    y: ((clientY - rect.top) * PAD.height) / rect.height,
  };
}

/** Where an uploaded image goes: scaled down to fit (never up) and centred. */
export function fitOnPad(width: number, height: number) {
  const scale = Math.min(PAD.width / width, PAD.height / height, 1);
  const w = width * scale;
  const h = height * scale;
  return { x: (PAD.width - w) / 2, y: (PAD.height - h) / 2, w, h };
}

/** The image types an upload may be (turned into a PNG on the pad). */
export const isSignatureImage = (type: string) => ['image/png', 'image/jpeg'].includes(type);

/** Invoice users sign what they prepare, approve or print (issue 14). */
export const SIGNING_FUNCS = ['m_ar', 'm_ap', 'inv_edit', 'inv_closing'] as const;
export const signsInvoices = (hasFunc: (f: string) => boolean) => SIGNING_FUNCS.some((f) => hasFunc(f));
