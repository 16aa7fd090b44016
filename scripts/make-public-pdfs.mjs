#!/usr/bin/env node
// Writes the public documents (000 §2.1 public documents page, /china-privacy-policy) under
// apps/server/public-files/ as minimal valid one-page PDFs, built by hand (no PDF library needed).
// Run: node scripts/make-public-pdfs.mjs. The output is committed; rerun after changing the texts.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/public-files');

const DOCS = [
  {
    file: 'PrivacyPolicy.pdf',
    title: 'Privacy Policy',
    lines: [
      'We collect the personal data you give us to provide freight forwarding services.',
      'We keep it only as long as needed and never sell it.',
      'Contact our data protection officer to see or correct your data.',
    ],
  },
  {
    file: 'PersonalInformationExportStatement.pdf',
    title: 'Statement and Authorization on Personal Information Export',
    lines: [
      'Shipping documents may carry personal information to carriers and agents abroad.',
      'By using the portal you authorize this transfer for the shipments you book.',
    ],
  },
  {
    file: 'ChinaPrivacyPolicy.pdf',
    title: 'China Privacy Policy',
    lines: [
      'This policy applies to users in mainland China under the Personal Information Protection Law.',
      'Personal information is processed only for the services you request.',
    ],
  },
];

/** PDF string literal: escape backslash and parentheses; the texts are ASCII. */
const lit = (s) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`;

function pdf(title, lines) {
  const text = [
    'BT',
    '/F1 18 Tf',
    '72 760 Td',
    `${lit(title)} Tj`,
    '/F1 11 Tf',
    '0 -32 Td',
    ...lines.flatMap((l) => [`${lit(l)} Tj`, '0 -16 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    `<< /Title ${lit(title)} /Producer (scripts/make-public-pdfs.mjs) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

mkdirSync(OUT, { recursive: true });
for (const d of DOCS) {
  writeFileSync(path.join(OUT, d.file), pdf(d.title, d.lines));
  console.log(`wrote ${path.join('apps/server/public-files', d.file)}`);
}
