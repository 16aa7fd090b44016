import {
  containerNoError,
  isExternalProfile,
  MBL_ACTION_EVENT,
  MBL_EDITABLE,
  MBL_IMPORT_CHECKED,
  MBL_MSG,
  MSG,
  type TFieldError,
  type TMasterBl,
  type TMblDifference,
  type TMblImportAnswer,
  type TMblImportWarning,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { diffFields, recordHistory } from '../../platform/audit/history';
import type { Db, DbOrTx, Tx } from '../../platform/db/client';
import { dcsaRefusal, validateDcsa, validateDcsaText } from '../../platform/dcsa';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { notifyMbl } from '../../platform/notify/notify';
import { type MblRow, mblRepository as repo } from './master-bl.repository';
import { reindexMbl } from './master-bl.search';
import { MBL_ENTITY, mblChanges, mblState, presentMbl } from './master-bl.service';

/** The parts of a DCSA eBL 3.0 Transport Document the import reads (validated before). */
export interface TransportDocument {
  transportDocumentReference: string;
  carrierCode?: string;
  carrierCodeListProvider?: string;
  transports: {
    plannedDepartureDate?: string;
    portOfLoading?: { UNLocationCode?: string };
    portOfDischarge?: { UNLocationCode?: string };
    placeOfDelivery?: { UNLocationCode?: string };
    vesselVoyages?: { vesselName?: string; carrierExportVoyageNumber?: string }[];
  };
  consignmentItems?: {
    cargoItems?: {
      equipmentReference?: string;
      cargoGrossWeight?: { value?: number };
      outerPackaging?: { numberOfPackages?: number };
    }[];
  }[];
  utilizedTransportEquipments?: {
    equipment?: { equipmentReference?: string; ISOEquipmentCode?: string };
    equipmentReference?: string;
    seals?: { number?: string }[];
  }[];
}

/** What the import may write: a header field or one container's field (by position), with the carrier's value. */
export type Proposal =
  | { path: string; header: 'carrier_mbl_no' | 'vessel_name' | 'voyage'; value: string }
  | { path: string; container: number; key: 'container_no' | 'seal_no' | 'size_type'; value: string };

const upper = (v: string | null | undefined) => (v ? v.trim().toUpperCase() : null);

/**
 * Reads a carrier's eBL 3.0 Transport Document for bill `mblNo`: validated against the schema (422 with the
 * list of what is wrong otherwise), refused when it is another bill's (a different carrier MBL number than
 * ours), and compared field by field. The answer lists every difference (those the import can write marked
 * `appliable`) and a warning for each of carrier, POL, POD and ETD the document says otherwise than the bill or
 * its plan (usually the wrong document). With `apply` (a draft only, on `version`) exactly the differences in
 * `accept` are written — each must be an appliable difference of this document against the bill now (else 409
 * stale / 422 not takeable), and a mismatch needs `confirm_mismatch` — the history records the stored changes
 * (`dcsa_import`) and, as its own entry, the appliable differences the user rejected (`dcsa_reject`, ours →
 * the carrier's). Nothing changes unless all of that holds.
 */
export function importTransportDocument(
  db: Db,
  actor: Actor,
  mblNo: string,
  body: ImportBody,
): Promise<TMblImportAnswer> {
  return db.transaction((tx) => importInTx(tx, actor, mblNo, body));
}

type ImportBody = {
  version: number;
  apply: boolean;
  accept?: string[];
  confirm_mismatch: boolean;
  document: unknown;
};

/** The import inside one transaction (the bill locked). */
async function importInTx(tx: Tx, actor: Actor, mblNo: string, body: ImportBody): Promise<TMblImportAnswer> {
  const m = await repo.byNo(tx, actor, mblNo, true);
  if (!m) throw notFound(MBL_MSG.notFound);
  if (isExternalProfile(actor.profile_type)) throw forbidden(MSG.noPermission);
  const parsed =
    typeof body.document === 'string'
      ? validateDcsaText('ebl-td-3.0', body.document)
      : { value: body.document, errors: validateDcsa('ebl-td-3.0', body.document) };
  if (parsed.errors.length) throw dcsaRefusal(parsed.errors, MBL_MSG.dcsaInvalid);
  const td = parsed.value as TransportDocument;
  if (m.carrier_mbl_no && td.transportDocumentReference.toUpperCase() !== m.carrier_mbl_no)
    throw new AppError(422, MBL_MSG.dcsaForeign, {
      params: { theirs: td.transportDocumentReference, ours: m.carrier_mbl_no },
      details: [
        {
          field: 'transportDocumentReference',
          msgKey: MBL_MSG.dcsaForeign,
          params: { theirs: td.transportDocumentReference, ours: m.carrier_mbl_no },
        },
      ],
    });
  const cmp = await compareTransportDocument(tx, actor, m, td);
  if (!body.apply) return { applied: false, ...answerOf(cmp), accepted: [], rejected: [] };
  return applyTdDifferences(tx, actor, cmp, body);
}

/** A transport document compared with a bill: what differs, what may be taken, what looks like another shipment. */
export interface TdComparison {
  /** The bill's row the comparison was made on (locked by the caller when it applies). */
  m: MblRow;
  bl: TMasterBl;
  differences: TMblDifference[];
  warnings: TMblImportWarning[];
  proposals: Proposal[];
}

const answerOf = (cmp: TdComparison) => ({
  differences: cmp.differences,
  warnings: cmp.warnings,
  master_bl: cmp.bl,
});

/**
 * Compares a (schema-valid) eBL 3.0 Transport Document with bill `m`, field by field: every difference (those
 * applying can write marked `appliable`, each with its proposal) and a warning for each of carrier, POL, POD and
 * ETD the document says otherwise than the bill or its plan. Writes nothing. The file import and the carrier's
 * draft received over the live link (master-bl.carrier.service.ts) both read differences from here.
 */
export async function compareTransportDocument(
  tx: DbOrTx,
  actor: Actor,
  m: MblRow,
  td: TransportDocument,
): Promise<TdComparison> {
  const bl = await presentMbl(tx, actor, m);
  const [iso, plan, carrier] = await Promise.all([
    repo.isoCodes(tx),
    bl.consol_no ? repo.consolFacts(tx, bl.consol_no, null) : undefined,
    m.carrier_code ? repo.carrier(tx, m.carrier_code) : undefined,
  ]);
  const sizeOfIso = new Map([...iso].map(([size, code]) => [code, size]));
  const differences: TMblDifference[] = [];
  const proposals: Proposal[] = [];
  const diff = (field: string, ours: string | null | undefined, theirs: string | null | undefined) => {
    if (theirs === undefined || theirs === null) return false;
    if ((ours ?? '') === theirs) return false;
    differences.push({ field, ours: ours ?? null, carrier: theirs, appliable: false });
    return true;
  };
  const take = (p: Proposal, ours: string | null | undefined) => {
    if (!diff(p.path, ours, p.value)) return;
    (differences.at(-1) as TMblDifference).appliable = true;
    proposals.push(p);
  };
  const vv = td.transports.vesselVoyages?.[0];
  const carrierNo = td.transportDocumentReference.toUpperCase().slice(0, 20);
  take({ path: 'carrier_mbl_no', header: 'carrier_mbl_no', value: carrierNo }, m.carrier_mbl_no);
  diff('carrier_code', m.carrier_code, td.carrierCode);
  const vessel = vv?.vesselName?.slice(0, 60);
  if (vessel) take({ path: 'vessel_name', header: 'vessel_name', value: vessel }, m.vessel_name);
  const voyage = vv?.carrierExportVoyageNumber?.slice(0, 20);
  if (voyage) take({ path: 'voyage', header: 'voyage', value: voyage }, m.voyage);
  diff('pol', m.pol, td.transports.portOfLoading?.UNLocationCode);
  diff('pod', m.pod, td.transports.portOfDischarge?.UNLocationCode);
  diff('place_of_delivery', m.place_of_delivery, td.transports.placeOfDelivery?.UNLocationCode);
  const theirEtd = td.transports.plannedDepartureDate?.slice(0, 10);
  diff('etd', m.etd?.slice(0, 10), theirEtd);

  // Carrier, POL, POD and ETD: the document must share them with the bill and the plan it came from.
  const warnings: TMblImportWarning[] = [];
  const check = (
    field: TMblImportWarning['field'],
    theirs: string | null | undefined,
    ours: string | null,
    planned: string | null,
    same: (a: string, b: string) => boolean,
  ) => {
    if (!theirs) return;
    const off = (v: string | null) => v !== null && v !== '' && !same(theirs, v);
    if (!off(ours) && !off(planned)) return;
    warnings.push({ field, carrier: theirs, ours, plan: planned });
  };
  const sameCode = (a: string, b: string) => upper(a) === upper(b);
  // Our carrier is named by its code or its SCAC (NMFTA); the document's code may be either.
  const ourCarrierCodes = [m.carrier_code, carrier?.scac].map(upper).filter(Boolean);
  check(
    'carrier_code',
    td.carrierCode,
    m.carrier_code || null,
    plan?.carrier_code ?? null,
    (a, b) => sameCode(a, b) || (upper(b) === upper(m.carrier_code) && ourCarrierCodes.includes(upper(a))),
  );
  check('pol', td.transports.portOfLoading?.UNLocationCode, m.pol || null, plan?.pol ?? null, sameCode);
  check('pod', td.transports.portOfDischarge?.UNLocationCode, m.pod || null, plan?.pod ?? null, sameCode);
  check(
    'etd',
    theirEtd,
    m.etd?.slice(0, 10) ?? null,
    (plan?.proposal_etd ?? plan?.etd)?.slice(0, 10) ?? null,
    (a, b) => a === b,
  );
  warnings.sort((a, b) => MBL_IMPORT_CHECKED.indexOf(a.field) - MBL_IMPORT_CHECKED.indexOf(b.field));

  // Containers: theirs matched to ours by number, the rest in order onto ours still without a number.
  const theirs = (td.utilizedTransportEquipments ?? []).map((u) => ({
    no: (u.equipment?.equipmentReference ?? u.equipmentReference ?? '').toUpperCase(),
    size: u.equipment?.ISOEquipmentCode ? (sizeOfIso.get(u.equipment.ISOEquipmentCode) ?? null) : null,
    seal: u.seals?.[0]?.number?.slice(0, 40) ?? null,
  }));
  const badNos = theirs.flatMap((t, i) => {
    const err = containerNoError(t.no);
    return err
      ? [{ field: `utilizedTransportEquipments.${i}.equipment.equipmentReference`, msgKey: err }]
      : [];
  });
  if (badNos.length)
    throw new AppError(422, MBL_MSG.dcsaInvalid, { params: { count: badNos.length }, details: badNos });
  const ours = bl.containers;
  const matched = new Set<number>();
  const free = ours
    .map((_, i) => i)
    .filter((i) => !ours[i].container_no || !theirs.some((t) => t.no === ours[i].container_no));
  let extra = ours.length;
  for (const t of theirs) {
    const same = ours.findIndex((c, i) => c.container_no === t.no && !matched.has(i));
    const i = same >= 0 ? same : (free.shift() ?? -1);
    if (i < 0) {
      // A container the bill does not have (its containers come from the SOs): shown, never written.
      diff(`containers.${extra++}.container_no`, null, t.no);
      continue;
    }
    matched.add(i);
    const c = ours[i];
    take(
      { path: `containers.${i}.container_no`, container: i, key: 'container_no', value: t.no },
      c.container_no,
    );
    if (t.seal)
      take({ path: `containers.${i}.seal_no`, container: i, key: 'seal_no', value: t.seal }, c.seal_no);
    if (t.size)
      take({ path: `containers.${i}.size_type`, container: i, key: 'size_type', value: t.size }, c.size_type);
  }
  for (const i of free)
    if (ours[i].container_no)
      differences.push({
        field: `containers.${i}.container_no`,
        ours: ours[i].container_no,
        carrier: null,
        appliable: false,
      });
  const cargo = (td.consignmentItems ?? []).flatMap((ci) => ci.cargoItems ?? []);
  const pk = cargo.reduce((s, c) => s + (c.outerPackaging?.numberOfPackages ?? 0), 0);
  if (cargo.length && pk !== bl.totals.package_qty)
    differences.push({
      field: 'totals.package_qty',
      ours: String(bl.totals.package_qty),
      carrier: String(pk),
      appliable: false,
    });

  return { m, bl, differences, warnings, proposals };
}

/**
 * Writes the differences of `cmp` the user accepted (`choice.accept`, paths of appliable differences) onto the
 * bill, on `choice.version`, in the caller's transaction (the bill locked before `cmp` was made): 409 stale, 422
 * not editable / no choice / not takeable / mismatch unconfirmed / duplicate container or carrier number. The
 * history records the stored changes (`dcsa_import`) and the rejected appliable differences (`dcsa_reject`).
 */
export async function applyTdDifferences(
  tx: Tx,
  actor: Actor,
  cmp: TdComparison,
  choice: { version: number; accept?: string[]; confirm_mismatch: boolean },
): Promise<TMblImportAnswer> {
  const { m, bl, differences, warnings, proposals } = cmp;
  const body = choice;
  const mblNo = m.mbl_no;
  const ours = bl.containers;
  if (m.version !== body.version) throw conflict();
  if (!MBL_EDITABLE.includes(m.status))
    throw new AppError(422, MBL_MSG.notEditable, { params: { status: m.status } });
  if (!body.accept)
    throw new AppError(422, MBL_MSG.dcsaAcceptRequired, {
      details: [{ field: 'accept', msgKey: MSG.fieldRequired }],
    });
  // The user's choices are checked against the differences of this document against the bill now.
  const byPath = new Map(differences.map((d) => [d.field, d]));
  const accepted = [...new Set(body.accept)];
  const stale = accepted.filter((p) => !byPath.has(p));
  if (stale.length)
    throw new AppError(409, MBL_MSG.dcsaChoiceStale, {
      params: { count: stale.length },
      details: stale.map((p) => ({ field: p, msgKey: MBL_MSG.dcsaChoiceStale })),
    });
  const fixed = accepted.filter((p) => !byPath.get(p)?.appliable);
  if (fixed.length)
    throw new AppError(422, MBL_MSG.dcsaChoiceNotTakeable, {
      params: { count: fixed.length },
      details: fixed.map((p) => ({ field: p, msgKey: MBL_MSG.dcsaChoiceNotTakeable })),
    });
  if (warnings.length && !body.confirm_mismatch)
    throw new AppError(422, MBL_MSG.dcsaMismatch, {
      params: { count: warnings.length },
      details: warnings.map(
        (w): TFieldError => ({
          field: w.field,
          msgKey: MBL_MSG.dcsaMismatchField,
          params: { carrier: w.carrier, ours: w.ours ?? '', plan: w.plan ?? '' },
        }),
      ),
    });

  const chosen = new Set(accepted);
  const taken = proposals.filter((p) => chosen.has(p.path));
  const rejected = proposals.filter((p) => !chosen.has(p.path));
  const header: Partial<Record<'carrier_mbl_no' | 'vessel_name' | 'voyage', string>> = {};
  const next = ours.map((c) => ({ ...c }));
  for (const p of taken)
    if ('header' in p) header[p.header] = p.value;
    else (next[p.container] as Record<typeof p.key, string>)[p.key] = p.value;
  // A container number taken here must not be one of ours kept on another container.
  const dup = next.flatMap((c, i) =>
    c.container_no && next.findIndex((o) => o.container_no === c.container_no) !== i
      ? [{ field: `containers.${i}.container_no`, msgKey: MBL_MSG.containerNoDuplicate }]
      : [],
  );
  if (dup.length) throw new AppError(422, MBL_MSG.containerNoDuplicate, { details: dup });
  if (header.carrier_mbl_no) {
    const other = await repo.carrierNoTaken(tx, m.carrier_code, header.carrier_mbl_no, m.mbl_id);
    if (other)
      throw new AppError(422, MBL_MSG.carrierNoDuplicate, {
        params: { mbl_no: other },
        details: [{ field: 'carrier_mbl_no', msgKey: MBL_MSG.carrierNoDuplicate, params: { mbl_no: other } }],
      });
  }
  const was = await mblState(tx, m);
  const row = await repo.updateIfVersion(tx, m.mbl_id, m.version, {
    ...header,
    updated_by: actorName(actor),
  });
  if (!row) throw conflict();
  if (taken.some((p) => 'container' in p))
    await repo.setContainerIds(
      tx,
      m.mbl_id,
      next.map((c) => ({
        seq: c.seq,
        container_no: c.container_no,
        seal_no: c.seal_no,
        size_type: c.size_type,
      })),
    );
  const who = { uid: actor.user_uid, name: actorName(actor) };
  await recordHistory(tx, {
    entityType: MBL_ENTITY,
    entityId: mblNo,
    action: 'dcsa_import',
    fromStatus: m.status,
    toStatus: m.status,
    // What the import stored (the accepted differences), the stored bill before against after: not what the
    // carrier's document says differently (POL, POD, ETD are compared, never taken) nor what the user rejected.
    changes: await mblChanges(tx, was, await mblState(tx, row)),
    actor: who,
  });
  if (rejected.length)
    await recordHistory(tx, {
      entityType: MBL_ENTITY,
      entityId: mblNo,
      action: 'dcsa_reject',
      fromStatus: m.status,
      toStatus: m.status,
      // Kept as they were: ours → what the carrier's document said (compared by value like every history).
      changes: diffFields(
        Object.fromEntries(rejected.map((p) => [p.path, byPath.get(p.path)?.ours ?? null])),
        Object.fromEntries(rejected.map((p) => [p.path, p.value])),
      ),
      actor: who,
    });
  await reindexMbl(tx, m.mbl_id);
  await notifyMbl(tx, MBL_ACTION_EVENT.dcsa_import, row, actor.user_uid);
  return {
    applied: true,
    differences,
    warnings,
    accepted: taken.map((p) => p.path),
    rejected: rejected.map((p) => p.path),
    master_bl: await presentMbl(tx, actor, row),
  };
}
