import {
  containerNoError,
  isExternalProfile,
  MBL_ACTION_EVENT,
  MBL_EDITABLE,
  MBL_MSG,
  MSG,
  type TMblDifference,
  type TMblStatus,
} from '@portal/contracts';
import { type Actor, actorName } from '../../platform/access/access';
import { recordHistory } from '../../platform/audit/history';
import type { Tx } from '../../platform/db/client';
import { validateDcsa, validateDcsaText } from '../../platform/dcsa';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors/app-error';
import { notifyMbl } from '../../platform/notify/notify';
import { dcsaRefusal } from './master-bl.dcsa';
import { mblRepository as repo } from './master-bl.repository';
import { reindexMbl } from './master-bl.search';
import { MBL_ENTITY, mblChanges, mblState, presentMbl } from './master-bl.service';

/** The parts of a DCSA eBL 3.0 Transport Document the import reads (validated before). */
interface TransportDocument {
  transportDocumentReference: string;
  carrierCode?: string;
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

/**
 * Reads a carrier's eBL 3.0 Transport Document for bill `mblNo`: validated against the schema (422 with the
 * list of what is wrong otherwise), refused when it is another bill's (a different carrier MBL number than
 * ours), compared field by field, and with `apply` the carrier MBL number, vessel/voyage and the containers'
 * numbers, seals and sizes are taken (a draft only, on `version`). Nothing changes unless all of that holds.
 */
export async function importTransportDocument(
  tx: Tx,
  actor: Actor,
  mblNo: string,
  body: { version: number; apply: boolean; document: unknown },
) {
  const m = await repo.byNo(tx, actor, mblNo, true);
  if (!m) throw notFound(MBL_MSG.notFound);
  if (isExternalProfile(actor.profile_type)) throw forbidden(MSG.noPermission);
  const parsed =
    typeof body.document === 'string'
      ? validateDcsaText('ebl-td-3.0', body.document)
      : { value: body.document, errors: validateDcsa('ebl-td-3.0', body.document) };
  if (parsed.errors.length) throw dcsaRefusal(parsed.errors);
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
  const bl = await presentMbl(tx, actor, m);
  const iso = await repo.isoCodes(tx);
  const sizeOfIso = new Map([...iso].map(([size, code]) => [code, size]));
  const differences: TMblDifference[] = [];
  const diff = (field: string, ours: string | null | undefined, carrier: string | null | undefined) => {
    if (carrier === undefined || carrier === null) return;
    if ((ours ?? '') !== carrier) differences.push({ field, ours: ours ?? null, carrier });
  };
  const vv = td.transports.vesselVoyages?.[0];
  diff('carrier_mbl_no', m.carrier_mbl_no, td.transportDocumentReference.toUpperCase());
  diff('carrier_code', m.carrier_code, td.carrierCode);
  diff('vessel_name', m.vessel_name, vv?.vesselName);
  diff('voyage', m.voyage, vv?.carrierExportVoyageNumber);
  diff('pol', m.pol, td.transports.portOfLoading?.UNLocationCode);
  diff('pod', m.pod, td.transports.portOfDischarge?.UNLocationCode);
  diff('place_of_delivery', m.place_of_delivery, td.transports.placeOfDelivery?.UNLocationCode);
  diff('etd', m.etd, td.transports.plannedDepartureDate);

  // Containers: theirs matched to ours by number, the rest in order onto ours still without a number.
  const theirs = (td.utilizedTransportEquipments ?? []).map((u) => ({
    no: (u.equipment?.equipmentReference ?? u.equipmentReference ?? '').toUpperCase(),
    size: u.equipment?.ISOEquipmentCode ? (sizeOfIso.get(u.equipment.ISOEquipmentCode) ?? null) : null,
    seal: u.seals?.[0]?.number ?? null,
  }));
  const badNos = theirs.flatMap((t, i) => {
    const err = containerNoError(t.no);
    return err
      ? [{ field: `utilizedTransportEquipments.${i}.equipment.equipmentReference`, msgKey: err }]
      : [];
  });
  if (badNos.length)
    throw new AppError(422, MBL_MSG.dcsaInvalid, { params: { count: badNos.length }, details: badNos });
  const next = bl.containers.map((c) => ({ ...c }));
  const free = next.filter((c) => !c.container_no || !theirs.some((t) => t.no === c.container_no));
  for (const t of theirs) {
    const mine = next.find((c) => c.container_no === t.no) ?? free.shift();
    if (!mine) {
      differences.push({ field: 'containers', ours: null, carrier: t.no });
      continue;
    }
    const i = next.indexOf(mine);
    diff(`containers.${i}.container_no`, mine.container_no, t.no);
    diff(`containers.${i}.seal_no`, mine.seal_no, t.seal);
    if (t.size) diff(`containers.${i}.size_type`, mine.size_type, t.size);
    mine.container_no = t.no;
    mine.seal_no = t.seal ?? mine.seal_no;
    if (t.size) mine.size_type = t.size as typeof mine.size_type;
  }
  for (const c of free)
    differences.push({
      field: `containers.${next.indexOf(c)}.container_no`,
      ours: c.container_no,
      carrier: null,
    });
  const cargo = (td.consignmentItems ?? []).flatMap((ci) => ci.cargoItems ?? []);
  const pk = cargo.reduce((s, c) => s + (c.outerPackaging?.numberOfPackages ?? 0), 0);
  if (cargo.length && pk !== bl.totals.package_qty)
    differences.push({
      field: 'totals.package_qty',
      ours: String(bl.totals.package_qty),
      carrier: String(pk),
    });

  if (!body.apply) return { applied: false, differences, master_bl: bl };
  if (m.version !== body.version) throw conflict();
  if (!MBL_EDITABLE.includes(m.status as TMblStatus))
    throw new AppError(422, MBL_MSG.notEditable, { params: { status: m.status } });
  const carrierNo = td.transportDocumentReference.toUpperCase().slice(0, 20);
  const taken = await repo.carrierNoTaken(tx, m.carrier_code, carrierNo, m.mbl_id);
  if (taken)
    throw new AppError(422, MBL_MSG.carrierNoDuplicate, {
      params: { mbl_no: taken },
      details: [{ field: 'carrier_mbl_no', msgKey: MBL_MSG.carrierNoDuplicate, params: { mbl_no: taken } }],
    });
  const was = await mblState(tx, m);
  const row = await repo.updateIfVersion(tx, m.mbl_id, m.version, {
    carrier_mbl_no: carrierNo,
    ...(vv?.vesselName && { vessel_name: vv.vesselName.slice(0, 60) }),
    ...(vv?.carrierExportVoyageNumber && { voyage: vv.carrierExportVoyageNumber.slice(0, 20) }),
    updated_by: actorName(actor),
  });
  if (!row) throw conflict();
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
  await recordHistory(tx, {
    entityType: MBL_ENTITY,
    entityId: mblNo,
    action: 'dcsa_import',
    fromStatus: m.status,
    toStatus: m.status,
    // What the import stored, not what the carrier's document says differently (POL, POD, ETD are listed for
    // the user to compare but not taken): the stored bill before against after.
    changes: await mblChanges(tx, was, await mblState(tx, row)),
    actor: { uid: actor.user_uid, name: actorName(actor) },
  });
  await reindexMbl(tx, m.mbl_id);
  await notifyMbl(tx, MBL_ACTION_EVENT.dcsa_import, row, actor.user_uid);
  return { applied: true, differences, master_bl: await presentMbl(tx, actor, row) };
}
