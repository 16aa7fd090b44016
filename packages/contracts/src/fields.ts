import { z } from 'zod';
import { MSG } from './msg-keys';

// Field schemas the module contracts share (one place for what 9 contract files defined each for themselves).

/** Trimmed and upper-cased (codes, names of ports and carriers). */
export const upper = (s: string) => s.trim().toUpperCase();

/** Optional trimmed text up to `max` characters (blank → null). */
export const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.fieldTooLong)
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional upper-cased code or name (blank → null). */
export const optUpper = (max: number) =>
  z
    .string()
    .trim()
    .max(max, MSG.fieldTooLong)
    .nullish()
    .transform((v) => (v ? v.toUpperCase() : null));

/** A calendar day 'YYYY-MM-DD'. */
export const isoDate = z.iso.date({ message: MSG.fieldInvalid });
/** An optional day (blank → null). */
export const optDate = z
  .union([z.literal(''), isoDate])
  .nullish()
  .transform((v) => v || null);
/** Port-local wall-clock time 'YYYY-MM-DDTHH:mm' (sailing cut-offs, closings). */
export const localDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, MSG.fieldInvalid);
/** An optional port-local time (blank → null). */
export const optLocalDateTime = z
  .union([z.literal(''), localDateTime])
  .nullish()
  .transform((v) => v || null);
/** A required UN/LOCODE (upper-cased; 2 letters of the country and 3 of the place). */
export const locode = z
  .string({ message: MSG.fieldRequired })
  .transform(upper)
  .pipe(
    z
      .string()
      .min(1, MSG.fieldRequired)
      .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, MSG.locodeInvalid),
  );
/** A row id in a body (a positive PostgreSQL integer). */
export const id = z.number().int().positive().max(2_147_483_647);

/** Required trimmed text of 1 to `max` characters. */
export const reqText = (max: number) =>
  z.string({ message: MSG.fieldRequired }).trim().min(1, MSG.fieldRequired).max(max, MSG.fieldTooLong);

/** A required upper-cased code of 1 to `max` characters (offices, carriers). */
export const reqUpper = (max: number) =>
  z
    .string({ message: MSG.fieldRequired })
    .transform(upper)
    .pipe(z.string().min(1, MSG.fieldRequired).max(max, MSG.fieldTooLong));

/** An optional upper-cased code of up to `max` characters (blank → null). */
export const optUpperCode = (max: number) =>
  z
    .string()
    .transform(upper)
    .pipe(z.string().max(max, MSG.fieldTooLong))
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional row id (absent or null → null). */
export const optId = id.nullish().transform((v) => v ?? null);

const decimalPattern = (digits: number, decimals: number) =>
  new RegExp(`^\\d{1,${digits}}(\\.\\d{1,${decimals}})?$`);
/**
 * A decimal as text ("12.5"), up to `digits` digits before the point and `decimals` after; numbers are accepted
 * and converted. `params` is the message of a value that is neither (e.g. a missing one).
 */
export const decimalText = (digits: number, decimals: number, params?: { message: string }) =>
  z
    .union([z.string(), z.number()], params)
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(decimalPattern(digits, decimals), MSG.fieldInvalid));
/** An optional decimal as text (blank → null), as `decimalText`. */
export const optDecimalText = (digits: number, decimals: number) =>
  z
    .union([z.literal(''), z.string(), z.number()])
    .nullish()
    .transform((v) => (v === '' || v === null || v === undefined ? null : String(v).trim()))
    .pipe(z.string().regex(decimalPattern(digits, decimals), MSG.fieldInvalid).nullable());

/** The version a user read, sent back with an update (a newer one on the server answers 409). */
export const versionRead = z
  .number()
  .int()
  .min(1)
  .describe('Version read; a newer one on the server answers 409');

/** An action's body on a versioned record: the version the user saw and the reason when the action needs one. */
export const actionBody = {
  version: z.number().int(),
  reason: z.string().trim().max(1000, MSG.fieldTooLong).nullish(),
};

// ---- Answer fragments (plain types), spread into an answer's object: `z.object({ ..., ...recordStamps })` ----

/** Who created and last changed a record, and when. */
export const auditStamps = {
  created_at: z.string(),
  created_by: z.string().nullable(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
};
/** A versioned record's version and audit stamps (the last fields of its answer). */
export const recordStamps = { version: z.number().int(), ...auditStamps };
/** A sailing as answered: the schedule's id, carrier, vessel, voyage and its ETD and ETA (days). */
export const sailingOut = {
  sailing_id: z.number().int(),
  carrier_code: z.string(),
  vessel_name: z.string(),
  voyage: z.string(),
  etd: z.string(),
  eta: z.string(),
};
/** A sailing's carrier, vessel, voyage, ports and days as answered (a schedule row, a proposed sailing). */
export const sailingLaneOut = {
  carrier_code: z.string(),
  vessel_name: z.string(),
  voyage: z.string(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string(),
  eta: z.string(),
};

/**
 * `true` when A and B are the same type: an answer's schema (plain types, no transforms) states it has the
 * output type of the input schema it answers with, e.g. `true satisfies SameType<TOut, TFields>`.
 */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The `lang` of an export's querystring: the language of the column headers (en, zh_hk, zh_cn); absent, the
 * request's language. A list's export query is its list query extended with it: `ZXxxListQuery.extend(exportLang)`.
 */
export const exportLang = {
  lang: z.string().max(8).optional(),
};
