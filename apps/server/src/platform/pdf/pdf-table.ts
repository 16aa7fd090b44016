/** A column of a PDF table: its heading, its share of the table's width, how its cells align. */
export type PdfColumn = readonly [label: string, share: number, align: 'left' | 'right' | 'center'];

/**
 * The ruled table of the invoice documents (an invoice's lines, a cheque request summary): a grey heading band
 * with bold 7.5 pt labels, cells in columns by share of `width` from `left` with 3 pt padding, a thin grey rule
 * under each row. Each answers what the caller needs to place the next thing: the heading the y below it, a row of
 * cells its height.
 */
export function pdfTable(
  doc: PDFKit.PDFDocument,
  left: number,
  width: number,
  cols: readonly PdfColumn[],
  heading: { height: number; gap: number; text: PDFKit.Mixins.TextOptions },
) {
  const cellWidth = (c: number) => width * cols[c][1] - 6;
  /** The heading band at `top`; answers the y where the first row starts. */
  const header = (top: number) => {
    doc.rect(left, top, width, heading.height).fillColor('#eee').fill();
    let x = left;
    doc.font('bold').fontSize(7.5).fillColor('#000');
    for (const [label, share, align] of cols) {
      doc.text(label, x + 3, top + 4, { width: width * share - 6, align, ...heading.text });
      x += width * share;
    }
    return top + heading.height + heading.gap;
  };
  /** Writes one row's cells from `y` in the current font; answers the tallest cell's height. */
  const cells = (y: number, values: readonly string[], color: (c: number) => string = () => '#000') => {
    let x = left;
    let h = 0;
    values.forEach((v, c) => {
      doc.fillColor(color(c)).text(v, x + 3, y, { width: cellWidth(c), align: cols[c][2] });
      h = Math.max(h, doc.y - y);
      x += width * cols[c][1];
    });
    return h;
  };
  /** The thin rule under a row. */
  const rule = (y: number) => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.3)
      .strokeColor('#bbb')
      .stroke();
  };
  return { header, cells, rule, cellWidth };
}
