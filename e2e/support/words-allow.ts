/**
 * The English a Chinese screen may show (the language journey, tests/words.spec.ts, docs/language.md): proper
 * names and codes that a freight forwarder writes in Latin letters in every language. Anything else in Latin
 * letters on a zh-HK or zh-CN screen counts as an English word. Keep it short; a word belongs here only when
 * the Chinese screens of the trade write it in English too.
 */

/** Tokens (letters only, case as written) that are codes in every language. */
export const CODE_WORDS = new Set([
  // shipping documents and references
  'SO',
  'HBL',
  'MBL',
  'BL',
  'B/L',
  'PO',
  'DN',
  'CN',
  'SI',
  'VGM',
  'ISF',
  'ENS',
  'AMS',
  'EDI',
  'DCSA',
  'eBL',
  'HS',
  'PL',
  // terms of trade and service (Incoterms, FCL/LCL)
  'FCL',
  'LCL',
  'FOB',
  'CIF',
  'CFR',
  'EXW',
  'DAP',
  'DDP',
  'FCA',
  'CPT',
  'CIP',
  'DPU',
  'ETD',
  'ETA',
  'ATD',
  'ATA',
  'POL',
  'POD',
  'MQC',
  'TEU',
  'FEU',
  'CO',
  'CO2e',
  'GP',
  'AR',
  'AP',
  'SOP',
  'SOPMS',
  'PDF',
  'CSV',
  'Excel',
  'XLSX',
  'API',
  'URL',
  'HMAC',
  'SHA',
  'ID',
  'IBAN',
  'SWIFT',
  'UN',
  'LOCODE',
  'IMO',
  'SCAC',
  'PBI',
  'MIS',
  // units
  'CBM',
  'KG',
  'KGS',
  'LB',
  'LBS',
  'PCS',
  'PKG',
  'PKGS',
  'CTN',
  'CTNS',
  'PLT',
  'km',
  'kg',
  'MB',
  'KB',
  // container types
  'HC',
  'HQ',
  'RF',
  'OT',
  'FR',
  'TK',
  'NOR',
  // keys named in keyboard hints ("Ctrl+K", "Shift + arrows")
  'Ctrl',
  'Shift',
  'Enter',
  'Alt',
  'Esc',
  'Tab',
  'Space',
  // proper names the screens' own words use: a product (Webhook), a standard (GLEC Framework), the MQC
  // report named after its customer (Shapiro), the language switch's own name for English
  'Webhook',
  'Framework',
  'Shapiro',
  'English',
]);

/**
 * Whether a Latin token is a code rather than an English word: listed above, a single capital (a shortcut's
 * key, "1M"), a currency or UN/LOCODE-like code (2–6 capitals), a document, party, container or port number
 * (letters with digits: DEMOHKG017, MSCU1234567, 40HC), or codes joined by - or / (CNSHA-USLAX, B/L).
 */
export function isCodeToken(token: string): boolean {
  if (CODE_WORDS.has(token)) return true;
  if (/\d/.test(token) || /^[A-Z]{1,6}$/.test(token)) return true;
  const parts = token.split(/[-/]/);
  return parts.length > 1 && parts.every((p) => p === '' || isCodeToken(p));
}
