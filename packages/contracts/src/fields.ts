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
