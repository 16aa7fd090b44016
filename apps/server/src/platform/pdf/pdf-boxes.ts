/** A labelled cell of a box row: its label and its lines. */
export type BoxCell = [label: string, lines: string[]];

/**
 * The labelled-box layout of the bills of lading (house and master): a box is a small grey label over its
 * text in 9 pt, framed, at least `minH` tall; a row is boxes side by side sharing the text width `width` from
 * `left`, all as tall as the tallest. Each answers what the caller needs to place the next thing: a box its
 * height, a row the y below it.
 */
export function pdfBoxes(doc: PDFKit.PDFDocument, left: number, width: number) {
  const box = (x: number, y: number, w: number, label: string, lines: string[], minH = 0) => {
    doc
      .font('bold')
      .fontSize(7)
      .fillColor('#555')
      .text(label, x + 4, y + 3, { width: w - 8 });
    doc.font('regular').fontSize(9).fillColor('#000');
    const text = lines.join('\n');
    const h = Math.max(minH, 14 + doc.heightOfString(text || ' ', { width: w - 8 }) + 6);
    doc.text(text, x + 4, y + 13, { width: w - 8 });
    doc.rect(x, y, w, h).lineWidth(0.6).strokeColor('#333').stroke();
    return h;
  };
  /** The height of a row of `cells` (its tallest box). */
  const rowHeight = (cells: BoxCell[], minH = 0) => {
    const w = width / cells.length;
    doc.font('regular').fontSize(9);
    return Math.max(
      ...cells.map(([, lines]) =>
        Math.max(minH, 14 + doc.heightOfString(lines.join('\n') || ' ', { width: w - 8 }) + 6),
      ),
    );
  };
  const row = (y: number, cells: BoxCell[], minH = 0) => {
    const w = width / cells.length;
    const h = rowHeight(cells, minH);
    cells.forEach(([label, lines], i) => {
      box(left + i * w, y, w, label, lines, h);
    });
    return y + h;
  };
  return { box, rowHeight, row };
}
