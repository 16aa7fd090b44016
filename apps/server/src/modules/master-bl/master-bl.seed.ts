import { ZCreateMbl } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { ZodError } from 'zod';
import type { Actor } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import type { Db } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { DEMO_OPS, DEMO_OPS_NAME } from '../../platform/seed/demo-people';
import { reindexMbl } from './master-bl.search';
import { MBL_ENTITY, mblService } from './master-bl.service';

/** The demo operations user acting for the seed (internal profile). */
async function seedActor(db: Db): Promise<Actor | null> {
  const { rows } = await db.execute<{ user_uid: string; login_id: string }>(
    sql`select user_uid::text as user_uid, login_id from users where login_id = 'ops@demo.test'`,
  );
  if (!rows[0]) return null;
  return {
    user_uid: rows[0].user_uid,
    login_id: rows[0].login_id,
    first_name: DEMO_OPS.first_name,
    last_name: DEMO_OPS.last_name,
    sid: 'seed',
    profile: null,
    profile_type: 'OPERATIONS',
    super_user_uid: null,
    funcs: new Set(['master_bl']),
  };
}

/** Creates one bill through the service (every rule applies); undefined when the rules refuse it. */
async function tryCreate(
  db: Db,
  actor: Actor,
  q: { consol_no?: string; so_nos?: string },
  over: { carrier_mbl_no?: string | null; etdDays?: number },
  now: Date,
) {
  try {
    return await db.transaction(async (tx) => {
      const draft = await mblService.draft(tx, actor, q);
      const input = ZCreateMbl.parse({
        ...draft,
        carrier_mbl_no: over.carrier_mbl_no ?? null,
        shipper_address: 'Room 1801, Demo Logistics Centre\nHong Kong',
        shipper_tel: '+85221234567',
        shipper_fax: '+85221234568',
        ...(over.etdDays !== undefined && {
          etd: new Date(now.getTime() + over.etdDays * 86_400_000).toISOString().slice(0, 10),
        }),
      });
      return await mblService.create(tx, actor, input);
    });
  } catch (e) {
    // A demo SO the rules (or the field schema, e.g. a bad container number) refuse is just skipped.
    if (e instanceof AppError || e instanceof ZodError) return undefined;
    throw e;
  }
}

/** Moves a demo bill to `status` as if the step had been taken (history and search index too). */
async function demoStatus(db: Db, actor: Actor, mblNo: string, status: string, reason: string | null) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ mbl_id: number; status: string }>(sql`
      update master_bls set status = ${status}, status_reason = ${reason}, status_changed_at = now(),
             version = version + 1, updated_at = now()
       where mbl_no = ${mblNo} returning mbl_id, status`);
    const id = rows[0]?.mbl_id;
    if (!id) return;
    if (status === 'CANCELLED')
      await tx.execute(sql`update master_bl_sos set live = false where mbl_id = ${id}`);
    await recordHistory(tx, {
      entityType: MBL_ENTITY,
      entityId: mblNo,
      action: status === 'ISSUED' ? 'issue' : 'cancel',
      fromStatus: 'DRAFT',
      toStatus: status,
      reason,
      actor: { uid: actor.user_uid, name: DEMO_OPS_NAME },
    });
    await reindexMbl(tx, id);
  });
}

/**
 * Demo master bills (empty master BL tables only), in the demo accounts' own parties so the dashboard and
 * every list have rows on first sign-in: a draft from each approved or advised consol plan (one with the
 * carrier's number, one waiting with ETD in 2 days: red on "waiting for carrier MBL no."), FCL bills from
 * confirmed FCL shipping orders, one issued and one cancelled.
 */
export async function seedDemoMasterBls(db: Db, now = new Date()) {
  const { rows: exists } = await db.execute(sql`select 1 from master_bls limit 1`);
  if (exists.length) return;
  const actor = await seedActor(db);
  if (!actor) return;
  const made: string[] = [];
  const { rows: plans } = await db.execute<{ consol_no: string }>(sql`
    select consol_no from consol_plans where status in ('APPROVED', 'CONSOL_ADVICE') and amended_at is null
     order by consol_no limit 3`);
  for (const [i, p] of plans.entries()) {
    const bl = await tryCreate(
      db,
      actor,
      { consol_no: p.consol_no },
      i === 0
        ? { carrier_mbl_no: `COSU63${String(1000 + i).padStart(6, '0')}` }
        : { etdDays: i === 1 ? 2 : 6 },
      now,
    );
    if (bl) made.push(bl.mbl_no);
  }
  // FCL bills: one per confirmed sea FCL shipping order whose container lines carry its whole cargo.
  const { rows: fcl } = await db.execute<{ so_no: string }>(sql`
    select so.so_no from shipping_orders so
     where so.service_type = 'FCL' and so.transport_mode = 'SEA' and so.status in ('CONFIRMED', 'RECOVERED')
       and so.carrier_code is not null and so.vessel_name is not null and so.voyage is not null
       and exists (select 1 from so_containers c where c.so_id = so.so_id)
     order by so.so_no limit 12`);
  let fclMade = 0;
  for (const s of fcl) {
    if (fclMade >= 4) break;
    const bl = await tryCreate(
      db,
      actor,
      { so_nos: s.so_no },
      fclMade === 0 ? { carrier_mbl_no: `FCL${String(880000 + fclMade)}` } : {},
      now,
    );
    if (!bl) continue;
    fclMade += 1;
    made.push(bl.mbl_no);
  }
  // One issued (the first bill with a carrier number and numbered, sealed containers), one cancelled.
  const { rows: issuable } = await db.execute<{ mbl_no: string }>(sql`
    select m.mbl_no from master_bls m where m.carrier_mbl_no is not null
       and not exists (select 1 from master_bl_containers c where c.mbl_id = m.mbl_id
                        and (c.container_no is null or c.seal_no is null))
     order by m.mbl_no limit 1`);
  if (issuable[0]) await demoStatus(db, actor, issuable[0].mbl_no, 'ISSUED', null);
  const last = made.filter((n) => n !== issuable[0]?.mbl_no).at(-1);
  if (last && made.length > 3)
    await demoStatus(db, actor, last, 'CANCELLED', 'Shipper moved the cargo to another sailing');
}
