import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { api, containerNo } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

type Json = { [k: string]: Json } | Json[] | string | number | boolean | null;

/** DCSA's own eBL 3.0 Transport Document example (regularSTDExample) from the published YAML in the server. */
function transportDocumentExample(): Record<string, Json> {
  const spec = parse(
    readFileSync(
      new URL('../../apps/server/src/platform/dcsa/spec/EBL_v3.0.4.yaml', import.meta.url),
      'utf8',
    ),
  ) as Json;
  let found: Record<string, Json> | null = null;
  const visit = (n: Json) => {
    if (found || n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(visit);
    const ex = (n.regularSTDExample as { value?: Record<string, Json> } | undefined)?.value;
    if (ex && typeof ex === 'object' && 'transportDocumentReference' in ex) found = ex;
    else Object.values(n).forEach(visit);
  };
  visit(spec);
  if (!found) throw new Error('no DCSA transport document example');
  return structuredClone(found);
}

interface Row {
  consol_no: string;
  amended: boolean;
}

/**
 * The master BL journey (issue 12): operations start a new master bill from an approved consol plan, save the
 * draft prefilled from the plan and print it (the PDF is downloaded), take in the carrier's DCSA eBL 3.0
 * Transport Document (differences listed, a mismatching POL flagged, one difference rejected, the rest applied);
 * the list then finds it by the carrier's MBL number.
 */
test.describe('master bill of lading', () => {
  test('is created from an approved plan and printed', async ({ browser }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    // The demo's approved plan (its SOs carry HS codes, its containers numbers and seals): the longest approved
    // demo plan, not one an earlier journey planned or approved today (the consolidation and live-refresh
    // journeys approve plans whose SOs have no cargo lines). A bill the demo (or an earlier run) made on it is
    // cancelled first.
    const approved = await api<{ rows: Row[] }>(
      ops.token,
      'GET',
      '/Consolidation/list/consolidation_approved?sort=status_changed_at&order=asc',
    );
    const plan = approved.body.rows.find((r) => !r.amended && r.consol_no.startsWith('DEMOCN'));
    expect(plan, 'an approved demo plan').toBeTruthy();
    const consolNo = (plan as Row).consol_no;
    const bills = await api<{ rows: { mbl_no: string; status: string }[] }>(
      ops.token,
      'GET',
      `/MasterBL/list/search_master_bl?q=${encodeURIComponent(consolNo)}`,
    );
    for (const b of bills.body.rows.filter((r) => r.status !== 'CANCELLED')) {
      const one = await api<{ version: number }>(ops.token, 'GET', `/MasterBL/${b.mbl_no}`);
      const cancelled = await api(ops.token, 'POST', `/MasterBL/${b.mbl_no}/actions/cancel`, {
        version: one.body.version,
        reason: 'Journey makes a new bill',
      });
      expect(cancelled.status).toBe(200);
    }

    const p = ops.page;
    // The master BL dashboard: New master BL → from a consol plan → the approved plan's consol#.
    await p.goto('/BMS/master_bl');
    await expect(p.getByTestId('mbl-dashboard-title')).toHaveText('Master Bill of Lading', {
      timeout: 90_000,
    });
    await p.getByTestId('mbl-new').click();
    await p.getByTestId('mbl-new-ref').fill(consolNo);
    await p.getByTestId('mbl-new-start').click();

    // The new bill comes prefilled from the plan: its SOs, containers, sailing and destination agent.
    await expect(p.getByTestId('mbl-title')).toHaveText('New master BL', { timeout: 60_000 });
    await expect(p.getByTestId('mbl-field-consol_no')).toHaveValue(consolNo);
    await expect(p.getByTestId('mbl-house-bills').locator('tbody tr')).not.toHaveCount(0);
    await p.getByTestId('mbl-field-carrier_mbl_no').fill('COSU6301234567');
    await p.getByTestId('mbl-field-show_freight').check();
    await p.getByTestId('mbl-save').click();
    await expect(p.getByTestId('mbl-status')).toHaveText('Draft', { timeout: 30_000 });
    const mblNo = (await p.getByTestId('mbl-title').textContent())?.trim() ?? '';
    expect(mblNo).toMatch(/^MB/);
    await expect(p).toHaveURL(new RegExp(`/BMS/master_bl/master_bl/${mblNo}$`));
    await expect(p.getByTestId('mbl-totals')).toContainText('KG');
    await expect(p.getByTestId('mbl-history')).toContainText('Created');

    // Print: the draft PDF opens in a preview (issue 39), and downloads from there under the bill's number.
    await p.getByTestId('mbl-print').click();
    await expect(p.getByTestId('mbl-pdf-preview')).toBeVisible({ timeout: 30_000 });
    await expect(p.getByTestId('mbl-pdf-open')).toHaveAttribute('href', /^blob:/);
    const [file] = await Promise.all([p.waitForEvent('download'), p.getByTestId('mbl-pdf-download').click()]);
    expect(file.suggestedFilename()).toBe(`MBL-${mblNo}.pdf`);
    const path = await file.path();
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    await p.getByTestId('mbl-pdf-close').click();
    await expect(p.getByTestId('mbl-pdf-preview')).toHaveCount(0);

    // The plan's demo SOs carry HS codes (issue 39): the DCSA Shipping Instructions go out with them.
    const [si] = await Promise.all([p.waitForEvent('download'), p.getByTestId('mbl-dcsa-si').click()]);
    const items = JSON.parse(readFileSync(await si.path(), 'utf8')).consignmentItems as {
      HSCodes: string[];
    }[];
    for (const item of items) expect(item.HSCodes[0]).toMatch(/^\d{6,10}$/);

    // The carrier's eBL (DCSA 3.0 Transport Document) arrives: what differs is listed, labelled; a POL other than
    // the bill's is flagged as a likely wrong document (issue 39); the user rejects the voyage, confirms the
    // document and applies: only the accepted differences (the container's seal) are written.
    const bill = await api<{
      containers: { container_no: string | null }[];
      carrier_code: string;
      pol: string;
      pod: string;
      etd: string;
      voyage: string;
    }>(ops.token, 'GET', `/MasterBL/${mblNo}`);
    const boxNo = bill.body.containers[0]?.container_no ?? containerNo('COSU', 630123);
    const otherPol = bill.body.pol === 'DEHAM' ? 'NLRTM' : 'DEHAM';
    const td = transportDocumentExample();
    td.transportDocumentReference = 'COSU6301234567';
    td.carrierCode = bill.body.carrier_code;
    td.carrierCodeListProvider = 'NMFTA';
    td.transports = {
      ...(td.transports as Record<string, Json>),
      plannedDepartureDate: bill.body.etd,
      portOfLoading: { UNLocationCode: otherPol },
      portOfDischarge: { UNLocationCode: bill.body.pod },
      vesselVoyages: [{ vesselName: 'COSCO SHIPPING ARIES', carrierExportVoyageNumber: '053E' }],
    };
    td.utilizedTransportEquipments = [
      {
        isShipperOwned: false,
        seals: [{ number: 'CARRIER-SEAL-1' }],
        equipment: { ISOEquipmentCode: '45G1', equipmentReference: boxNo },
      },
    ];
    const tdFile = join(tmpdir(), `td-${mblNo}.json`);
    writeFileSync(tdFile, JSON.stringify(td));
    await p.getByTestId('mbl-dcsa-td-file').setInputFiles(tdFile);
    const diffs = p.getByTestId('mbl-dcsa-differences');
    await expect(diffs).toContainText('Voyage', { timeout: 30_000 });
    await expect(diffs).toContainText('053E');
    // Differences by label, part by part for paths (issue 39): "Containers 1 · Seal No.", never
    // 'containers.0.seal_no' or 'carrier_mbl_no'.
    const fields = await diffs.locator('tbody tr td:first-child').allTextContents();
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) expect(f).not.toMatch(/_|\.\d|^[a-z]/);
    // The mismatching POL is flagged above the list; Apply waits for the user's check.
    const mismatch = p.getByTestId('mbl-dcsa-mismatch');
    await expect(mismatch).toContainText('This may be the wrong document');
    await expect(p.getByTestId('mbl-dcsa-mismatch-pol')).toContainText(
      `POL: the carrier's document says ${otherPol}`,
    );
    await expect(p.getByTestId('mbl-dcsa-mismatch-pol')).toContainText(bill.body.pol);
    await expect(mismatch.locator('li')).toHaveCount(1);
    await expect(p.getByTestId('mbl-dcsa-apply')).toBeDisabled();
    await expect(diffs.locator('tbody tr', { hasText: 'POL' })).toContainText('Compare only');
    // Every difference the import can write starts accepted; reject the voyage.
    await expect(p.getByTestId('mbl-dcsa-accept-voyage')).toBeChecked();
    await p.getByTestId('mbl-dcsa-reject-voyage').check();
    await expect(p.getByTestId('mbl-dcsa-choices')).toContainText('1 rejected');
    await p.getByTestId('mbl-dcsa-confirm').check();
    await p.getByTestId('mbl-dcsa-apply').click();
    await expect(p.getByTestId('mbl-container-0-seal')).toHaveValue('CARRIER-SEAL-1', { timeout: 30_000 });
    await expect(p.getByTestId('mbl-field-voyage')).toHaveValue(bill.body.voyage);
    await expect(p.getByTestId('mbl-history')).toContainText('Carrier eBL imported');
    // Its history entry lists exactly what was stored, by label (issue 38): the container's seal, not the
    // rejected voyage nor the POL/POD/ETD the carrier's document says differently, and never a raw key.
    const imported = p.getByTestId('mbl-history').locator('tbody tr', { hasText: 'Carrier eBL imported' });
    await expect(imported).toContainText('Containers 1 · Seal No.');
    await expect(imported).toContainText('CARRIER-SEAL-1');
    const changed = await imported.locator('li strong').allTextContents();
    for (const label of ['Voyage', 'POL', 'POD', 'ETD', 'Carrier MBL No.'])
      expect(changed).not.toContain(label);
    for (const label of changed) expect(label).not.toMatch(/_|\.\d/);
    // The rejected voyage is kept in the history as rejected: ours → the carrier's.
    const rejected = p.getByTestId('mbl-history').locator('tbody tr', { hasText: 'Carrier values rejected' });
    await expect(rejected).toContainText('Voyage');
    await expect(rejected).toContainText('053E');

    // The list finds it by the carrier's number.
    await p.getByTestId('mbl-back').click();
    const search = p.getByTestId('search-input').locator('input');
    await search.fill('COSU6301234567');
    await search.press('Enter');
    await expect(p.getByTestId(`mbl-link-${mblNo}`)).toBeVisible({ timeout: 30_000 });
    await ops.context.close();
  });
  test('names the SOs its DCSA SI lacks an HS code for, each linking to its cargo lines', async ({
    browser,
  }) => {
    const ops = await signedInContext(browser, 'ops@demo.test');
    // A confirmed FCL booking without cargo lines: a copy of the demo US booking PO-WC-24350, one 40HQ.
    const found = await api<{ rows: { so_no: string }[] }>(
      ops.token,
      'GET',
      '/Booking/list/search_booking?q=PO-WC-24350',
    );
    const source = found.body.rows[0]?.so_no;
    expect(source, 'demo booking PO-WC-24350').toBeTruthy();
    const copy = await api<Record<string, unknown>>(ops.token, 'GET', `/Booking/${source}/copy`);
    const run = Date.now() % 900_000;
    const box = containerNo('TCLU', 100_000 + run);
    const made = await api<{ so_no: string; version: number }>(ops.token, 'POST', '/Booking', {
      ...copy.body,
      po_no: `PO-HS-${run}`,
      service_type: 'FCL',
      package_qty: 100,
      gross_weight: '1000',
      cbm: '20',
      hs_lines: [],
      equipment: [{ size_type: '40HQ', qty: 1 }],
      containers: [
        {
          size_type: '40HQ',
          container_no: box,
          seal_no: `SL${run}`,
          carrier_booking_no: `COSU${run}`,
          package_qty: 100,
          gross_weight: '1000',
          cbm: '20',
        },
      ],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const soNo = made.body.so_no;
    const confirmed = await api(ops.token, 'POST', `/Booking/${soNo}/actions/confirm`, {
      version: made.body.version,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const draft = await api<Record<string, unknown>>(ops.token, 'GET', `/MasterBL/draft?so_nos=${soNo}`);
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const bill = await api<{ mbl_no: string }>(ops.token, 'POST', '/MasterBL', draft.body);
    expect(bill.status, JSON.stringify(bill.body)).toBe(201);
    const mblNo = bill.body.mbl_no;

    const p = ops.page;
    await p.goto(`/BMS/master_bl/master_bl/${mblNo}`);
    await expect(p.getByTestId('mbl-title')).toHaveText(mblNo, { timeout: 90_000 });
    // The SI is refused, naming the SO without an HS code, with a link to its booking's cargo lines.
    await p.getByTestId('mbl-dcsa-si').click();
    const missing = p.getByTestId('mbl-si-missing-hs');
    await expect(missing).toContainText('has no HS code of HS 2022', { timeout: 30_000 });
    await p.getByTestId(`mbl-si-missing-hs-${soNo}`).click();
    await expect(p).toHaveURL(new RegExp(`/shipping_order/${soNo}\\?tab=details$`));
    await expect(p.getByTestId('booking-hs-lines')).toBeVisible({ timeout: 60_000 });
    await ops.context.close();
  });
});
