import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { INVOICE_PRINT_MSG, SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SIZE } from '@portal/contracts';
import { AppError } from '../../platform/errors/app-error';

/**
 * Signature images are sanitised by decoding and re-encoding: the server accepts a PNG (the screen turns a
 * drawn canvas or an uploaded PNG/JPEG into one), decodes its pixels and writes a fresh RGBA PNG. Nothing of
 * the upload but the pixels survives: no text or metadata chunks, no bytes after IEND, no second format
 * hidden in the file. Only what a browser canvas produces is accepted: 8-bit, not interlaced.
 */
const SIG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const typeError = () =>
  new AppError(422, INVOICE_PRINT_MSG.signatureType, {
    details: [{ field: 'image', msgKey: INVOICE_PRINT_MSG.signatureType }],
  });
const tooLarge = () =>
  new AppError(422, INVOICE_PRINT_MSG.signatureTooLarge, {
    params: { maxKb: SIGNATURE_MAX_BYTES / 1024, ...SIGNATURE_MAX_SIZE },
    details: [{ field: 'image', msgKey: INVOICE_PRINT_MSG.signatureTooLarge }],
  });

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row. */
  pixels: Buffer;
}

/** The bytes of a `data:image/png;base64,…` URL (or plain base64); 422 for anything else. */
export function bytesOfDataUrl(value: string): Buffer {
  const m = /^data:([a-z/+.-]+);base64,([A-Za-z0-9+/=\s]+)$/i.exec(value.trim());
  if (m && m[1].toLowerCase() !== 'image/png') throw typeError();
  const b64 = m ? m[2] : value.trim();
  if (!/^[A-Za-z0-9+/=\s]+$/.test(b64)) throw typeError();
  const bytes = Buffer.from(b64, 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) throw tooLarge();
  return bytes;
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/** Decodes an 8-bit, non-interlaced PNG (grey, RGB, palette, grey+alpha, RGBA) into RGBA pixels. */
export function decodePng(buf: Buffer): RgbaImage {
  if (buf.length < 45 || !buf.subarray(0, 8).equals(SIG)) throw typeError();
  let pos = 8;
  let width = 0;
  let height = 0;
  let colourType = -1;
  let palette: Buffer | null = null;
  let trns: Buffer | null = null;
  const idat: Buffer[] = [];
  let ended = false;
  while (pos + 12 <= buf.length && !ended) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (pos + 12 + len > buf.length) throw typeError();
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (crc32(buf.subarray(pos + 4, pos + 8 + len)) !== buf.readUInt32BE(pos + 8 + len)) throw typeError();
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const depth = data[8];
      colourType = data[9];
      if (depth !== 8 || data[10] !== 0 || data[11] !== 0 || data[12] !== 0) throw typeError();
      if (![0, 2, 3, 4, 6].includes(colourType)) throw typeError();
      if (!width || !height) throw typeError();
      if (width > SIGNATURE_MAX_SIZE.width || height > SIGNATURE_MAX_SIZE.height) throw tooLarge();
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') trns = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    pos += 12 + len;
  }
  if (!ended || !width || !idat.length || (colourType === 3 && !palette)) throw typeError();
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colourType] ?? 4;
  const stride = width * channels;
  let raw: Buffer;
  try {
    // The inflated size is known from the header: a "zip bomb" cannot grow past it.
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: (stride + 1) * height });
  } catch {
    throw typeError();
  }
  if (raw.length !== (stride + 1) * height) throw typeError();
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[row + x - channels] : 0;
      const b = y > 0 ? out[row - stride + x] : 0;
      const c = x >= channels && y > 0 ? out[row - stride + x - channels] : 0;
      const v = raw[src + x];
      let r: number;
      if (filter === 0) r = v;
      else if (filter === 1) r = v + a;
      else if (filter === 2) r = v + b;
      else if (filter === 3) r = v + ((a + b) >> 1);
      else if (filter === 4) r = v + paeth(a, b, c);
      else throw typeError();
      out[row + x] = r & 0xff;
    }
  }
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const o = i * 4;
    if (colourType === 6) out.copy(pixels, o, i * 4, i * 4 + 4);
    else if (colourType === 2) {
      out.copy(pixels, o, i * 3, i * 3 + 3);
      pixels[o + 3] = 255;
    } else if (colourType === 0 || colourType === 4) {
      const g = out[i * channels];
      pixels[o] = g;
      pixels[o + 1] = g;
      pixels[o + 2] = g;
      pixels[o + 3] = colourType === 4 ? out[i * 2 + 1] : 255;
    } else {
      const idx = out[i];
      if (!palette || idx * 3 + 2 >= palette.length) throw typeError();
      pixels[o] = palette[idx * 3];
      pixels[o + 1] = palette[idx * 3 + 1];
      pixels[o + 2] = palette[idx * 3 + 2];
      pixels[o + 3] = trns && idx < trns.length ? trns[idx] : 255;
    }
  }
  return { width, height, pixels };
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** Writes RGBA pixels as a fresh PNG (8-bit RGBA, no ancillary chunks). */
export function encodePng(img: RgbaImage): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(img.width, 0);
  ihdr.writeUInt32BE(img.height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const stride = img.width * 4;
  const raw = Buffer.alloc((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++)
    img.pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  return Buffer.concat([
    SIG,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Whether a pixel carries ink: visible and darker than near-white paper. */
const inked = (p: Buffer, o: number) => p[o + 3] > 32 && p[o] + p[o + 1] + p[o + 2] < 3 * 200;

/**
 * The sanitised signature: decoded, refused when blank, cropped to the ink with a small margin, with
 * near-white paper made transparent (so it stamps cleanly over the PDF's signature line), re-encoded.
 */
export function sanitiseSignature(bytes: Buffer): { png: Buffer; width: number; height: number } {
  const img = decodePng(bytes);
  let minX = img.width;
  let minY = img.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++)
      if (inked(img.pixels, (y * img.width + x) * 4)) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
  if (maxX < 0)
    throw new AppError(422, INVOICE_PRINT_MSG.signatureEmpty, {
      details: [{ field: 'image', msgKey: INVOICE_PRINT_MSG.signatureEmpty }],
    });
  const m = 4;
  minX = Math.max(0, minX - m);
  minY = Math.max(0, minY - m);
  maxX = Math.min(img.width - 1, maxX + m);
  maxY = Math.min(img.height - 1, maxY + m);
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const s = ((y + minY) * img.width + x + minX) * 4;
      const d = (y * width + x) * 4;
      if (inked(img.pixels, s)) img.pixels.copy(pixels, d, s, s + 4);
    }
  return { png: encodePng({ width, height, pixels }), width, height };
}

/**
 * A drawn-looking signature for the demo users (seed only): a pen stroke along a wavy line whose shape
 * depends on the name, so each demo user's signature differs.
 */
export function demoSignaturePng(name: string): Buffer {
  const width = 360;
  const height = 100;
  const pixels = Buffer.alloc(width * height * 4);
  let seed = 0;
  for (const ch of name) seed = (seed * 31 + ch.charCodeAt(0)) % 997;
  const dot = (cx: number, cy: number, r: number) => {
    for (let y = Math.floor(cy - r); y <= cy + r; y++)
      for (let x = Math.floor(cx - r); x <= cx + r; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
        const o = (y * width + x) * 4;
        pixels[o] = 20;
        pixels[o + 1] = 40;
        pixels[o + 2] = 120;
        pixels[o + 3] = 255;
      }
  };
  const loops = 3 + (seed % 4);
  for (let t = 0; t <= 1; t += 0.0005) {
    const x = 20 + t * 300 + 18 * Math.sin(t * Math.PI * 2 * loops + seed);
    const y = 50 + 26 * Math.sin(t * Math.PI * (loops + 1) + seed / 7) * Math.cos(t * Math.PI * 1.5);
    dot(x, y, 1.6);
  }
  for (let t = 0; t <= 1; t += 0.002) dot(40 + t * 280, 84 + 4 * Math.sin(t * 9 + seed), 1.2);
  return encodePng({ width, height, pixels });
}
