// Template constants without zod (issue 20: the template screens import them without the schemas);
// template.ts re-exports them.

/** Message keys of the template library (002 §8 "Template: …"); texts in the web's msg namespace. */
export const TEMPLATE_MSG = {
  /** 409: the owner already has a template of this name; params value. */
  duplicateName: 'msgTemplateDuplicateName',
  /** 422: a share code of a private template (002 §4 "A private template cannot be added"). */
  privateRefused: 'msgTemplateCannotAddPrivate',
  /** 404: no template has this share code. */
  shareCodeUnknown: 'msgTemplateShareCodeUnknown',
  /** 403: only the owner edits a template (002 §8 "no permission"). */
  notOwner: 'msgTemplateNoPermission',
  /** 500-ish: the update did not apply (002 §8 "update failure, contact the administrator"). */
  updateFailed: 'msgTemplateUpdateFailed',
  /** 422: the template's category needs content of its kind (lines, print options or marks and goods). */
  contentRequired: 'msgTemplateContentRequired',
  /** 422: a template of another category applied where it does not fit (e.g. print options to lines). */
  wrongCategory: 'msgTemplateWrongCategory',
  /** 422: min charge above max charge on a line. */
  minAboveMax: 'msgTemplateMinAboveMax',
  /** 422: an inactive template cannot be applied or added. */
  inactive: 'msgTemplateInactive',
  /** 422: "Market specific office" needs at least one office. */
  officesRequired: 'msgTemplateOfficesRequired',
  /** 422: the template is the caller's own (adding it from its share code adds nothing). */
  ownTemplate: 'msgTemplateOwn',
} as const;

export const TEMPLATE_MODULES = ['WEB_INVOICE', 'BMS'] as const;
/** Ledger categories 7021 to 7048 (002 §3), then 703X, General Charge SOPMS, Print Options, Marks and Goods. */
export const TEMPLATE_LEDGER_CATEGORIES = Array.from({ length: 28 }, (_, i) => String(7021 + i));
export const TEMPLATE_CATEGORIES = [
  ...TEMPLATE_LEDGER_CATEGORIES,
  '703X',
  'GC_SOPMS',
  'PRINT_OPTIONS',
  'MARKS_GOODS',
] as unknown as [string, ...string[]];
/** Categories whose content is invoice lines (the rest carry print options or marks and goods). */
export const isLineCategory = (c: string) => c !== 'PRINT_OPTIONS' && c !== 'MARKS_GOODS';

/**
 * Privacy levels (002 §6). PRIVATE: the owner only. MARKET: the owner's office. MARKET_OFFICE: the offices
 * named in `offices`. MAIN_OFFICE: every office under the owner's main office (its office group). GLOBAL: all.
 */
export const TEMPLATE_PRIVACY = ['PRIVATE', 'MARKET', 'MARKET_OFFICE', 'MAIN_OFFICE', 'GLOBAL'] as const;
export type TTemplatePrivacy = (typeof TEMPLATE_PRIVACY)[number];
export const TEMPLATE_COLOURS = ['blue', 'green', 'orange', 'purple', 'red'] as const;
export const TEMPLATE_STATUSES = ['A', 'I'] as const;
/** Reference basis of a line (002 §3): what one unit of its quantity is on the invoice's shipments. */
export const TEMPLATE_BASES = ['JOB', 'HBL', 'CONTAINER', 'CONTAINER_SIZE', 'GROUP'] as const;
export type TTemplateBasis = (typeof TEMPLATE_BASES)[number];
/** My Template, Market, or both (the pickers that apply a template). */
export const TEMPLATE_TABS = ['mine', 'market', 'all'] as const;
/** What a template fills: invoice lines, invoice print options, or a booking's marks and goods. */
export const TEMPLATE_KINDS = ['lines', 'print', 'marks'] as const;
