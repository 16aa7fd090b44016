/// <reference lib="dom" />

import type { Page } from '@playwright/test';
import {
  ACCT_PROCESS_STATUSES,
  APPROVAL_STATUSES,
  BOOKING_STATUSES,
  CARRIER_BOOKING_STATUSES,
  CONSOL_STATUSES,
  INVOICE_STATUSES,
  JOURNAL_STATUSES,
  MBL_STATUSES,
  PERIOD_STATUSES,
  SI_STATUSES,
  SPACE_STATUSES,
} from '@portal/contracts';
import { type ChineseLanguage, otherScript } from '../../apps/web/src/shared/i18n/chinese-script';
import { CODE_WORDS, isCodeToken } from './words-allow';

/**
 * What the language journey (tests/words.spec.ts, docs/language.md) counts as a raw code or a word of the wrong
 * language in what a screen shows.
 */
export const CATEGORIES = [
  /** A catalogue key shown as it is: `msgSaveFailed`, `errTimeout`, `booking:field.so_no`. */
  'messageKey',
  /** A stored status of the contracts' lists (`DRAFT`, `APPROVED_2`) or any UPPER_SNAKE code (`SHIP_TO`). */
  'enumValue',
  /** An ISO time as stored: `2026-11-30T12:00`, `2026-11-30T12:00:00.000Z`. */
  'isoTimestamp',
  /** A field path or identifier: `so_nos.0`, `containers.0.seal_no`, `carrier_mbl_no`, `masterSetting`. */
  'fieldPath',
  /** A character of the other Chinese script (OpenCC's tables; zh-HK and zh-CN only). */
  'otherScript',
  /** An English word on a Chinese screen that is not a code or proper name of words-allow.ts (zh only). */
  'englishWord',
] as const;
export type Category = (typeof CATEGORIES)[number];

export type Language = 'en-US' | ChineseLanguage;

/** A piece of visible text and whether it is a record's data (a table cell) rather than the screen's words. */
export interface Piece {
  text: string;
  data: boolean;
}

export interface Finding {
  category: Category;
  token: string;
  context: string;
}

/** Status codes of the contracts' lists, three characters or longer (single letters like A/I are too short to tell). */
const STATUS_CODES = new Set<string>(
  [
    BOOKING_STATUSES,
    SI_STATUSES,
    CARRIER_BOOKING_STATUSES,
    SPACE_STATUSES,
    APPROVAL_STATUSES,
    CONSOL_STATUSES,
    MBL_STATUSES,
    INVOICE_STATUSES,
    ACCT_PROCESS_STATUSES,
    JOURNAL_STATUSES,
    PERIOD_STATUSES,
  ]
    .flat()
    .filter((code: string) => /^[A-Z][A-Z0-9_]{2,}$/.test(code)),
);

const FILE_NAME = /\.(pdf|xlsx?|csv|png|jpe?g|gif|json|xml|txt|docx?|zip|eml|html?)$/i;

/** The patterns of the code categories, each with a filter where a pattern alone is too wide. */
const PATTERNS: { category: Category; re: RegExp; keep?: (token: string, data: boolean) => boolean }[] = [
  { category: 'messageKey', re: /\b(?:msg|err)[A-Z][A-Za-z0-9]*\b/g },
  // an i18next key with its namespace, shown when a text is missing
  { category: 'messageKey', re: /\b[a-z][A-Za-z0-9-]*:[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+\b/g },
  {
    category: 'isoTimestamp',
    re: /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?/g,
  },
  {
    category: 'enumValue',
    re: /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b/g,
    keep: (t) => STATUS_CODES.has(t) || (t.includes('_') && /[A-Z]{2}/.test(t)),
  },
  {
    // a path with an index (`so_nos.0`), snake_case (`carrier_mbl_no`) and, in the screen's own words,
    // camelCase or run-together names (`masterSetting`, `NotificationCenter`, `SOPMSSearch`; not GmbH, HBLs)
    category: 'fieldPath',
    re: /(?<![@/\w.-])[A-Za-z_][A-Za-z0-9_]*(?:\.(?:\d+|[A-Za-z_][A-Za-z0-9_]*))*(?![\w@/-])/g,
    keep: (t, data) =>
      !CODE_WORDS.has(t) &&
      !FILE_NAME.test(t) &&
      (/[A-Za-z_]{2}\.\d+(?:\.|$)/.test(t) ||
        /[A-Za-z0-9]_[A-Za-z0-9]/.test(t) ||
        (!data && /^[a-z]+[A-Z][A-Za-z]*[a-z]$|^[A-Z][a-z]+[A-Z][a-z]|^[A-Z]{2,}[a-z]{2}/.test(t))),
  },
];

/**
 * Addresses, links and paths (`/BMS/party`, `data/mail`) are data, not words, and so are a template's
 * placeholders (`{{so_no}}` in an e-mail subject the admin edits): left out of every category.
 */
const LINKS =
  /\{\{[^{}]*\}\}|\S+@\S+\.\w+|https?:\/\/\S+|www\.\S+|(?<![\w/])\/[\w/:.-]*[A-Za-z][\w/:.-]*|\b[a-z][\w.-]*\/[\w/.-]*[a-z]/g;
/** A Latin word (letters, inner apostrophes or dashes). */
const LATIN_WORD = /[A-Za-z][A-Za-z0-9]*(?:['’-][A-Za-z0-9]+)*/g;

/** The Latin words of a text, as the English-word category reads them. */
export const latinWords = (text: string) => [...text.matchAll(LATIN_WORD)].map((m) => m[0]);

const around = (text: string, at: number, length: number) =>
  text.slice(Math.max(0, at - 20), at + length + 20).replace(/\s+/g, ' ');

/**
 * The findings in one screen's pieces of text, in the order found. Codes count in the data as well (a status
 * in a table row is as raw as one in a heading); the other script and English words only in the screen's own
 * words, and an English word not when the run showed it as data somewhere (`dataWords`: names of parties,
 * people, places and cargo, which stay as their owners wrote them).
 */
export function classify(pieces: Piece[], language: Language, dataWords: ReadonlySet<string>): Finding[] {
  const found: Finding[] = [];
  for (const piece of pieces) {
    let rest = piece.text.replace(LINKS, (m) => ' '.repeat(m.length));
    for (const { category, re, keep } of PATTERNS) {
      rest = rest.replace(re, (token: string, at: number) => {
        if (keep && !keep(token, piece.data)) return token;
        found.push({ category, token, context: around(piece.text, at, token.length) });
        return ' '.repeat(token.length);
      });
    }
    if (language === 'en-US' || piece.data) continue;
    for (const f of otherScript(piece.text, language)) {
      found.push({ category: 'otherScript', token: f.char, context: f.context });
    }
    for (const m of rest.matchAll(LATIN_WORD)) {
      if (isCodeToken(m[0]) || dataWords.has(m[0])) continue;
      found.push({ category: 'englishWord', token: m[0], context: around(piece.text, m.index, m[0].length) });
    }
  }
  return found;
}

/**
 * The visible text of the page's parts (`roots`, CSS selectors) line by line, as the browser lays it out
 * (innerText: what is hidden is left out, form fields' values too), with CSS capitals (text-transform) undone so
 * a capitalised word does not read as a code, and the placeholders of shown inputs. A line is data when it is
 * the text of a table cell, a choice of a list (carriers, parties), a chart's label or the signed-in user's
 * name. `withTitle` adds the page's title.
 */
export function visiblePieces(page: Page, roots: string[], withTitle = false): Promise<Piece[]> {
  return page.evaluate(
    ({ selectors, title }) => {
      const w = window as unknown as { wordsSheet?: CSSStyleSheet };
      if (!w.wordsSheet) {
        // CSSOM, not a <style> element: the app's Content-Security-Policy allows no inline styles.
        w.wordsSheet = new CSSStyleSheet();
        w.wordsSheet.replaceSync('* { text-transform: none !important; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, w.wordsSheet];
      }
      const out: { text: string; data: boolean }[] = [];
      const lines = (text: string) =>
        text
          .split(/[\n\t]/)
          .map((l) => l.trim())
          .filter(Boolean);
      for (const root of selectors.flatMap((s) => [...document.querySelectorAll<HTMLElement>(s)])) {
        const data = new Set<string>();
        for (const cell of root.querySelectorAll<HTMLElement>(
          'td, [role="gridcell"], [role="cell"], select, [role="option"], [data-testid="header-user"]',
        )) {
          for (const l of lines(cell.innerText)) data.add(l);
        }
        for (const label of root.querySelectorAll('svg text'))
          for (const l of lines(label.textContent ?? '')) data.add(l);
        for (const text of lines(root.innerText)) out.push({ text, data: data.has(text) });
        for (const input of root.querySelectorAll<HTMLInputElement>(
          'input[placeholder], textarea[placeholder]',
        )) {
          if (input.placeholder.trim() && input.checkVisibility())
            out.push({ text: input.placeholder, data: false });
        }
      }
      if (title) out.push({ text: document.title, data: false });
      return out;
    },
    { selectors: roots, title: withTitle },
  );
}
