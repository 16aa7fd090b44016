// Over 600 lines: the party API tests (maintenance, approval moves, duplicates, export) share one app and
// database per file (createTestApp); a split repeats that setup.
import { PARTY_TRANSITIONS, similarityPercent } from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPartyBody } from '../../../test/party-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { seedDemoParties } from './party.seed';

let t: TestApp;
type H = Record<string, string>;
let admin: H;
let ops: H;
let manager: H;
let finance: H;
let supervisor: H;
let shipper: H;
let seq = 0;

const valid = (over: Record<string, unknown> = {}) => {
  const n = ++seq;
  return newPartyBody({
    party_code: `TP${String(n).padStart(4, '0')}`,
    full_name: `Test Shipper ${n} Trading Limited`,
    address1: `${n} Test Road`,
    ...over,
  });
};

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, payload: payload as object });

const create = async (over: Record<string, unknown> = {}, headers = ops) => {
  const res = await api('POST', '/Party', headers, valid(over));
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { party_id: number; version: number; approval_status: string };
};

const act = (id: number, action: string, version: number, headers: H, remarks?: string) =>
  api('POST', `/Party/${id}/action`, headers, { action, version, remarks });

/** Moves a fresh party along the pipeline with the right people. */
async function moveTo(p: { party_id: number; version: number }, steps: [string, H][]) {
  let cur = p;
  for (const [action, who] of steps) {
    const res = await act(
      cur.party_id,
      action,
      cur.version,
      who,
      action.includes('reject') ? 'No' : undefined,
    );
    if (res.statusCode !== 200) throw new Error(`${action} failed ${res.statusCode} ${res.body}`);
    cur = res.json();
  }
  return cur as { party_id: number; version: number; approval_status: string };
}

const fieldErrors = (body: { details?: { field: string; msgKey: string }[] }) =>
  Object.fromEntries((body.details ?? []).map((d) => [d.field, d.msgKey]));

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoParties(t.db);
  [admin, ops, manager, finance, supervisor, shipper] = await Promise.all(
    ['admin', 'ops', 'manager', 'finance', 'supervisor', 'shipper'].map(async (u) =>
      bearer(await sessionToken(t, `${u}@demo.test`)),
    ),
  );
});
afterAll(() => t.close());

describe('party create and rules (001 §5 Party)', () => {
  it('creates a party in status P with a create entry in its history', async () => {
    const p = await create();
    expect(p.approval_status).toBe('P');
    const hist = (await api('GET', `/Party/${p.party_id}/history`, ops)).json();
    expect(hist[0]).toMatchObject({
      action: 'create',
      to_status: 'P',
      reason: 'New customer from the trade fair',
    });
  });

  it('refuses a party without requester remarks, address, contact type, tax id or ledger code', async () => {
    const res = await api('POST', '/Party', ops, {
      ...valid(),
      requester_remarks: ' ',
      address1: '',
      contact_type: undefined,
      tax_id: '',
      ledger_code: '',
    });
    expect(res.statusCode).toBe(400);
    const f = fieldErrors(res.json());
    expect(f).toMatchObject({
      requester_remarks: 'msgFieldRequired',
      address1: 'msgFieldRequired',
      contact_type: 'msgFieldRequired',
      tax_id: 'msgFieldRequired',
      ledger_code: 'msgFieldRequired',
    });
  });

  // +85212345678 has the right shape but no Hong Kong number starts with 1 (libphonenumber's plan).
  it.each([
    ['85228271234'],
    ['+852 2827 1234'],
    ['+852-28271234'],
    [''],
    ['+85212345678'],
    ['+15550100'],
    ['+99912345678'],
  ])('refuses phone %j', async (tel) => {
    const res = await api('POST', '/Party', ops, valid({ tel }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json()).tel).toMatch(/msgPhoneInvalid|msgFieldRequired/);
  });

  it('refuses a negative or malformed credit limit, a JSON number and more than 2 decimals (1.005 is not rounded)', async () => {
    for (const credit_limit of ['-1', 'abc', '1.005', '1e6', '1,000', '123456789012345', 100, 1.5]) {
      const res = await api('POST', '/Party', ops, valid({ credit_limit }));
      expect(res.statusCode, String(credit_limit)).toBe(400);
      expect(fieldErrors(res.json()).credit_limit).toBe('msgPartyCreditLimitInvalid');
    }
  });

  it('keeps a credit limit exact: 12345678901234.56 goes in and comes back as that string', async () => {
    const p = await create({ credit_limit: '12345678901234.56' });
    const got = (await api('GET', `/Party/${p.party_id}`, ops)).json();
    expect(got.credit_limit).toBe('12345678901234.56');
    expect(got.needs_cam).toBe(true);
    const row = (await api('GET', `/Party?q=${got.party_code}`, ops)).json().rows[0];
    expect(row.credit_limit).toBe('12345678901234.56');
    const padded = await create({ credit_limit: '1000.5' });
    expect((await api('GET', `/Party/${padded.party_id}`, ops)).json().credit_limit).toBe('1000.50');
  });

  it('needs bank name, account and currency once any bank detail is given', async () => {
    const res = await api('POST', '/Party', ops, valid({ beneficiary_name: 'Test Shipper Ltd' }));
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.json())).toMatchObject({
      bank_name: 'msgPartyBankIncomplete',
      bank_account_no: 'msgPartyBankIncomplete',
      bank_currency: 'msgPartyBankIncomplete',
    });
    const ok = await api(
      'POST',
      '/Party',
      ops,
      valid({
        bank_name: 'HSBC',
        bank_account_no: '123-456789-001',
        bank_currency: 'hkd',
        bic: 'hsbchkhhhkh',
      }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ bank_currency: 'HKD', bic: 'HSBCHKHHHKH' });
  });

  it('accepts a BIC of 8 or 11 characters only', async () => {
    const bank = { bank_name: 'HSBC', bank_account_no: '1', bank_currency: 'HKD' };
    expect((await api('POST', '/Party', ops, valid({ ...bank, bic: 'HSBCHKHH' }))).statusCode).toBe(201);
    for (const bic of ['HSBCHKH', 'HSBCHKHHHK', 'HSBCHKHHHKHX', 'DEUTXXFF', 'MULTIPLE']) {
      const res = await api('POST', '/Party', ops, valid({ ...bank, bic }));
      expect(fieldErrors(res.json()).bic).toBe('msgBicInvalid');
    }
  });

  it('checks an IBAN when the account looks like one or the BIC is in an IBAN country, and stores it without spaces', async () => {
    const bank = { bank_name: 'Deutsche Bank', bank_currency: 'EUR' };
    const ok = await api(
      'POST',
      '/Party',
      ops,
      valid({ ...bank, bank_account_no: 'de89 3704 0044 0532 0130 00', bic: 'DEUTDEFF' }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().bank_account_no).toBe('DE89370400440532013000');
    for (const [bank_account_no, bic] of [
      ['DE89 3704 0044 0532 0130 01', ''],
      ['0532013000', 'DEUTDEFF'],
    ]) {
      const res = await api('POST', '/Party', ops, valid({ ...bank, bank_account_no, bic }));
      expect(res.statusCode, bank_account_no).toBe(400);
      expect(fieldErrors(res.json()).bank_account_no).toBe('msgIbanInvalid');
    }
  });

  it('refuses special characters in the beneficiary name', async () => {
    const bank = { bank_name: 'HSBC', bank_account_no: '1', bank_currency: 'HKD' };
    for (const name of ['Smith & Sons', 'A@B', 'Café Ltd', '陳大文']) {
      const res = await api('POST', '/Party', ops, valid({ ...bank, beneficiary_name: name }));
      expect(fieldErrors(res.json()).beneficiary_name).toBe('msgBeneficiaryNameInvalid');
    }
    const ok = await api(
      'POST',
      '/Party',
      ops,
      valid({ ...bank, beneficiary_name: "O'Neil (HK) Co. Ltd. - A/C 1" }),
    );
    expect(ok.statusCode).toBe(201);
  });

  it("refuses a ZIP that does not fit the country's pattern, and accepts an empty one", async () => {
    for (const [country_code, zip_postal] of [
      ['US', '1234'],
      ['CA', '12345'],
      ['CN', '51805'],
      ['CN', '141234'],
      ['CA', 'K1A 0D1'],
      ['CA', 'W1A 0B1'],
      ['JP', '1234567'],
    ]) {
      const res = await api('POST', '/Party', ops, valid({ country_code, zip_postal }));
      expect(res.statusCode, `${country_code} ${zip_postal}`).toBe(400);
      expect(fieldErrors(res.json()).zip_postal).toBe('msgZipInvalid');
    }
    for (const [country_code, zip_postal] of [
      ['US', '10001-1234'],
      ['CA', 'k1a 0b1'],
      ['CA', 'G1A-0A2'],
      ['CN', '518057'],
      ['HK', 'anything'],
      ['US', ''],
    ]) {
      const res = await api('POST', '/Party', ops, valid({ country_code, zip_postal }));
      expect(res.statusCode, `${country_code} ${zip_postal}`).toBe(201);
    }
  });

  it('checks the EORI format and requires it for agents and consignees in the EU, CH, NO and Northern Ireland', async () => {
    const bad = await api('POST', '/Party', ops, valid({ eori_no: '1234567' }));
    expect(fieldErrors(bad.json()).eori_no).toBe('msgEoriInvalid');
    const tooLong = await api('POST', '/Party', ops, valid({ eori_no: 'DE1234567890123456' }));
    expect(fieldErrors(tooLong.json()).eori_no).toBe('msgEoriInvalid');
    // GB/XI numbers have 12 or 15 digits; only EU member states, GB and XI issue EORI numbers.
    for (const eori_no of ['GB12345678900', 'XI1234567890123', 'US123456789']) {
      const res = await api('POST', '/Party', ops, valid({ eori_no }));
      expect(fieldErrors(res.json()).eori_no, eori_no).toBe('msgEoriInvalid');
    }
    expect((await api('POST', '/Party', ops, valid({ eori_no: 'gb123456789000' }))).json().eori_no).toBe(
      'GB123456789000',
    );
    for (const [country_code, zip_postal] of [
      ['DE', '20457'],
      ['CH', '8000'],
      ['NO', '0150'],
      ['XI', ''],
      ['GB', 'BT1 1AA'],
    ]) {
      for (const party_type of ['AGENT', 'CONSIGNEE']) {
        const res = await api('POST', '/Party', ops, valid({ party_type, country_code, zip_postal }));
        expect(res.statusCode, `${party_type} ${country_code}`).toBe(400);
        expect(fieldErrors(res.json()).eori_no).toBe('msgEoriRequired');
      }
    }
    expect(
      (await api('POST', '/Party', ops, valid({ party_type: 'SHIPPER', country_code: 'DE' }))).statusCode,
    ).toBe(201);
    expect(
      (await api('POST', '/Party', ops, valid({ party_type: 'AGENT', country_code: 'US' }))).statusCode,
    ).toBe(201);
    expect(
      (
        await api(
          'POST',
          '/Party',
          ops,
          valid({ party_type: 'AGENT', country_code: 'GB', zip_postal: 'SW1A 1AA' }),
        )
      ).statusCode,
    ).toBe(201);
    const ok = await api(
      'POST',
      '/Party',
      ops,
      valid({ party_type: 'CONSIGNEE', country_code: 'NL', eori_no: 'nl812345678' }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.json().eori_no).toBe('NL812345678');
  });

  it('answers a duplicate party code with 409 on the field', async () => {
    const res = await api('POST', '/Party', ops, valid({ party_code: 'CNSZX001' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ msgKey: 'msgPartyDuplicateCode', details: [{ field: 'party_code' }] });
  });

  it('refuses an unknown account group', async () => {
    const res = await api('POST', '/Party', ops, valid({ customer_id: 999999 }));
    expect(res.statusCode).toBe(422);
    expect(fieldErrors(res.json()).customer_id).toBe('msgAccountGroupUnknown');
  });

  it('needs the party function', async () => {
    expect((await api('POST', '/Party', shipper, valid())).statusCode).toBe(403);
    expect((await api('GET', '/Party', shipper)).statusCode).toBe(403);
  });
});

describe('party update', () => {
  it('saves with the version read, records the changes and answers 409 on a stale version', async () => {
    const p = await create();
    const body = {
      ...valid({ party_code: (p as unknown as { party_code: string }).party_code }),
      city: 'Kowloon',
      version: p.version,
    };
    const res = await api('PUT', `/Party/${p.party_id}`, ops, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Kowloon', version: p.version + 1 });
    const stale = await api('PUT', `/Party/${p.party_id}`, ops, body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msgKey).toBe('msgRecordNotLatest');
    const hist = (await api('GET', `/Party/${p.party_id}/history`, ops)).json();
    expect(hist[0]).toMatchObject({
      action: 'update',
      changes: { city: { from: 'Hong Kong', to: 'Kowloon' } },
    });
  });
});

describe('carrier tab', () => {
  it('links a carrier party to a carrier by code and shows its SCAC; an unknown carrier is refused', async () => {
    const res = await api('POST', '/Party', ops, valid({ party_type: 'CARRIER', carrier_code: 'maeu' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ carrier_code: 'MAEU', carrier_scac: 'MAEU' });
    const bad = await api('POST', '/Party', ops, valid({ party_type: 'CARRIER', carrier_code: 'ZZZZ' }));
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad.json()).carrier_code).toBe('msgPartyCarrierUnknown');
  });
});

describe('approval pipeline (001 §4, §6)', () => {
  it('goes P → MA (manager) → SP (finance) → SH (finance) without credit, with every move in the history', async () => {
    const p = await create();
    const done = await moveTo(p, [
      ['management_approve', manager],
      ['approve', finance],
      ['sunac_handle', finance],
    ]);
    expect(done.approval_status).toBe('SH');
    const hist = (await api('GET', `/Party/${p.party_id}/history`, ops)).json();
    expect(
      hist.map((h: { from_status: string; to_status: string }) => `${h.from_status}>${h.to_status}`),
    ).toEqual(['SP>SH', 'MA>SP', 'P>MA', 'null>P']);
    expect(hist[0].actor_name).toBe('Fiona Finance');
    const code = (await api('GET', `/Party/${p.party_id}`, ops)).json().party_code;
    const list = (await api('GET', `/Party?list=party_approved&q=${code}`, ops)).json();
    expect(list.rows.map((r: { party_id: number }) => r.party_id)).toEqual([p.party_id]);
  });

  it('sends a party with a credit limit through CAM after SUNAC', async () => {
    const p = await create({ credit_limit: '250000.50' });
    const cp = await moveTo(p, [
      ['management_approve', admin],
      ['approve', admin],
      ['sunac_handle', admin],
    ]);
    expect(cp.approval_status).toBe('CP');
    const ch = await moveTo(cp, [['cam_handle', finance]]);
    expect(ch.approval_status).toBe('CH');
    const p2 = await create({ credit_limit: '1000' });
    const cr = await moveTo(p2, [
      ['management_approve', manager],
      ['approve', finance],
      ['sunac_handle', finance],
      ['cam_reject', finance],
    ]);
    expect(cr.approval_status).toBe('CR');
  });

  it('rejects at each stage only with remarks, and a rejected party can be resubmitted', async () => {
    const p = await create();
    const noRemarks = await act(p.party_id, 'management_reject', p.version, manager);
    expect(noRemarks.statusCode).toBe(422);
    expect(noRemarks.json()).toMatchObject({
      msgKey: 'msgPartyRemarksRequired',
      details: [{ field: 'remarks' }],
    });
    const mr = await act(p.party_id, 'management_reject', p.version, manager, 'Duplicate of CNSZX001');
    expect(mr.json()).toMatchObject({ approval_status: 'MR', approval_remarks: 'Duplicate of CNSZX001' });
    const hist = (await api('GET', `/Party/${p.party_id}/history`, ops)).json();
    expect(hist[0]).toMatchObject({
      action: 'management_reject',
      reason: 'Duplicate of CNSZX001',
      actor_name: 'Mandy Manager',
    });
    expect((await act(p.party_id, 'resubmit', mr.json().version, ops)).statusCode).toBe(422);
    const again = await act(p.party_id, 'resubmit', mr.json().version, ops, 'Code corrected');
    expect(again.json().approval_status).toBe('P');

    const a = await moveTo(await create(), [
      ['management_approve', manager],
      ['reject', finance],
    ]);
    expect(a.approval_status).toBe('AR');
    const s = await moveTo(await create(), [
      ['management_approve', manager],
      ['approve', finance],
      ['sunac_reject', finance],
    ]);
    expect(s.approval_status).toBe('SR');
  });

  it('refuses moves that are not allowed from the current status (422)', async () => {
    const p = await create();
    for (const action of ['approve', 'sunac_handle', 'cam_handle', 'resubmit']) {
      const res = await act(p.party_id, action, p.version, admin, 'x');
      expect(res.statusCode, action).toBe(422);
      expect(res.json().msgKey).toBe('msgPartyTransitionNotAllowed');
    }
    const done = await moveTo(p, [['management_approve', manager]]);
    const twice = await act(p.party_id, 'management_approve', done.version, manager);
    expect(twice.statusCode).toBe(422);
  });

  it('lets only the profiles of the transition table make each move (403 otherwise)', async () => {
    const users: Record<string, H> = {
      ADMIN: admin,
      OPERATIONS: ops,
      MANAGER: manager,
      FINANCE: finance,
      SUPERVISOR: supervisor,
    };
    const path: Record<string, [string, H][]> = {
      P: [],
      MA: [['management_approve', manager]],
      SP: [
        ['management_approve', manager],
        ['approve', finance],
      ],
      MR: [['management_reject', manager]],
    };
    for (const tr of PARTY_TRANSITIONS.filter(
      (x) => x.action !== 'cam_handle' && x.action !== 'cam_reject',
    )) {
      const from = tr.from.find((s) => s in path);
      if (!from) continue;
      for (const [profile, headers] of Object.entries(users)) {
        const p = await moveTo(await create(), path[from]);
        const res = await act(p.party_id, tr.action, p.version, headers, 'because');
        expect(res.statusCode, `${profile} ${tr.action}`).toBe(tr.profiles.includes(profile) ? 200 : 403);
      }
    }
  });

  it('answers a stale version on a move with 409', async () => {
    const p = await create();
    const res = await act(p.party_id, 'management_approve', p.version + 5, manager);
    expect(res.statusCode).toBe(409);
  });
});

describe('lists, counts, export, lookup and options', () => {
  it('filters each list by status and counts them', async () => {
    const counts = (await api('GET', '/Party/counts', ops)).json().counts;
    expect(Object.keys(counts)).toHaveLength(13);
    const mgmt = (await api('GET', '/Party?list=pending_party_management_approval&pageSize=100', ops)).json();
    expect(mgmt.rows.every((r: { approval_status: string }) => r.approval_status === 'P')).toBe(true);
    expect(mgmt.total).toBe(counts.pending_party_management_approval.total);
    const approved = (await api('GET', '/Party?list=party_approved&q=bright%20star', ops)).json();
    expect(approved.rows.map((r: { party_code: string }) => r.party_code)).toContain('CNSZX001');
    const rejected = (await api('GET', '/Party?list=party_management_rejected&q=bremen', ops)).json();
    expect(rejected.rows.map((r: { party_code: string }) => r.party_code)).toEqual(['DEBRE001']);
  });

  it('shows a new party and its first move in the counts at once, though counts are cached', async () => {
    const count = async (list: string) =>
      (await api('GET', '/Party/counts', ops)).json().counts[list].total as number;
    const pending = await count('pending_party_management_approval');
    const p = await create();
    expect(await count('pending_party_management_approval')).toBe(pending + 1);
    await moveTo(p, [['management_approve', manager]]);
    expect(await count('pending_party_management_approval')).toBe(pending);
  });

  it('pages with keyset cursors', async () => {
    const p1 = (await api('GET', '/Party?pageSize=10', ops)).json();
    expect(p1.nextCursor).toBeTruthy();
    const p2 = (
      await api('GET', `/Party?pageSize=10&cursor=${encodeURIComponent(p1.nextCursor)}`, ops)
    ).json();
    const codes = [...p1.rows, ...p2.rows].map((r: { party_code: string }) => r.party_code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('exports the list as .xlsx with the same rows', async () => {
    const res = await api('GET', '/Party/export?list=party_sunac_approved&sort=party_code', ops);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const list = (
      await api('GET', '/Party?list=party_sunac_approved&sort=party_code&pageSize=100', ops)
    ).json();
    expect(sheet.rowCount - 1).toBe(list.total);
    expect(sheet.getRow(2).getCell(2).value).toBe(list.rows[0].party_code);
  });

  it('finds similar parties by name and address with scores', async () => {
    const res = await api('POST', '/Party/duplicate-check', ops, {
      full_name: 'Shenzhen Bright Star Electronic Co Ltd',
      address1: 'No. 88 Keji South Rd, Nanshan',
      city: 'Shenzhen',
    });
    expect(res.statusCode).toBe(200);
    const [best] = res.json().matches;
    expect(best.party_code).toBe('CNSZX001');
    expect(best.similarity).toBeGreaterThan(0.5);
    expect(similarityPercent(best.similarity)).toMatch(/^\d{1,3}\.\d{2}%$/);
    const none = (
      await api('POST', '/Party/duplicate-check', ops, { full_name: 'Zyxwvut Quantum Widgets' })
    ).json();
    expect(none.matches).toEqual([]);
    const self = (
      await api('POST', '/Party/duplicate-check', ops, {
        full_name: 'Shenzhen Bright Star Electronics Co., Ltd.',
        exclude_party_id: best.party_id,
      })
    ).json();
    expect(self.matches.map((m: { party_id: number }) => m.party_id)).not.toContain(best.party_id);
  });

  it('serves party options for pickers: approved active parties only, value party_id', async () => {
    // Internal users get the full option; external ones see less (party-lookup.test.ts).
    const look = (await api('GET', '/Party/lookup?q=hanseatic', ops)).json();
    expect(look[0]).toMatchObject({
      party_code: 'DEHAM001',
      country_code: 'DE',
      eori_no: 'DE123456789012345',
      party_code_display: 'DEHAM001 - Hanseatic Cargo',
    });
    expect(look[0].full_addr).toContain('Hamburg');
    expect(look[0].release_score).toBe(look[0].Similarity);
    expect((await api('GET', '/Party/lookup?q=xiamen', ops)).json()).toEqual([]);
    const opt = await api('POST', '/Master/GetInSelectionOptions', ops, {
      fetchOptionKey: 'party',
      searchText: 'bright',
    });
    expect(opt.statusCode).toBe(200);
    const bright = (await api('GET', '/Party/lookup?q=bright', ops)).json()[0];
    expect(opt.json()[0]).toEqual({
      value: String(bright.party_id),
      text: 'CNSZX001 - Shenzhen Bright Star Electronics Co., Ltd.',
    });
    const byValue = await api('POST', '/Master/GetInSelectionOptions', ops, {
      fetchOptionKey: 'party',
      searchValue: String(bright.party_id),
    });
    expect(byValue.json()).toEqual([opt.json()[0]]);
  });
});

describe('account group codes', () => {
  it('creates, reads, updates with a version and refuses a duplicate code (case-insensitive)', async () => {
    const res = await api('POST', '/Party/AccountGroup', ops, { code: 'acme', name: 'Acme Group' });
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g.code).toBe('ACME');
    const dup = await api('POST', '/Party/AccountGroup', ops, { code: 'Acme', name: 'Other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      msgKey: 'msgAccountGroupDuplicateCode',
      details: [{ field: 'code' }],
    });
    const up = await api('PUT', `/Party/AccountGroup/${g.customer_id}`, ops, {
      code: 'ACME',
      name: 'Acme Holdings',
      status: 'A',
      version: g.version,
    });
    expect(up.json()).toMatchObject({ name: 'Acme Holdings', version: g.version + 1 });
    const stale = await api('PUT', `/Party/AccountGroup/${g.customer_id}`, ops, {
      code: 'ACME',
      name: 'X',
      status: 'A',
      version: g.version,
    });
    expect(stale.statusCode).toBe(409);
    const toDup = await api('PUT', `/Party/AccountGroup/${g.customer_id}`, ops, {
      code: 'harbour',
      name: 'X',
      status: 'A',
      version: g.version + 1,
    });
    expect(toDup.json().msgKey).toBe('msgAccountGroupDuplicateCode');
    const list = (await api('GET', '/Party/AccountGroup?q=acme', ops)).json();
    expect(list.rows.map((r: { code: string }) => r.code)).toEqual(['ACME']);
    const p = await create({ customer_id: g.customer_id });
    expect((await api('GET', `/Party/${p.party_id}`, ops)).json()).toMatchObject({
      customer_code: 'ACME',
      customer_name: 'Acme Holdings',
    });
  });
});
