import {
  INVOICE_PRINT_MSG,
  type TFieldError,
  type TInvoiceAction,
  type TInvoiceType,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { signatureService } from '../signature';
import type { InvoiceInsert, InvoiceRow } from './invoice.repository';
import { invoicePrintRepository as repo } from './invoice-print.repository';
import { requireStepFields } from './invoice-step-checks';

/** The moves this file adds side effects to: AP release, AR print and the accounting print. */
const PRINT_MOVES = ['release', 'print', 'accounting_print'] as const;
type PrintMove = (typeof PRINT_MOVES)[number];
const isPrintMove = (a: TInvoiceAction): a is PrintMove => (PRINT_MOVES as readonly string[]).includes(a);

export interface Signer {
  role: 'prepared' | 'approved_1' | 'approved_2';
  name: string;
  uid: string;
}
const ROLES: Signer['role'][] = ['prepared', 'approved_1', 'approved_2'];
const NAME_OF: Record<Signer['role'], keyof InvoiceRow> = {
  prepared: 'prepared_by',
  approved_1: 'approved_1_by',
  approved_2: 'approved_2_by',
};

/**
 * The users who prepared and approved the invoice (history ids), each with their signature, or 422
 * msgInvoiceSignatureMissing naming those without one (002 §5: "users who prepared or approved an invoice need
 * an e-signature for accounting print"). A role the history does not name counts as missing.
 */
export async function signersWithSignatures(db: DbOrTx, row: InvoiceRow) {
  const found = await repo.signers(db, row.inv_id);
  const signers = ROLES.map((role) => {
    const h = found.find((f) => f.role === role);
    return {
      role,
      uid: h?.uid ?? '',
      name: h?.name ?? (row[NAME_OF[role]] as string | null) ?? role,
    };
  });
  const sigs = await signatureService.byUids(
    db,
    [...new Set(signers.map((s) => s.uid))].filter((u) => /^[0-9a-f-]{36}$/i.test(u)),
  );
  const missing = signers.filter((s) => !sigs.some((g) => g.user_uid === s.uid));
  if (missing.length) {
    const names = [...new Set(missing.map((m) => m.name))].join(', ');
    const details: TFieldError[] = missing.map((m) => ({
      field: `signature.${m.role}`,
      msgKey: INVOICE_PRINT_MSG.signatureMissing,
      params: { names: m.name, role: m.role },
    }));
    throw new AppError(422, INVOICE_PRINT_MSG.signatureMissing, { params: { names }, details });
  }
  return signers.map((s) => ({ ...s, image: sigs.find((g) => g.user_uid === s.uid)?.image_png as Buffer }));
}

/**
 * Checks and values of the print moves, called by invoiceService.act inside its transaction with the row
 * locked: accounting print needs the AP ref on a payable and every signature; each print is logged (who and
 * when, with the signers) and starts the PendingPosting clock (printed_at) the first time.
 */
export async function printMoveValues(
  tx: DbOrTx,
  actor: Actor,
  row: InvoiceRow,
  action: TInvoiceAction,
): Promise<Partial<InvoiceInsert>> {
  if (!isPrintMove(action)) return {};
  let signers: Signer[] = [];
  if (action === 'accounting_print') {
    // The AP ref is the step's field for payables (docs/invoices.md "required where the flow needs them").
    requireStepFields('accounting_print', { ...row, inv_type: row.inv_type as TInvoiceType, lines: [] });
    signers = (await signersWithSignatures(tx, row)).map(({ role, name, uid }) => ({ role, name, uid }));
  }
  await repo.logPrint(tx, {
    inv_id: row.inv_id,
    kind: action,
    printed_by: actorName(actor),
    printed_by_uid: actor.user_uid,
    signers,
  });
  return {
    printed_at: row.printed_at ?? new Date().toISOString(),
    ...(action === 'accounting_print' ? { print_file: `${row.invoice_no}.pdf` } : {}),
  };
}
