import {
  CARRIER_LINK_MSG,
  isExternalProfile,
  MBL_CARRIER_MSG,
  MBL_MSG,
  MSG,
  type TMblCarrierAccept,
  type TMblCarrierView,
  type TMblDifference,
  type TMblImportWarning,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { validateDcsa } from '../../platform/dcsa';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { carrierLink, presentExchange } from '../carrier-link';
import { mblCarrierRepository } from './master-bl.carrier.repository';
import { shippingInstructionsOf } from './master-bl.dcsa';
import {
  applyTdDifferences,
  compareTransportDocument,
  type TransportDocument,
} from './master-bl.dcsa-import';
import { type MblRow, mblRepository as repo } from './master-bl.repository';
import { reindexMbl } from './master-bl.search';
import { MBL_ENTITY, mblChanges, mblState, presentMbl } from './master-bl.service';

/**
 * The master bill over a live DCSA eBL 3.0 connection (issue 42; docs/carrier-link.md "Master bill over DCSA eBL
 * 3.0"): submit the Shipping Instructions (POST, then PUT = request an amendment of the draft), review the carrier's
 * draft Transport Document against the bill (the TD import's own comparison and apply), approve it (PATCH), and take
 * the issued document's number as the carrier MBL no. Everything goes to the carrier through carrier-link's queue
 * (`carrierLink.enqueue`, in the caller's transaction; sent after commit, retried, validated before it leaves).
 */

/** History action of the carrier MBL no. taken from the carrier's issued Transport Document. */
export const MBL_CARRIER_ISSUED_ACTION = 'carrier_td_issued';
/** The only bill state in which the bill goes to the carrier or its draft is taken and approved. */
const SENDABLE = 'DRAFT';
/** SI states after which the carrier takes no more updates (a new SI is a new submission). */
const SI_CLOSED = ['COMPLETED'];
const SI_RESTART = ['DECLINED', 'CANCELLED'];
/** Exchange states while a request of ours is on its way or awaited. */
const IN_FLIGHT = ['SENDING', 'WAITING'];
const NIL_UID = '00000000-0000-0000-0000-000000000000';

type LinkExchange = Awaited<ReturnType<typeof carrierLink.exchangesOf>>[number];

const isInternal = (a: Actor) => !isExternalProfile(a.profile_type);

const present = presentExchange;

type CarrierTd = TransportDocument & { transportDocumentStatus?: string };

/** The carrier's latest Transport Document of the exchange, when it is one that passes the schema. */
function documentOf(td: LinkExchange | undefined): CarrierTd | null {
  const doc = td?.carrier_document;
  if (!doc || validateDcsa('ebl-td-3.0', doc).length) return null;
  return doc as CarrierTd;
}

/** The TD's status: the carrier's last word on the exchange, else the document's own. */
const tdStatusOf = (td: LinkExchange | undefined) =>
  td ? (td.carrier_status ?? documentOf(td)?.transportDocumentStatus ?? null) : null;

/** Whether the latest draft's differences were accepted or dismissed (nothing to review counts as reviewed). */
function reviewedOf(td: LinkExchange | undefined, differences: TMblDifference[]) {
  if (!td) return false;
  if (!differences.length) return true;
  const at = td.carrier_document_at ? new Date(td.carrier_document_at).getTime() : 0;
  return !!td.reviewed_at && new Date(td.reviewed_at).getTime() >= at;
}

interface Situation {
  m: MblRow;
  connected: boolean;
  si: LinkExchange | undefined;
  td: LinkExchange | undefined;
  tdStatus: string | null;
  document: TransportDocument | null;
  differences: TMblDifference[];
  warnings: TMblImportWarning[];
  reviewed: boolean;
}

/** The bill, its connection, its two exchanges and the draft's comparison with the bill now. */
async function situationOf(db: DbOrTx, actor: Actor, m: MblRow): Promise<Situation> {
  const [connection, exchanges] = await Promise.all([
    carrierLink.connectionFor(db, m.carrier_code, 'EBL'),
    carrierLink.exchangesOf(db, 'MBL', m.mbl_id),
  ]);
  const si = exchanges.find((e) => e.kind === 'SI');
  const td = exchanges.find((e) => e.kind === 'TD');
  const document = documentOf(td);
  const cmp = document ? await compareTransportDocument(db, actor, m, document) : null;
  const differences = cmp?.differences ?? [];
  return {
    m,
    connected: !!connection,
    si,
    td,
    tdStatus: tdStatusOf(td),
    document,
    differences,
    warnings: cmp?.warnings ?? [],
    reviewed: reviewedOf(td, differences),
  };
}

/** What the panel may do now (each call checks the same again, with its own message). */
function canOf(actor: Actor, s: Situation) {
  const open = isInternal(actor) && s.m.status === SENDABLE;
  const siStatus = s.si?.carrier_status ?? null;
  const tdDraft = s.tdStatus === 'DRAFT';
  // An approval on its way (the TD exchange sending or awaiting the carrier's answer) closes the draft.
  const approving = IN_FLIGHT.includes(s.td?.link_state ?? '');
  const siAmendable =
    !!s.si?.carrier_ref &&
    (!s.td || (tdDraft && !approving)) &&
    !SI_CLOSED.includes(siStatus ?? '') &&
    !SI_RESTART.includes(siStatus ?? '');
  const firstSend =
    !s.si || (!s.si.carrier_ref && s.si.link_state === 'FAILED') || SI_RESTART.includes(siStatus ?? '');
  return {
    submit: open && s.connected && firstSend,
    update: open && s.connected && siAmendable,
    accept:
      open &&
      tdDraft &&
      !approving &&
      !!s.document &&
      (!s.reviewed || s.differences.some((d) => d.appliable)),
    approve:
      open &&
      s.connected &&
      tdDraft &&
      s.reviewed &&
      !IN_FLIGHT.includes(s.td?.link_state ?? '') &&
      !IN_FLIGHT.includes(s.si?.link_state ?? ''),
  };
}

function viewOf(actor: Actor, s: Situation): TMblCarrierView {
  return {
    connected: s.connected,
    carrier_code: s.m.carrier_code,
    si: present(s.si),
    td: present(s.td),
    td_status: s.tdStatus,
    differences: s.differences,
    warnings: s.warnings,
    reviewed: s.reviewed,
    can: canOf(actor, s),
    mbl_version: s.m.version,
    mbl_status: s.m.status,
    carrier_mbl_no: s.m.carrier_mbl_no,
  };
}

/** The bill for a user's call: 404 unseen; internal users only for writes (403). */
async function billOf(db: DbOrTx, actor: Actor, mblNo: string, lock = false) {
  const m = await repo.byNo(db, actor, mblNo, lock);
  if (!m) throw notFound(MBL_MSG.notFound);
  return m;
}

/** The checks every write shares: internal (403), the version read (409), a draft bill (422). */
function writable(actor: Actor, m: MblRow, version: number, action: string) {
  if (!isInternal(actor)) throw forbidden(MSG.noPermission);
  if (m.version !== version) throw conflict();
  if (m.status !== SENDABLE)
    throw new AppError(422, MBL_CARRIER_MSG.billState, { params: { status: m.status, action } });
}

const tdNotDraft = (status: string | null) =>
  new AppError(422, MBL_CARRIER_MSG.tdNotDraft, { params: { status: status ?? '' } });

/**
 * The carrier issued the bill's Transport Document: its reference becomes the bill's carrier MBL no. (history
 * `carrier_td_issued`, the search index). Only on a draft bill whose number is not that already and where no other
 * bill of the carrier holds it; otherwise the bill stays as it is (the difference shows on the panel).
 * Called by carrier-link's news hook in the transaction that stored the carrier's news, and by the panel's read.
 */
export async function takeIssuedNumber(
  tx: DbOrTx,
  exchange: {
    kind: string;
    doc_type: string;
    doc_id: number;
    carrier_status: string | null;
    transport_document_reference: string | null;
    carrier_document?: unknown;
  },
  by?: Actor,
): Promise<boolean> {
  if (exchange.kind !== 'TD' || exchange.doc_type !== 'MBL' || exchange.carrier_status !== 'ISSUED')
    return false;
  const doc = exchange.carrier_document as Partial<TransportDocument> | null | undefined;
  const ref = (exchange.transport_document_reference ?? doc?.transportDocumentReference ?? '')
    .trim()
    .toUpperCase()
    .slice(0, 20);
  if (!ref) return false;
  const m = await mblCarrierRepository.byId(tx, exchange.doc_id, true);
  if (!m || m.status !== SENDABLE || m.carrier_mbl_no === ref) return false;
  if (await repo.carrierNoTaken(tx, m.carrier_code, ref, m.mbl_id)) return false;
  const name = by ? actorName(by) : `${m.carrier_code} (DCSA)`;
  const was = await mblState(tx, m);
  const row = await repo.updateIfVersion(tx, m.mbl_id, m.version, { carrier_mbl_no: ref, updated_by: name });
  if (!row) return false;
  await recordHistory(tx, {
    entityType: MBL_ENTITY,
    entityId: m.mbl_no,
    action: MBL_CARRIER_ISSUED_ACTION,
    fromStatus: m.status,
    toStatus: m.status,
    changes: await mblChanges(tx, was, await mblState(tx, row)),
    actor: { uid: by?.user_uid ?? NIL_UID, name },
  });
  await reindexMbl(tx, m.mbl_id);
  return true;
}

export const mblCarrierService = {
  /**
   * The bill's carrier panel. When the carrier's Transport Document is ISSUED and the bill does not carry its
   * number yet (the news hook did not run or could not write it), the number is taken here first.
   */
  async view(db: Db, actor: Actor, mblNo: string): Promise<TMblCarrierView> {
    let m = await billOf(db, actor, mblNo);
    let s = await situationOf(db, actor, m);
    if (
      s.td &&
      s.tdStatus === 'ISSUED' &&
      m.status === SENDABLE &&
      m.carrier_mbl_no !== s.td.transport_document_reference
    ) {
      const td = { ...s.td, kind: 'TD', doc_type: 'MBL', doc_id: m.mbl_id, carrier_status: 'ISSUED' };
      if (await db.transaction((tx) => takeIssuedNumber(tx, td))) {
        m = await billOf(db, actor, mblNo);
        s = await situationOf(db, actor, m);
      }
    }
    return viewOf(actor, s);
  },

  /**
   * Sends the bill's Shipping Instructions: CreateShippingInstructions the first time (or again after the carrier
   * declined or the first send failed), UpdateShippingInstructions afterwards (= request an amendment of the
   * draft). The writer's own 422 when the bill cannot make valid instructions; 422 notConnected without a
   * connection; 422 when the carrier has not acknowledged the first send yet or its document is past the draft.
   */
  async submit(db: Db, actor: Actor, mblNo: string, body: { version: number }) {
    await db.transaction(async (tx) => {
      const m = await billOf(tx, actor, mblNo, true);
      writable(actor, m, body.version, 'submit');
      const s = await situationOf(tx, actor, m);
      if (!s.connected)
        throw new AppError(422, CARRIER_LINK_MSG.notConnected, { params: { carrier: m.carrier_code } });
      const si = await shippingInstructionsOf(tx, m, await presentMbl(tx, actor, m));
      const can = canOf(actor, s);
      const req = {
        kind: 'SI',
        docType: 'MBL',
        docId: m.mbl_id,
        docNo: m.mbl_no,
        carrierCode: m.carrier_code,
      } as const;
      if (can.submit) {
        await carrierLink.enqueue(tx, actor, { ...req, action: 'CREATE', body: si });
        return;
      }
      if (s.td && s.tdStatus !== 'DRAFT')
        throw new AppError(422, MBL_CARRIER_MSG.siClosed, { params: { status: s.tdStatus ?? '' } });
      if (s.td && IN_FLIGHT.includes(s.td.link_state))
        throw new AppError(409, MBL_CARRIER_MSG.requestPending);
      if (SI_CLOSED.includes(s.si?.carrier_status ?? ''))
        throw new AppError(422, MBL_CARRIER_MSG.siClosed, { params: { status: s.si?.carrier_status ?? '' } });
      if (!s.si?.carrier_ref) throw new AppError(422, MBL_CARRIER_MSG.siNotAcknowledged);
      await carrierLink.enqueue(tx, actor, {
        ...req,
        action: 'UPDATE',
        body: { shippingInstructionsReference: s.si.carrier_ref, ...si },
      });
    });
    return mblCarrierService.view(db, actor, mblNo);
  },

  /**
   * Takes the ticked differences of the carrier's draft into the bill (the others recorded as rejected; none =
   * dismiss all) with the TD import's own apply, then marks the draft reviewed. The draft is the carrier's answer
   * to our own instructions, so a carrier/POL/POD/ETD mismatch is shown but needs no extra confirmation.
   */
  async accept(db: Db, actor: Actor, mblNo: string, body: TMblCarrierAccept) {
    await db.transaction(async (tx: Tx) => {
      const m = await billOf(tx, actor, mblNo, true);
      writable(actor, m, body.version, 'accept');
      const s = await situationOf(tx, actor, m);
      if (!s.td || s.tdStatus !== 'DRAFT' || !s.document) throw tdNotDraft(s.tdStatus);
      if (IN_FLIGHT.includes(s.td.link_state)) throw new AppError(409, MBL_CARRIER_MSG.requestPending);
      const cmp = await compareTransportDocument(tx, actor, m, s.document);
      const answer = await applyTdDifferences(tx, actor, cmp, {
        version: body.version,
        accept: body.fields,
        confirm_mismatch: true,
      });
      const note = [
        answer.accepted.length ? `accepted: ${answer.accepted.join(', ')}` : '',
        answer.rejected.length ? `rejected: ${answer.rejected.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      await carrierLink.markReviewed(tx, actor, s.td.id, note || 'no differences');
    });
    return mblCarrierService.view(db, actor, mblNo);
  },

  /**
   * Approves the carrier's draft Transport Document (PATCH transportDocumentStatus APPROVED): a draft bill, a
   * connected carrier, a DRAFT whose differences were reviewed, and no request of ours still on its way.
   */
  async approve(db: Db, actor: Actor, mblNo: string, body: { version: number }) {
    await db.transaction(async (tx) => {
      const m = await billOf(tx, actor, mblNo, true);
      writable(actor, m, body.version, 'approve');
      const s = await situationOf(tx, actor, m);
      if (!s.connected)
        throw new AppError(422, CARRIER_LINK_MSG.notConnected, { params: { carrier: m.carrier_code } });
      if (!s.td || s.tdStatus !== 'DRAFT') throw tdNotDraft(s.tdStatus);
      if (IN_FLIGHT.includes(s.td.link_state) || IN_FLIGHT.includes(s.si?.link_state ?? ''))
        throw new AppError(409, MBL_CARRIER_MSG.requestPending);
      if (!s.reviewed) throw new AppError(422, MBL_CARRIER_MSG.tdNotReviewed);
      await carrierLink.enqueue(tx, actor, {
        kind: 'TD',
        docType: 'MBL',
        docId: m.mbl_id,
        docNo: m.mbl_no,
        carrierCode: m.carrier_code,
        action: 'APPROVE',
        body: { transportDocumentStatus: 'APPROVED' },
      });
    });
    return mblCarrierService.view(db, actor, mblNo);
  },
};
