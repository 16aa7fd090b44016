import {
  CARRIER_CONTRACT_MSG,
  type TCarrierContract,
  type TCarrierContractListQuery,
  type ZCarrierContractInput,
  type ZCarrierContractUpdate,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, conflict, notFound } from '../../platform/errors/app-error';
import { type ContractRow, carrierAnalyticsRepository as repo } from './carrier-analytics.repository';

type Input = z.output<typeof ZCarrierContractInput>;
type Update = z.output<typeof ZCarrierContractUpdate>;

const present = (r: ContractRow): TCarrierContract => ({
  contract_id: r.contract_id,
  carrier_code: r.carrier_code,
  carrier_name: r.carrier_name,
  contract_no: r.contract_no,
  valid_from: r.valid_from,
  valid_to: r.valid_to,
  mqc_teu: r.mqc_teu,
  lanes: r.lanes,
  remarks: r.remarks,
  status: r.status,
  version: r.version,
  updated_at: new Date(r.updated_at).toISOString(),
  updated_by: r.updated_by,
});

/** A 400 naming the field, with the message key the web app translates. */
const fieldError = (field: string, msgKey: string) =>
  new AppError(400, msgKey, { details: [{ field, msgKey }] });

async function check(tx: DbOrTx, v: Input, id: number | null) {
  if (!(await repo.carrierExists(tx, v.carrier_code)))
    throw fieldError('carrier_code', CARRIER_CONTRACT_MSG.carrierUnknown);
  const other = await repo.contractIdByNo(tx, v.carrier_code, v.contract_no);
  if (other !== null && other !== id) throw fieldError('contract_no', CARRIER_CONTRACT_MSG.duplicate);
}

const norm = (v: Input) => ({
  ...v,
  carrier_code: v.carrier_code.toUpperCase(),
  lanes: [...new Set(v.lanes)].sort(),
  remarks: v.remarks || null,
});

/** Carrier contract maintenance (MQC), docs/analytics.md "CarrierMQC". */
export const carrierContractService = {
  async list(db: Db, q: TCarrierContractListQuery) {
    const { n, rows } = await repo.listContracts(db, q);
    return { rows: rows.map(present), total: n, page: q.page, pageSize: q.pageSize };
  },

  async get(db: DbOrTx, id: number) {
    const r = await repo.contract(db, id);
    if (!r) throw notFound();
    return present(r);
  },

  async create(db: Db, input: Input, actor: Actor) {
    const v = norm(input);
    const id = await db.transaction(async (tx) => {
      await check(tx, v, null);
      return repo.insertContract(tx, v, actor.login_id);
    });
    return carrierContractService.get(db, id);
  },

  async update(db: Db, id: number, input: Update, actor: Actor) {
    const { version, ...rest } = input;
    const v = norm(rest);
    await db.transaction(async (tx) => {
      const before = await repo.contract(tx, id);
      if (!before) throw notFound();
      await check(tx, v, id);
      const ok = await repo.updateContract(tx, id, version, v, actor.login_id);
      if (!ok) throw conflict();
    });
    return carrierContractService.get(db, id);
  },

  async remove(db: Db, id: number) {
    if (!(await repo.deleteContract(db, id))) throw notFound();
  },
};
