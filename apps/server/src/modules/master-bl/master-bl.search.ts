import type { DbOrTx } from '../../platform/db/client';
import { registerNotificationDocument } from '../../platform/notify/notify';
import { indexDocuments, registerSearchKind } from '../../platform/search/document-numbers';
import { registerPlanCancelGuard } from '../consolidation';
import { registerDocumentPartySource } from '../party';
import { mblPartySourceSql, mblRepository as repo } from './master-bl.repository';

/** Puts bills' numbers (MBL#, the carrier's MBL number, container numbers) into the global document-number index. */
async function indexMbls(db: DbOrTx, ids?: number[]) {
  const rows = await repo.searchRows(db, ids);
  await indexDocuments(
    db,
    'mbl',
    rows.map((r) => ({
      id: r.mbl_id,
      displayNo: r.mbl_no,
      status: r.status,
      subtitle: `${r.vessel_name} / ${r.voyage} · ${r.pol} → ${r.pod}`,
      dates: { etd: r.etd },
      partyIds: [r.consignee_party_id, r.notify_party_id, ...(r.party_ids ?? [])],
      numbers: [
        { field: 'mbl_no', value: r.mbl_no },
        { field: 'carrier_mbl_no', value: r.carrier_mbl_no },
        // A container number finds the bill that carries it as well as the plan (issue 39).
        ...(r.container_nos ?? []).map((value) => ({ field: 'container_no', value })),
      ],
    })),
  );
  return rows.length;
}

/** Re-indexes one bill inside the write's transaction. */
export const reindexMbl = (tx: DbOrTx, mblId: number) => indexMbls(tx, [mblId]).then(() => undefined);

registerSearchKind({
  kind: 'mbl',
  funcIds: ['master_bl'],
  externalAccess: 'own-parties',
  href: ({ displayNo }) => `/BMS/master_bl/master_bl/${encodeURIComponent(displayNo)}`,
  order: 35,
  rebuild: (db) => indexMbls(db),
});

// The destination agent of a bill an external profile can see is a party it may look up.
registerDocumentPartySource(mblPartySourceSql);

// A plan with a live master B/L cannot be cancelled (the bill is cancelled first).
registerPlanCancelGuard((tx, consolId) => repo.liveMblOfConsol(tx, consolId));

// Following a bill (notification settings): the bills the actor can open (external: its parties' bills).
registerNotificationDocument('master_bl', async (db, mblNo, actor) => !!(await repo.byNo(db, actor, mblNo)));
