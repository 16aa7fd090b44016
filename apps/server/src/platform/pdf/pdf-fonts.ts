import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The PDF fonts shared by every document the server renders (booking house bill, invoices, CR summary).
 * Noto Sans SC (OFL, from @expo-google-fonts/noto-sans-sc) renders Latin and Chinese alike; the files are
 * read once per process and each PDF embeds only the subset of glyphs it uses. Moved here from the booking
 * house-doc renderer so invoices reuse the same parsed faces instead of loading fonts per document.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};
let fonts: { regular: Buffer; bold: Buffer } | null = null;
const loadFonts = () => {
  fonts ??= {
    regular: readFileSync(require.resolve(FONT_FILES.regular)),
    bold: readFileSync(require.resolve(FONT_FILES.bold)),
  };
  return fonts;
};

/** pdfkit internals used to share parsed fonts between documents (pdfkit 0.17+; checked before use). */
interface EmbeddedFontLike {
  font: unknown;
  /** pdfkit's per-document cache of shaped words (text → glyph run); absent with fontLayoutCache: false. */
  layoutCache?: Record<string, unknown>;
}
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: unknown, id: string) => EmbeddedFontLike;
interface PdfKitInternals {
  _font?: EmbeddedFontLike;
  _fontFamilies?: Record<string, EmbeddedFontLike>;
  _fontCount?: number;
}
type FaceName = keyof typeof FONT_FILES;

/**
 * The fonts parsed once per process. pdfkit parses a registered font anew for every document, and laying out
 * the first line with the 10 MB CJK font (cmap, GSUB, glyph cache) costs 40-110 ms each time, most of a
 * PDF's time; one shared fontkit face keeps those caches, so later documents lay out in a few ms. Each
 * document still gets its own embedded font object, so it embeds its own subset of the glyphs it uses.
 * null when pdfkit's internals are not as expected (then each document parses the fonts, as before).
 */
let sharedFaces: { Embedded: EmbeddedFontClass; faces: Record<FaceName, unknown> } | null | undefined;
function parsedFaces() {
  if (sharedFaces !== undefined) return sharedFaces;
  sharedFaces = null;
  try {
    const f = loadFonts();
    const scratch = new PDFDocument() as PDFKit.PDFDocument & PdfKitInternals;
    const faces = {} as Record<FaceName, unknown>;
    let Embedded: EmbeddedFontClass | null = null;
    for (const name of Object.keys(FONT_FILES) as FaceName[]) {
      scratch.font(f[name]);
      faces[name] = scratch._font?.font;
      Embedded = (scratch._font?.constructor as EmbeddedFontClass | undefined) ?? null;
    }
    if (Embedded && Object.values(faces).every(Boolean) && typeof scratch._fontFamilies === 'object') {
      sharedFaces = { Embedded, faces };
    }
  } catch {
    sharedFaces = null;
  }
  return sharedFaces;
}

/**
 * Shaped words shared by every document of this thread, per face. pdfkit shapes each word (OpenType GSUB/GPOS
 * through fontkit) and caches the run per document only, so every house bill shaped its labels, party names and
 * numbers again: about a third of a PDF's CPU. A run holds the face's own glyph ids and scaled positions, which do
 * not depend on the document (each document still maps them into its own subset when it writes them). Emptied
 * when it passes LAYOUT_CACHE_MAX words, so arbitrary text (names, numbers) cannot grow it without bound.
 */
const LAYOUT_CACHE_MAX = 20_000;
const layoutCaches = new Map<FaceName, Record<string, unknown>>();
let documentsSinceCheck = 0;
function sharedLayoutCache(name: FaceName): Record<string, unknown> {
  let cache = layoutCaches.get(name);
  if (!cache || (documentsSinceCheck === 0 && Object.keys(cache).length > LAYOUT_CACHE_MAX)) {
    cache = Object.create(null) as Record<string, unknown>;
    layoutCaches.set(name, cache);
  }
  return cache;
}

/** Makes `regular` and `bold` usable in `doc`: the shared parsed faces when possible, else registered buffers. */
export function useFonts(doc: PDFKit.PDFDocument) {
  const shared = parsedFaces();
  const internals = doc as PDFKit.PDFDocument & PdfKitInternals;
  if (shared && internals._fontFamilies && typeof internals._fontCount === 'number') {
    // The caches' sizes are looked at every 256 documents (counting keys costs more than a lookup).
    documentsSinceCheck = (documentsSinceCheck + 1) % 256;
    for (const name of Object.keys(FONT_FILES) as FaceName[]) {
      internals._fontCount++;
      const font = new shared.Embedded(doc, shared.faces[name], `F${internals._fontCount}`);
      if (font.layoutCache) font.layoutCache = sharedLayoutCache(name);
      internals._fontFamilies[name] = font;
    }
    return;
  }
  const f = loadFonts();
  doc.registerFont('regular', f.regular);
  doc.registerFont('bold', f.bold);
}

/**
 * Parses the fonts and lays out a line in each face (Latin and Chinese), filling the shared faces' caches:
 * a PDF worker calls it when it starts, so the first document it renders costs what the others do.
 */
export function warmFonts(): void {
  const doc = new PDFDocument({ size: 'A4' });
  useFonts(doc);
  doc.on('data', () => {});
  doc.font('regular').fontSize(9).text('Warm-up 0123456789 提单 提單', { width: 200 });
  doc.font('bold').fontSize(9).text('BILL OF LADING 提单', { width: 200 });
  doc.end();
}

/** Collects a pdfkit document's output into one Buffer (resolved when `doc.end()` has flushed). */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
