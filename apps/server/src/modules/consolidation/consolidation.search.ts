import { actorName } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import type { DbOrTx } from '../../platform/db/client';
import { registerDocumentOwner } from '../../platform/files/document-owners';
import { indexDocuments, registerSearchKind } from '../../platform/search/document-numbers';
import { registerBookingAmendmentHook, registerRelatedConsolSource } from '../booking';
import { registerDocumentPartySource } from '../party';
import { planPartySourceSql, consolRepository as repo } from './consolidation.repository';

const ENTITY = 'consolidation';

/** Puts plans' numbers (consol#, container numbers) into the global document-number index. */
async function indexPlans(db: DbOrTx, ids?: number[]) {
  const rows = await repo.searchRows(db, ids);
  await indexDocuments(
    db,
    'consol',
    rows.map((r) => ({
      id: r.consol_id,
      displayNo: r.consol_no,
      status: r.status,
      subtitle: `${r.pol} → ${r.pod}`,
      dates: { etd: r.etd },
      partyIds: [r.customer_party_id, ...(r.party_ids ?? [])],
      numbers: [
        { field: 'consol_no', value: r.consol_no },
        ...(r.container_nos ?? []).map((value) => ({ field: 'container_no', value })),
      ],
    })),
  );
  return rows.length;
}

/** Re-indexes one plan inside the write's transaction. */
export const reindexPlan = (tx: DbOrTx, consolId: number) => indexPlans(tx, [consolId]).then(() => undefined);

registerSearchKind({
  kind: 'consol',
  funcIds: ['consolidation'],
  externalAccess: 'own-parties',
  href: ({ displayNo }) => `/BMS/consolidation/consolidation_management/${encodeURIComponent(displayNo)}`,
  order: 30,
  rebuild: (db) => indexPlans(db),
});

// Plans hold documents (Document Upload area), keyed by consol#, read and changed with `consolidation`.
registerDocumentOwner({
  entityType: ENTITY,
  readFuncId: 'consolidation',
  writeFuncId: 'consolidation',
  exists: async (db, entityId, actor) => !!(await repo.byNo(db, actor, entityId)),
});

// The customer party of a plan an external profile can see is a party it may look up.
registerDocumentPartySource(planPartySourceSql);

// An edit of an SO already in a plan sends the plan to amended_booking_pending (001 §5).
registerBookingAmendmentHook(async (tx, a) => {
  const plan = await repo.markAmended(tx, a.so_id, a.changes);
  if (!plan) return;
  await recordHistory(tx, {
    entityType: ENTITY,
    entityId: plan.consol_no,
    action: 'so_amended',
    fromStatus: plan.status,
    toStatus: plan.status,
    reason: a.so_no,
    changes: a.changes,
    actor: { uid: a.actor.user_uid, name: actorName(a.actor) },
  });
});

// The booking's "related consol" panel shows the plan the SO is in.
registerRelatedConsolSource(async (db, soId) => repo.plansOfSoId(db, soId));
