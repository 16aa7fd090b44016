import {
  formatMoney,
  isLineCategory,
  money,
  type TCreateTemplateRequest,
  type TTemplate,
  type TTemplateLineInput,
} from '@portal/contracts';

// The template form's model (template-wizard.tsx, template-lines-editor.tsx): its values from a template
// or a copy, the body of a save by category, which fields belong to the Setting step, and a line's total.

export type Values = Omit<TCreateTemplateRequest, 'lines'> & { lines: TTemplateLineInput[] };

export const SETTING_FIELDS = [
  'name',
  'description',
  'module',
  'category',
  'tags',
  'privacy',
  'offices',
  'colour',
  'status',
  'release_note',
];

export const blankLine = (): TTemplateLineInput => ({
  dr_cr: 'DR',
  basis: 'JOB',
  charge_code: '',
  currency: 'HKD',
  unit_price: '',
  quantity: '1',
  uom: '',
});

const PRINT_DEFAULTS = {
  layout: 'auto' as const,
  language: 'en' as const,
  show_base_currency: true,
  show_bank: true,
  show_tax: true,
  show_remarks: true,
  copy_label: 'none' as const,
};

/** The form's starting values: a template (edit), a copy of one (new from a view), or a blank one. */
export function initialValues(from: TTemplate | null, copyName: string | null): Values {
  if (!from)
    return {
      name: '',
      module: 'WEB_INVOICE',
      category: '7021',
      privacy: 'PRIVATE',
      colour: 'blue',
      status: 'A',
      tags: [],
      offices: [],
      lines: [blankLine()],
    };
  return {
    name: copyName ?? from.name,
    description: from.description,
    module: from.module,
    category: from.category,
    privacy: copyName ? 'PRIVATE' : from.privacy,
    offices: from.offices,
    colour: from.colour,
    status: from.status,
    tags: from.tags,
    release_note: copyName ? null : from.release_note,
    lines: from.lines.map((l) => ({
      dr_cr: l.dr_cr,
      basis: l.basis,
      container_size: l.container_size,
      charge_code: l.charge_code,
      print_description: l.print_description,
      currency: l.currency,
      unit_price: l.unit_price.replace(/\.?0+$/, ''),
      quantity: l.quantity.replace(/\.?0+$/, ''),
      uom: l.uom,
      min_charge: l.min_charge?.replace(/\.?0+$/, '') ?? null,
      max_charge: l.max_charge?.replace(/\.?0+$/, '') ?? null,
      description: l.description,
    })),
    print_options: (from.print_options as Values['print_options']) ?? undefined,
    marks_goods: from.marks_goods ?? undefined,
  };
}

/** The body of a save: only the part its category uses (lines, print options with defaults, or marks). */
export function templateBody(v: Values): TCreateTemplateRequest {
  return {
    ...v,
    lines: isLineCategory(v.category) ? v.lines : [],
    print_options: v.category === 'PRINT_OPTIONS' ? { ...PRINT_DEFAULTS, ...v.print_options } : null,
    marks_goods: v.category === 'MARKS_GOODS' ? v.marks_goods : null,
  };
}

/** A template line's amount: up to 14 digits and 4 decimals. */
export const DECIMAL = /^\d{1,14}(\.\d{1,4})?$/;

/** A line's total (unit price × quantity) for one reference, while both are valid decimals. */
export function lineTotal(l: TTemplateLineInput | undefined, lang: string) {
  if (!l?.unit_price || !l.quantity || !DECIMAL.test(l.unit_price) || !DECIMAL.test(l.quantity)) return '—';
  return `${formatMoney(money.mul(l.unit_price, l.quantity), l.currency || 'HKD', lang)} ${l.currency ?? ''}`;
}
