import type { TInvoiceType } from '@portal/contracts';

/** Where the invoice screens live (002 §2, prefix /INV). */
export const INVOICE_SEARCH_PATH = '/INV/Search';
export const dashboardPath = (type: TInvoiceType) => `/INV/${type.toLowerCase()}Dashboard`;
export const stagePath = (type: TInvoiceType, stage: string) => `/INV/${type.toLowerCase()}Search/${stage}`;
export const detailsBase = (type: TInvoiceType) => `/INV/${type.toLowerCase()}Details`;
export const invoicePath = (type: TInvoiceType, id: number) => `${detailsBase(type)}/${id}`;
export const newInvoicePath = (type: TInvoiceType) => `${detailsBase(type)}/new`;
export const newByJobPath = (type: TInvoiceType, account: string, job: string) =>
  `${detailsBase(type)}/newbyjob/${encodeURIComponent(account)}/${encodeURIComponent(job)}`;
export const CHARGE_CODE_LIST_PATH = '/INV/chargeCodes';
export const chargeCodePath = (code: string) => `/INV/chargeCodeDetails/${encodeURIComponent(code)}`;
export const EXCHANGE_RATE_LIST_PATH = '/BMS/exchange_rate_maintenance';
export const exchangeRatePath = (id: number | 'new') => `${EXCHANGE_RATE_LIST_PATH}/${id}`;
export const TAX_RULE_LIST_PATH = '/INV/TaxRules';
export const taxRulePath = (id: number | 'new') => `${TAX_RULE_LIST_PATH}/${id}`;
