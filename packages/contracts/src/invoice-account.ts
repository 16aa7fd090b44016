import type { TPartyType } from './party-catalogue';

/**
 * Who an invoice's account may be (issue 38: the header's account code is a lookup, not free text): a
 * receivable bills a customer or another party of the shipment (shipper, consignee, notify, agent); a payable
 * is a vendor's, a carrier's or an agent's. docs/decisions.md "Invoice account lookup".
 */
export const INVOICE_ACCOUNT_PARTY_TYPES = {
  AR: ['CUSTOMER', 'SHIPPER', 'CONSIGNEE', 'NOTIFY', 'AGENT'],
  AP: ['VENDOR', 'CARRIER', 'AGENT'],
} as const satisfies Record<'AR' | 'AP', readonly TPartyType[]>;

/** The option lists (POST /Master/GetInSelectionOptions) of the account lookup: value party code. */
export const INVOICE_ACCOUNT_OPTION_KEY = { AR: 'billable_party', AP: 'payable_party' } as const;
