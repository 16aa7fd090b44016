// The fields each invoice step needs (002 §5 "required where the flow needs them"), zod-free: the server refuses
// a step with these fields named in `details`, and the detail screen marks the same fields as required before
// the user presses the step's button (issue 38). One table, so the two never disagree.

import type { TFieldError } from './errors';
import { INVOICE_MSG, type TInvoiceAction, type TInvoiceType } from './invoice-catalogue';
import { MSG } from './msg-keys';

/** Header fields a step may need. */
export type TInvoiceStepHeaderField = 'invoice_date' | 'sub_type' | 'gov_invoice_no' | 'ap_ref';

/** A step with required fields, and the moves that run it. */
export const INVOICE_STEP_REQUIREMENTS = {
  /** Prepare and resubmit: the invoice date, the tax-invoice sub-type, at least one line, each with a tax code. */
  prepare: {
    actions: ['prepare', 'resubmit'],
    header: ['invoice_date', 'sub_type'],
    needsLine: true,
    line: ['tax_code'],
    sides: ['AR', 'AP'],
  },
  /** Import (of the government document): its number and the invoice date. */
  import: {
    actions: ['import', 'import_reversal'],
    header: ['gov_invoice_no', 'invoice_date'],
    needsLine: false,
    line: [],
    sides: ['AR', 'AP'],
  },
  /** Accounting print of a payable: the AP ref. */
  accounting_print: {
    actions: ['accounting_print'],
    header: ['ap_ref'],
    needsLine: false,
    line: [],
    sides: ['AP'],
  },
} as const satisfies Record<
  string,
  {
    actions: readonly TInvoiceAction[];
    header: readonly TInvoiceStepHeaderField[];
    needsLine: boolean;
    line: readonly 'tax_code'[];
    sides: readonly TInvoiceType[];
  }
>;
export type TInvoiceStep = keyof typeof INVOICE_STEP_REQUIREMENTS;
const STEPS = Object.keys(INVOICE_STEP_REQUIREMENTS) as TInvoiceStep[];

/** The step a move runs (for its required fields), or null when the move needs no field. */
export function invoiceStepOfAction(action: TInvoiceAction, type: TInvoiceType): TInvoiceStep | null {
  for (const s of STEPS) {
    const r = INVOICE_STEP_REQUIREMENTS[s];
    if ((r.actions as readonly string[]).includes(action) && (r.sides as readonly string[]).includes(type))
      return s;
  }
  return null;
}

/** What a step looks at: the header's values and the lines' tax codes (stored or in the form). */
export interface TInvoiceStepValues {
  inv_type: TInvoiceType;
  invoice_date?: string | null;
  sub_type?: string | null;
  gov_invoice_no?: string | null;
  ap_ref?: string | null;
  lines: readonly { tax_code?: string | null }[];
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/**
 * The fields a step still needs, as the server's `details` (field keys: `sub_type`, `lines`,
 * `lines.0.tax_code`), in the order the screen shows them; empty when the step may run.
 */
export function missingForInvoiceStep(step: TInvoiceStep, v: TInvoiceStepValues): TFieldError[] {
  const r = INVOICE_STEP_REQUIREMENTS[step];
  if (!(r.sides as readonly string[]).includes(v.inv_type)) return [];
  const details: TFieldError[] = [];
  for (const f of r.header) if (blank(v[f])) details.push({ field: f, msgKey: MSG.fieldRequired });
  if (r.needsLine && !v.lines.length) details.push({ field: 'lines', msgKey: INVOICE_MSG.needChargeLine });
  v.lines.forEach((l, i) => {
    for (const f of r.line)
      if (blank(l[f])) details.push({ field: `lines.${i}.${f}`, msgKey: MSG.fieldRequired });
  });
  return details;
}

/**
 * The header and line fields the next steps of an invoice will need, for the form's required markers: those
 * of every step among `actions` (the moves the user may make now; a new invoice's first step is prepare).
 */
export function fieldsForNextSteps(
  actions: readonly TInvoiceAction[],
  type: TInvoiceType,
): { header: Set<TInvoiceStepHeaderField>; line: Set<'tax_code'> } {
  const header = new Set<TInvoiceStepHeaderField>();
  const line = new Set<'tax_code'>();
  for (const a of actions) {
    const s = invoiceStepOfAction(a, type);
    if (!s) continue;
    for (const f of INVOICE_STEP_REQUIREMENTS[s].header) header.add(f);
    for (const f of INVOICE_STEP_REQUIREMENTS[s].line) line.add(f);
  }
  return { header, line };
}
