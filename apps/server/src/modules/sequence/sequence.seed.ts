import type { TCreateSequenceRuleRequest } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { DEMO_ADMIN } from '../../platform/seed/demo-people';
import { mstSeqRules } from './sequence.tables';

/** Generic (every office) numbering of the documents the portal creates; see docs/decisions.md. */
export const DEFAULT_SEQUENCE_RULES: TCreateSequenceRuleRequest[] = [
  ['SO', 'SO', 'Shipping orders (SO#)'],
  ['CONSOL', 'CS', 'Consolidations (consol#)'],
  ['JOB', 'JB', 'Jobs (job#)'],
  ['HBL', 'HB', 'House bills of lading (HBL#)'],
  ['MBL', 'MB', 'Master bills of lading (MBL#)'],
  ['INVOICE_AP', 'AP', 'Accounts payable invoices'],
  ['INVOICE_AR', 'AR', 'Accounts receivable invoices'],
].map(
  ([doc_type, prefix, description]): TCreateSequenceRuleRequest => ({
    doc_type: doc_type as TCreateSequenceRuleRequest['doc_type'],
    office_code: null,
    description,
    prefix,
    include_office: true,
    date_format: 'YYMM',
    separator: '',
    seq_width: 5,
    reset_period: 'MONTHLY',
    start_number: 1,
    status: 'A',
  }),
);

/**
 * Adds the default rules (SO, CONSOL, JOB, HBL, MBL, INVOICE_AP, INVOICE_AR: prefix + office + YYMM + 5 digits,
 * monthly reset) where none exists for that document type and scope. Demo data only: a production
 * database gets the company's own rules (call this once, or enter them at /BMS/Admin/SEQ).
 */
export async function seedSequenceRules(db: DbOrTx, by = DEMO_ADMIN.login_id) {
  await db
    .insert(mstSeqRules)
    .values(
      DEFAULT_SEQUENCE_RULES.map((r) => ({
        ...r,
        office_code: r.office_code ?? null,
        description: r.description ?? null,
        created_by: by,
        updated_by: by,
      })),
    )
    .onConflictDoNothing();
}
