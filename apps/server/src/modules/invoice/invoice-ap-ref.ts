import { inflateSync } from 'node:zlib';

/**
 * Reading the vendor's invoice number (the AP ref) from an uploaded document (002 §2 batch upload document).
 * Without a PDF library (docs/decisions.md): plain text files as they are; PDFs through their text-showing
 * operators (Tj, TJ, ', ") in raw or Flate-compressed content streams, literal and hex strings in a single-
 * byte encoding. Scans, images and CID-font PDFs give no text: the user then updates the AP ref by hand.
 */

/** Decodes a PDF literal string body (between the parentheses) with its escapes. */
function literal(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3}|\r?\n)/g, (_, e: string) => {
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return (
      ({ n: '\n', r: '\r', t: '\t', b: '', f: '', '(': '(', ')': ')', '\\': '\\' } as Record<string, string>)[
        e
      ] ?? ''
    );
  });
}

const hex = (h: string) => {
  const clean = h.replace(/\s+/g, '');
  const even = clean.length % 2 ? `${clean}0` : clean;
  return Buffer.from(even, 'hex').toString('latin1');
};

/** The text shown by one content stream: each show operator on its own line, TJ kerning gaps as spaces. */
function streamText(content: string): string {
  const out: string[] = [];
  // A string token: literal with balanced/escaped parentheses, or hex.
  const token = /\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>/g;
  const show =
    /(\[(?:[^\]\\]|\\.)*\]\s*TJ)|((?:\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>)\s*(?:Tj|'|"))/g;
  for (const m of content.matchAll(show)) {
    const part = m[0];
    if (part.trimEnd().endsWith('TJ')) {
      let line = '';
      const items = part.slice(1, part.lastIndexOf(']'));
      const re = /(\((?:\\.|[^\\()]|\((?:\\.|[^\\()])*\))*\)|<[0-9A-Fa-f\s]*>)|(-?\d+(?:\.\d+)?)/g;
      for (const it of items.matchAll(re)) {
        if (it[1]) line += it[1].startsWith('(') ? literal(it[1].slice(1, -1)) : hex(it[1].slice(1, -1));
        else if (it[2] && Number(it[2]) < -200) line += ' ';
      }
      out.push(line);
    } else {
      const s = part.match(token)?.[0] ?? '';
      out.push(s.startsWith('(') ? literal(s.slice(1, -1)) : hex(s.slice(1, -1)));
    }
  }
  return out.join('\n');
}

/** The text of a PDF's content streams (best effort; '' when none can be read). */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const stream = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (const m of raw.matchAll(stream)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    const dict = m[1];
    if (/\/Subtype\s*\/Image|\/Type\s*\/XObject|\/Length1/.test(dict)) continue;
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    } else if (/\/Filter/.test(dict)) continue;
    const content = body.toString('latin1');
    if (/\bBT\b/.test(content)) texts.push(streamText(content));
  }
  return texts.join('\n');
}

/** The document's text by its content type ('' for images and other kinds). */
export function documentText(content: Buffer, contentType: string): string {
  if (contentType === 'application/pdf') return pdfText(content);
  if (contentType.startsWith('text/')) return content.toString('utf8');
  return '';
}

/**
 * The vendor invoice number in a document's text: after "Invoice No." / "Invoice Number" / "Invoice #" /
 * "Inv No" / "AP Ref" or the Chinese 發票號碼 / 发票号码, a code of 4 to 30 letters, digits and - / . _
 * holding at least one digit. Null when none is found.
 */
export function findApRef(text: string): string | null {
  const label =
    /(?:invoice\s*(?:no\.?|number|num\.?|#)|inv\.?\s*(?:no\.?|#)|ap\s*ref\.?|發票號碼|发票号码|發票編號|发票编号)\s*[:：#.]?\s*([A-Za-z0-9][A-Za-z0-9\-/._]{3,29})/gi;
  for (const m of text.matchAll(label)) {
    const code = m[1].replace(/[._/-]+$/, '');
    if (/\d/.test(code) && code.length >= 4) return code.toUpperCase();
  }
  return null;
}
