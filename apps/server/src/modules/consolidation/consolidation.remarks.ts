import { CONSOL_MSG } from '@portal/contracts';
import { notFound } from '../../platform/errors/app-error';
import { remarksServiceOf } from '../booking';
import { consolRepository as repo } from './consolidation.repository';

/** Remarks of a plan (001 §3), as on bookings: the booking's remarks service over the plan's remarks. */
export const consolRemarksService = remarksServiceOf({
  async ownerIdOrThrow(db, actor, consolNo) {
    const p = await repo.byNo(db, actor, consolNo);
    if (!p) throw notFound(CONSOL_MSG.notFound);
    return p.consol_id;
  },
  remarks: (db, id, allOnly) => repo.remarks(db, id, allOnly),
  remark: (db, id, remarkId) => repo.remark(db, id, remarkId),
  insertRemark: (db, id, values) => repo.insertRemark(db, { ...values, consol_id: id }),
  deleteRemark: (db, remarkId) => repo.deleteRemark(db, remarkId),
});
