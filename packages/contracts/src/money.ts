import { z } from 'zod';
import {
  decimalsOf,
  isDecimalString,
  MONEY_INTEGER_DIGITS,
  MONEY_MAX_SCALE,
  minorUnits,
  money,
} from './money-core';
import { MSG } from './msg-keys';

export * from './money-core';

export interface MoneyOptions {
  /** Currency whose minor units cap the decimals; without it, `scale` (default 2). */
  currency?: string;
  scale?: number;
  /** Refuse 0 (prices); otherwise 0 is allowed (limits). */
  positive?: boolean;
  /** Message key of every refusal (default msgAmountInvalid). */
  msg?: string;
}

/**
 * Zod: a non-negative amount as a decimal string with at most 14 integer digits and the currency's decimals
 * (default 2), answered with exactly that many decimals ("1200.5" → "1200.50"). More decimals are refused,
 * not rounded: a typed amount is never changed behind the user's back. A JSON number is refused too.
 */
export function ZMoney(opts: MoneyOptions = {}) {
  const scale = opts.scale ?? minorUnits(opts.currency);
  const msg = opts.msg ?? MSG.amountInvalid;
  const fraction = scale > 0 ? `(\\.\\d{1,${scale}})?` : '';
  const pattern = new RegExp(`^\\d{1,${MONEY_INTEGER_DIGITS}}${fraction}$`);
  return z
    .string({ message: msg })
    .trim()
    .min(1, MSG.fieldRequired)
    .regex(pattern, msg)
    .refine((v) => !opts.positive || !isDecimalString(v) || money.compare(v, '0') > 0, msg)
    .transform((v) => (isDecimalString(v) ? money.round(v, { scale }) : v));
}

/**
 * Zod: a positive amount whose currency is another field (a rate line): up to the largest minor units (4);
 * the form's cross-field rule (`amountScaleIssue`) then holds it to its currency. Kept as typed.
 */
export const ZAmountAnyCurrency = z
  .string({ message: MSG.amountInvalid })
  .trim()
  .min(1, MSG.fieldRequired)
  .regex(new RegExp(`^\\d{1,${MONEY_INTEGER_DIGITS}}(\\.\\d{1,${MONEY_MAX_SCALE}})?$`), MSG.amountInvalid)
  .refine((v) => isDecimalString(v) && money.compare(v, '0') > 0, MSG.amountInvalid);

/** msgAmountScale when an amount has more decimals than its currency has minor units (JPY 1.5). */
export const amountScaleIssue = (amount: string, currency: string | null | undefined): string | null =>
  isDecimalString(amount) && decimalsOf(amount) > minorUnits(currency) ? MSG.amountScale : null;
