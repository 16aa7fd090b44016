import { BOOKING_MSG, isExternalProfile, type TVgmMessage } from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, forbidden } from '../../platform/errors/app-error';
import { bookingExtrasRepository as repo, type VgmMessageRow } from './booking-extras.repository';
import { BOOKING_ENTITY, type ShippingOrderRow, visibleOrderOrThrow } from './booking-history';

/** ISO 6346 size/type codes of the portal's container size names (unknown names go as they are). */
const ISO_SIZE_TYPE: Record<string, string> = {
  '20GP': '22G1',
  '40GP': '42G1',
  '40HC': '45G1',
  '40HQ': '45G1',
  '45HC': 'L5G1',
  '45HQ': 'L5G1',
  '20RF': '22R1',
  '40RF': '42R1',
  '40RH': '45R1',
  '20OT': '22U1',
  '40OT': '42U1',
  '20FR': '22P1',
  '40FR': '42P1',
  '20TK': '22T1',
};

/** EDIFACT release character: ? before the service characters + : ' ? (UNOC syntax). */
export const edi = (v: string | null | undefined) =>
  (v ?? '')
    .replace(/[?+:']/g, (c) => `?${c}`)
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 70);

const stamp = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  const ymd = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}`;
  return {
    ccyymmddhhmm: `${ymd}${p(d.getUTCHours())}${p(d.getUTCMinutes())}`,
    hm: `${p(d.getUTCHours())}${p(d.getUTCMinutes())}`,
  };
};

interface VgmInput {
  ref: string;
  at: Date;
  order: Pick<ShippingOrderRow, 'so_no' | 'carrier_code' | 'handling_office' | 'vessel_name' | 'voyage'>;
  shipperName: string;
  submitter: string;
  container: {
    container_no: string;
    size_type: string;
    seal_no: string | null;
    carrier_booking_no: string | null;
    vgm_weight: string;
    vgm_method: string;
  };
}

/**
 * One UN/EDIFACT VERMAS D16A interchange (SMDG VGM user guide layout) for one container: the booking
 * number (RFF+BN, the carrier booking number or else the SO number), the container (EQD), seal (SEL),
 * the VGM (MEA+AAE+VGM, kg), its determination time, the SOLAS method (DOC SM1/SM2) and submitter.
 */
export function buildVermas(v: VgmInput): string {
  const t = stamp(v.at);
  const c = v.container;
  const sender = `FWD${edi(v.order.handling_office)}`;
  const receiver = edi(v.order.carrier_code);
  const body = [
    `UNH+${v.ref}+VERMAS:D:16A:UN:SMDG10`,
    `BGM+XXX+${v.ref}+9`,
    `DTM+137:${t.ccyymmddhhmm}:203`,
    `RFF+BN:${edi(c.carrier_booking_no || v.order.so_no)}`,
    `RFF+SI:${edi(v.order.so_no)}`,
    `NAD+TB+${receiver}:160:ZZZ`,
    `NAD+SPC+++${edi(v.shipperName)}`,
    `EQD+CN+${edi(c.container_no)}:6346:5+${edi(ISO_SIZE_TYPE[c.size_type.toUpperCase()] ?? c.size_type)}:6346:5+++5`,
    `RFF+BN:${edi(c.carrier_booking_no || v.order.so_no)}`,
    ...(c.seal_no ? [`SEL+${edi(c.seal_no)}+SH`] : []),
    `MEA+AAE+VGM+KGM:${c.vgm_weight}`,
    `DTM+798:${t.ccyymmddhhmm}:203`,
    `TDT+20+${edi(v.order.voyage)}+1++${receiver}:172:20+++:::${edi(v.order.vessel_name)}`,
    `DOC+${edi(c.vgm_method)}:VGM:306+${v.ref}`,
    `NAD+SPC+++${edi(v.submitter)}`,
  ];
  const unt = `UNT+${body.length + 1}+${v.ref}`;
  return [
    `UNA:+.? '`,
    `UNB+UNOC:3+${sender}:ZZZ+${receiver}:ZZZ+${t.ccyymmddhhmm.slice(2, 8)}:${t.hm}+${v.ref}`,
    ...body,
    unt,
    `UNZ+1+${v.ref}`,
  ]
    .map((s, i) => (i === 0 ? s : `${s}'`))
    .join('\n');
}

const present = (r: VgmMessageRow): TVgmMessage => ({
  id: r.id,
  message_ref: r.message_ref,
  container_no: r.container_no,
  vgm_weight: r.vgm_weight,
  vgm_method: r.vgm_method as TVgmMessage['vgm_method'],
  status: r.status,
  payload: r.payload,
  sent_at: new Date(r.sent_at).toISOString(),
  sent_by: r.sent_by,
});

/**
 * VGM of a booking's containers (VGM EDI History tab). Sending generates and records the messages with
 * status SENT; delivering them to a carrier or a VGM platform is an adapter the product does not have yet.
 */
export const vgmService = {
  async list(db: DbOrTx, actor: Actor, soNo: string): Promise<TVgmMessage[]> {
    const o = await visibleOrderOrThrow(db, actor, soNo);
    const rows = await repo.vgmMessages(db, o.so_id);
    return rows.map(present);
  },

  async send(db: Db, actor: Actor, soNo: string): Promise<TVgmMessage[]> {
    if (isExternalProfile(actor.profile_type)) throw forbidden(BOOKING_MSG.actionNotForProfile);
    return db.transaction(async (tx) => {
      const o = await visibleOrderOrThrow(tx, actor, soNo, { lock: true });
      const containers = await repo.vgmContainers(tx, o.so_id);
      const ready = containers.filter((c) => c.container_no?.trim() && c.vgm_method?.trim());
      if (!ready.length) throw new AppError(422, BOOKING_MSG.vgmNoContainer);
      const shipperName = (await repo.partyName(tx, o.shipper_id)) ?? '';
      const at = new Date();
      const out: TVgmMessage[] = [];
      for (const c of ready) {
        const id = await repo.nextVgmId(tx);
        const ref = `VGM${String(id).padStart(9, '0')}`;
        const container = {
          container_no: c.container_no as string,
          size_type: c.size_type,
          seal_no: c.seal_no,
          carrier_booking_no: c.carrier_booking_no,
          vgm_weight: c.vgm_weight as string,
          vgm_method: c.vgm_method as string,
        };
        const payload = buildVermas({
          ref,
          at,
          order: o,
          shipperName,
          submitter: actorName(actor),
          container,
        });
        const row = await repo.insertVgmMessage(tx, {
          id,
          so_id: o.so_id,
          message_ref: ref,
          container_no: container.container_no,
          vgm_weight: container.vgm_weight,
          vgm_method: container.vgm_method,
          status: 'SENT',
          payload,
          sent_at: at.toISOString(),
          sent_by: actorName(actor),
        });
        out.push(present(row));
      }
      await recordHistory(tx, {
        entityType: BOOKING_ENTITY,
        entityId: soNo,
        action: 'send_vgm',
        fromStatus: o.status,
        toStatus: o.status,
        changes: diffFields(null, { vgm: out.map((m) => `${m.container_no} ${m.message_ref}`).join(', ') }),
        actor: { uid: actor.user_uid, name: actorName(actor) },
      });
      return out.reverse();
    });
  },
};
