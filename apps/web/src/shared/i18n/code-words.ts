import type { i18n as I18n, TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one catalogue of the words for stored codes (issue 39): `shared/locales/<lang>/codes.json`, the statuses
 * of every document kind (contracts' status lists) and party roles, in the three languages. Screens that show
 * a status of any kind (analytics, the alert dashboard, the report writer, global search, histories) and
 * messages with a code in their params word it from here, never as stored.
 */
export const CODES_NS = 'codes';

/** The status kinds the catalogue has a section for (`status.<kind>.<CODE>`). */
export const STATUS_KINDS = [
  'booking',
  'approval',
  'consolidation',
  'invoice',
  'masterBl',
  'party',
  'record',
] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

/**
 * Other names screens and the server give the same kinds: search hits (`consol`, `mbl`), analytics documents
 * (`master_bl`), alert rows (`booking_approval` rows carry the booking's status, `load_plan` the plan's).
 */
const KIND_ALIASES: Record<string, StatusKind> = {
  consol: 'consolidation',
  load_plan: 'consolidation',
  mbl: 'masterBl',
  master_bl: 'masterBl',
  booking_approval: 'booking',
};

/** The catalogue section of a kind as a screen or the server names it; null when it has none. */
export function statusKindOf(kind: string | null | undefined): StatusKind | null {
  if (!kind) return null;
  if ((STATUS_KINDS as readonly string[]).includes(kind)) return kind as StatusKind;
  return KIND_ALIASES[kind] ?? null;
}

/**
 * The word of a status code of a kind; a code the catalogue does not name shows as stored (the language
 * journey flags it). `t` must have the `codes` namespace loaded.
 */
export function statusWord(
  t: TFunction,
  kind: string | null | undefined,
  code: string | null | undefined,
): string {
  if (!code) return '';
  const k = statusKindOf(kind);
  return k ? t(`status.${k}.${code}`, { ns: CODES_NS, defaultValue: code }) : code;
}

/** `statusWord` bound to the current language; loads the `codes` namespace without suspending the screen. */
export function useStatusWord() {
  const { t } = useTranslation(CODES_NS, { useSuspense: false });
  return useCallback(
    (kind: string | null | undefined, code: string | null | undefined) => statusWord(t, kind, code),
    [t],
  );
}

/** Other sections of the catalogue: codes that are not a document's status (`<section>.<CODE>`). */
export const CODE_SECTIONS = ['acctProcess', 'partyRole'] as const;
export type CodeSection = (typeof CODE_SECTIONS)[number];

/** The word of a code of a section (an invoice's accounting process status…); unknown codes as stored. */
export function codeWord(t: TFunction, section: CodeSection, code: string | null | undefined): string {
  if (!code) return '';
  return t(`${section}.${code}`, { ns: CODES_NS, defaultValue: code });
}

/** `codeWord` bound to the current language; loads the `codes` namespace without suspending the screen. */
export function useCodeWord() {
  const { t } = useTranslation(CODES_NS, { useSuspense: false });
  return useCallback(
    (section: CodeSection, code: string | null | undefined) => codeWord(t, section, code),
    [t],
  );
}

/**
 * Interpolation formats of the `msg` texts that word a code param, e.g. "An ISF {{role, partyRole}} party is
 * required" → "An ISF Ship to party is required". Each reads the `codes` catalogue (loadMsg loads it with
 * `msg`); a code it does not name shows as stored.
 */
const FORMATS: Record<string, string> = {
  partyRole: 'partyRole',
  bookingStatus: 'status.booking',
  approvalStatus: 'status.approval',
  consolStatus: 'status.consolidation',
  invoiceStatus: 'status.invoice',
  mblStatus: 'status.masterBl',
};

/** Registers the code formats on an i18next instance (after init). */
export function registerCodeFormats(i18n: I18n) {
  const formatter = i18n.services.formatter;
  if (!formatter) return;
  for (const [name, section] of Object.entries(FORMATS))
    formatter.add(name, (value: unknown, lng: string | undefined) =>
      value === null || value === undefined || value === ''
        ? ''
        : i18n.t(`${section}.${String(value)}`, { ns: CODES_NS, lng, defaultValue: String(value) }),
    );
}
