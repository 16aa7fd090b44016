import type { TChargeCodeListQuery } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors/app-error';
import { chargeCodeRepository as repo } from './charge-code.repository';
import { assertInvoiceUser } from './invoice.service';

/** Charge codes for invoice users (read-only; the list and /INV/chargeCodeDetails/{charge_code}). */
export const chargeCodeService = {
  list(db: Db, actor: Actor, q: TChargeCodeListQuery) {
    assertInvoiceUser(actor);
    return repo.list(db, q);
  },

  async get(db: Db, actor: Actor, code: string) {
    assertInvoiceUser(actor);
    const row = await repo.byCode(db, code);
    if (!row) throw notFound();
    return row;
  },
};
