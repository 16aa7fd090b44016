import type { TApplyToInvoiceResponse, TTemplate, TTemplateSearchResponse } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { buildUser } from '../../../test/user-factory';
import { computeLine, referencesOf } from './template-apply';

let t: TestApp;
type Headers = Record<string, string>;
const h: Record<string, Headers> = {};

/** A user of `role` whose only profile sits at `office`. */
async function userAt(office: string, role: string) {
  const u = await buildUser(t.db, { profiles: [['OPERATIONS', role]] });
  await t.db.execute(sql`update user_profiles set office_id = (select office_id from offices where code = ${office})
                          where user_profile_id = ${u.profileIds[0]}`);
  return bearer(await sessionToken(t, u.login_id));
}

const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
  t.app
    .inject({ method, url: `/api/v1${url}`, headers, payload })
    .then((r) => ({ status: r.statusCode, body: r.json() as T }));

const lineTemplate = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  module: 'WEB_INVOICE',
  category: '7025',
  privacy: 'GLOBAL',
  tags: ['test'],
  lines: [
    {
      dr_cr: 'DR',
      basis: 'JOB',
      charge_code: 'DOC',
      currency: 'USD',
      unit_price: '10',
      quantity: '1',
      uom: 'SHPT',
    },
  ],
  ...over,
});

async function create(name: string, over: Record<string, unknown> = {}, who = h.owner) {
  const res = await api<TTemplate>('POST', '/Template', who, lineTemplate(name, over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const names = async (who: Headers, tab: 'mine' | 'market', q: string) => {
  const res = await api<TTemplateSearchResponse>(
    'GET',
    `/Template?tab=${tab}&q=${encodeURIComponent(q)}`,
    who,
  );
  expect(res.status).toBe(200);
  return res.body.rows.map((r) => r.name).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  h.owner = await userAt('HKG', 'SUPERVISOR');
  h.owner2 = await userAt('HKG', 'SUPERVISOR');
  h.hkg = await userAt('HKG', 'OPERATIONS');
  h.szx = await userAt('SZX', 'OPERATIONS');
  h.sha = await userAt('SHA', 'OPERATIONS');
  h.sin = await userAt('SIN', 'OPERATIONS');
  h.shipper = bearer(await sessionToken(t, 'shipper@demo.test'));
});
afterAll(() => t.close());

describe('template library: privacy levels by office', () => {
  it('shows each privacy level in Market only to the offices it reaches, and never a private one', async () => {
    await create('PV private', { privacy: 'PRIVATE' });
    await create('PV market', { privacy: 'MARKET' });
    await create('PV market sha', { privacy: 'MARKET_OFFICE', offices: ['SHA'] });
    await create('PV main office', { privacy: 'MAIN_OFFICE' });
    await create('PV global', { privacy: 'GLOBAL' });
    expect(await names(h.hkg, 'market', 'PV ')).toEqual(['PV global', 'PV main office', 'PV market']);
    expect(await names(h.szx, 'market', 'PV ')).toEqual(['PV global', 'PV main office']);
    expect(await names(h.sha, 'market', 'PV ')).toEqual(['PV global', 'PV market sha']);
    expect(await names(h.sin, 'market', 'PV ')).toEqual(['PV global']);
    expect(await names(h.owner, 'mine', 'PV ')).toHaveLength(5);
    expect(await names(h.owner, 'market', 'PV ')).toEqual([]);
  });

  it('answers 404 for a template the reader may not see, on the detail as on every other read', async () => {
    const priv = await create('Hidden one', { privacy: 'PRIVATE' });
    const market = await create('HKG only', { privacy: 'MARKET' });
    expect((await api('GET', `/Template/${priv.tmplib_id}`, h.hkg)).status).toBe(404);
    expect((await api('GET', `/Template/${market.tmplib_id}`, h.sin)).status).toBe(404);
    expect((await api('POST', `/Template/${market.tmplib_id}/favourite`, h.sin)).status).toBe(404);
    expect((await api('GET', `/Template/${market.tmplib_id}`, h.hkg)).status).toBe(200);
    // The share code is the owner's alone.
    const seen = await api<TTemplate>('GET', `/Template/${market.tmplib_id}`, h.hkg);
    expect(seen.body.share_code).toBeNull();
    expect((await api('GET', `/Template/${market.tmplib_id}/share`, h.hkg)).status).toBe(404);
  });

  it('refuses the library to a profile without tmplib_base, and creating to one without tmplib_edit', async () => {
    expect((await api('GET', '/Template?tab=market', h.shipper)).status).toBe(403);
    const res = await api('POST', '/Template', h.hkg, lineTemplate('Not allowed'));
    expect(res.status).toBe(403);
  });
});

describe('template library: share codes', () => {
  it('lets a user of another office add a shared template, which then reads in My Template', async () => {
    const tpl = await create('Shared HKG charges', { privacy: 'MARKET' });
    const share = await api<{ share_code: string; path: string }>(
      'GET',
      `/Template/${tpl.tmplib_id}/share`,
      h.owner,
    );
    expect(share.body.path).toBe(`/TMPLIB/AddTemplate/${share.body.share_code}`);
    expect(await names(h.sha, 'mine', 'Shared HKG')).toEqual([]);
    const added = await api<TTemplate>('POST', `/Template/AddTemplate/${share.body.share_code}`, h.sha);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'Shared HKG charges', is_added: true, share_code: null });
    expect(await names(h.sha, 'mine', 'Shared HKG')).toEqual(['Shared HKG charges']);
    expect((await api('GET', `/Template/${tpl.tmplib_id}`, h.sha)).status).toBe(200);
  });

  it('refuses a private template ("cannot add a private template") and an unknown code, adding nothing', async () => {
    const priv = await create('Private share', { privacy: 'PRIVATE' });
    const code = (await api<{ share_code: string }>('GET', `/Template/${priv.tmplib_id}/share`, h.owner)).body
      .share_code;
    const res = await api<{ msgKey: string }>('POST', `/Template/AddTemplate/${code}`, h.sha);
    expect(res.status).toBe(422);
    expect(res.body.msgKey).toBe('msgTemplateCannotAddPrivate');
    expect(await names(h.sha, 'mine', 'Private share')).toEqual([]);
    const unknown = await api<{ msgKey: string }>('POST', '/Template/AddTemplate/NOSUCHCODE', h.sha);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msgKey).toBe('msgTemplateShareCodeUnknown');
  });

  it('shows the release note of an update to users who added the template until they acknowledge it', async () => {
    const tpl = await create('Noted template', { privacy: 'MARKET' });
    const code = (await api<{ share_code: string }>('GET', `/Template/${tpl.tmplib_id}/share`, h.owner)).body
      .share_code;
    await api('POST', `/Template/AddTemplate/${code}`, h.sha);
    const upd = await api<TTemplate>('PUT', `/Template/${tpl.tmplib_id}`, h.owner, {
      ...lineTemplate('Noted template', { privacy: 'MARKET' }),
      release_note: 'Prices up 5%',
      version: tpl.version,
    });
    expect(upd.status).toBe(200);
    let mine = await api<TTemplateSearchResponse>('GET', '/Template?tab=mine&q=Noted', h.sha);
    expect(mine.body.rows[0].has_update).toBe(true);
    const ack = await api<TTemplate>('POST', `/Template/${tpl.tmplib_id}/acknowledge`, h.sha);
    expect(ack.body).toMatchObject({ has_update: false, release_note: 'Prices up 5%' });
    mine = await api<TTemplateSearchResponse>('GET', '/Template?tab=mine&q=Noted', h.sha);
    expect(mine.body.rows[0].has_update).toBe(false);
    // Made private later: the added template is no longer readable (privacy on every read).
    await api('PUT', `/Template/${tpl.tmplib_id}`, h.owner, {
      ...lineTemplate('Noted template', { privacy: 'PRIVATE' }),
      version: upd.body.version,
    });
    expect((await api('GET', `/Template/${tpl.tmplib_id}`, h.sha)).status).toBe(404);
  });
});

describe('template library: names, owners and versions', () => {
  it('refuses a second template of the same name by the same owner (any case), not by another owner', async () => {
    await create('Duplicate me');
    const dup = await api<{ msgKey: string; details: { field: string }[] }>(
      'POST',
      '/Template',
      h.owner,
      lineTemplate('duplicate ME'),
    );
    expect(dup.status).toBe(409);
    expect(dup.body.msgKey).toBe('msgTemplateDuplicateName');
    expect(dup.body.details[0].field).toBe('name');
    await create('Duplicate me', {}, h.owner2);
  });

  it("refuses editing another owner's template and a stale version, changing nothing", async () => {
    const tpl = await create('Owned by one', { privacy: 'GLOBAL' });
    const other = await api<{ msgKey: string }>('PUT', `/Template/${tpl.tmplib_id}`, h.owner2, {
      ...lineTemplate('Hijacked'),
      version: tpl.version,
    });
    expect(other.status).toBe(403);
    expect(other.body.msgKey).toBe('msgTemplateNoPermission');
    const ok = await api<TTemplate>('PUT', `/Template/${tpl.tmplib_id}`, h.owner, {
      ...lineTemplate('Owned by one', { description: 'v2' }),
      version: tpl.version,
    });
    expect(ok.status).toBe(200);
    const stale = await api('PUT', `/Template/${tpl.tmplib_id}`, h.owner, {
      ...lineTemplate('Owned by one', { description: 'v3' }),
      version: tpl.version,
    });
    expect(stale.status).toBe(409);
    const now = await api<TTemplate>('GET', `/Template/${tpl.tmplib_id}`, h.owner);
    expect(now.body).toMatchObject({ name: 'Owned by one', description: 'v2', version: tpl.version + 1 });
  });

  it('refuses unknown charge codes, min above max and a category without its content', async () => {
    const bad = await api<{ details: { field: string; msgKey: string }[] }>(
      'POST',
      '/Template',
      h.owner,
      lineTemplate('Bad lines', {
        lines: [
          {
            dr_cr: 'DR',
            basis: 'JOB',
            charge_code: 'DOC',
            currency: 'USD',
            unit_price: '10',
            quantity: '1',
            uom: 'SHPT',
            min_charge: '50',
            max_charge: '20',
          },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContainEqual(expect.objectContaining({ msgKey: 'msgTemplateMinAboveMax' }));
    const unknown = await api('POST', '/Template', h.owner, {
      ...lineTemplate('Unknown code'),
      lines: [{ ...lineTemplate('x').lines[0], charge_code: 'ZZZ' }],
    });
    expect(unknown.status).toBe(400);
    const empty = await api('POST', '/Template', h.owner, { ...lineTemplate('No lines'), lines: [] });
    expect(empty.status).toBe(400);
    const print = await api('POST', '/Template', h.owner, {
      ...lineTemplate('Print'),
      category: 'PRINT_OPTIONS',
      lines: [],
    });
    expect(print.status).toBe(400);
    expect(await names(h.owner, 'mine', 'Bad lines')).toEqual([]);
  });

  it('lists favourites first and pages by keyset without repeating a row', async () => {
    for (const n of ['KS a', 'KS b', 'KS c', 'KS d', 'KS e']) await create(n);
    const all = await api<TTemplateSearchResponse>('GET', '/Template?tab=mine&q=KS ', h.owner);
    const d = all.body.rows.find((r) => r.name === 'KS d');
    expect((await api('POST', `/Template/${d?.tmplib_id}/favourite`, h.owner)).body).toEqual({
      is_favourite: true,
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url = `/Template?tab=mine&q=KS%20&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: { body: TTemplateSearchResponse } = await api<TTemplateSearchResponse>('GET', url, h.owner);
      seen.push(...page.body.rows.map((r) => r.name));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['KS d', 'KS a', 'KS b', 'KS c', 'KS e']);
    expect((await api('GET', '/Template?cursor=garbage', h.owner)).status).toBe(400);
  });

  it('searches by tag, category and owner', async () => {
    await create('Tagged one', { tags: ['reefer'], category: '7031' });
    const byTag = await api<TTemplateSearchResponse>('GET', '/Template?tab=mine&tag=reefer', h.owner);
    expect(byTag.body.rows.map((r) => r.name)).toEqual(['Tagged one']);
    const byCat = await api<TTemplateSearchResponse>(
      'GET',
      '/Template?tab=mine&category=7031&q=Tagged',
      h.owner,
    );
    expect(byCat.body.rows).toHaveLength(1);
    const byOwner = await api<TTemplateSearchResponse>('GET', '/Template?tab=market&owner=supervisor', h.hkg);
    expect(byOwner.body.rows.every((r) => r.owner_name.includes('Supervisor') || r.owner_uid)).toBe(true);
  });
});

describe('applying a template', () => {
  const shipments = {
    jobs: ['J1', 'J2'],
    hbls: ['H1', 'H2'],
    containers: ['20GP', '40HC', '40HC'],
    groups: ['S1', 'S3'],
  };
  const base = {
    charge_code: 'DOC',
    print_description: null,
    description: null,
    uom: 'SHPT',
    dr_cr: 'DR',
    currency: 'USD',
    min_charge: null,
    max_charge: null,
    quantity: '1',
    unit_price: '10',
  };

  it('counts each reference basis on the invoice, one line per container size', () => {
    expect(referencesOf('JOB', null, shipments)).toEqual([{ label: null, count: 2 }]);
    expect(referencesOf('HBL', null, shipments)).toEqual([{ label: null, count: 2 }]);
    expect(referencesOf('CONTAINER', null, shipments)).toEqual([{ label: null, count: 3 }]);
    expect(referencesOf('GROUP', null, shipments)).toEqual([{ label: null, count: 2 }]);
    expect(referencesOf('CONTAINER_SIZE', null, shipments)).toEqual([
      { label: '20GP', count: 1 },
      { label: '40HC', count: 2 },
    ]);
    expect(referencesOf('CONTAINER_SIZE', '40HC', shipments)).toEqual([{ label: '40HC', count: 2 }]);
  });

  it('clamps to the min and max charge and converts at the rate', () => {
    const min = computeLine(
      { ...base, basis: 'JOB', min_charge: '50' },
      { label: null, count: 2 },
      '7.8',
      undefined,
    );
    expect(min).toMatchObject({ quantity: '1', unit_price: '390', clamped: 'MIN', template_total: '50.00' });
    const max = computeLine(
      { ...base, basis: 'CONTAINER', max_charge: '25' },
      { label: null, count: 3 },
      '1',
      undefined,
    );
    expect(max).toMatchObject({ quantity: '1', unit_price: '25', clamped: 'MAX' });
    const plain = computeLine({ ...base, basis: 'HBL' }, { label: null, count: 2 }, '0.5', undefined);
    expect(plain).toMatchObject({ quantity: '2', unit_price: '5', clamped: null, template_total: '20.00' });
  });

  it('computes the lines of a saved invoice from its jobs, bills, containers and groups, in its currency', async () => {
    const { rows: inv } = await t.db.execute<{ inv_id: number }>(
      sql`select inv_id from invoices where inv_type = 'AR' and status = 'NEW' order by inv_id limit 1`,
    );
    const invId = inv[0].inv_id;
    const { rows: sos } = await t.db.execute<{ so_id: number; so_no: string }>(
      sql`select so_id, so_no from shipping_orders order by so_id limit 3`,
    );
    const [s1, s2, s3] = sos;
    await t.db.execute(
      sql`update shipping_orders set job_no = 'TJ1', hbl_no = 'TH1', master_so_no = null where so_id = ${s1.so_id}`,
    );
    await t.db.execute(
      sql`update shipping_orders set job_no = 'TJ1', hbl_no = 'TH2', master_so_no = ${s1.so_no} where so_id = ${s2.so_id}`,
    );
    await t.db.execute(
      sql`update shipping_orders set job_no = 'TJ2', hbl_no = null, master_so_no = null where so_id = ${s3.so_id}`,
    );
    await t.db.execute(sql`delete from so_containers where so_id in (${s1.so_id}, ${s2.so_id}, ${s3.so_id})`);
    await t.db.execute(sql`insert into so_containers (so_id, line_no, size_type) values
      (${s1.so_id}, 1, '20GP'), (${s1.so_id}, 2, '40HC'), (${s2.so_id}, 1, '40HC')`);
    await t.db.execute(sql`delete from invoice_jobs where inv_id = ${invId}`);
    await t.db.execute(sql`insert into invoice_jobs (inv_id, job_no, so_no) values
      (${invId}, 'TJ1', ${s1.so_no}), (${invId}, 'TJ1', ${s2.so_no}), (${invId}, 'TJ2', ${s3.so_no})`);
    await t.db.execute(sql`update invoices set currency = 'USD', base_currency = 'HKD', exchange_rate = '7.8',
                            invoice_date = '2026-06-01' where inv_id = ${invId}`);
    await t.db.execute(sql`insert into exchange_rates (from_currency, to_currency, rate, effective_date)
                            values ('CNY', 'USD', '0.14', '2026-01-01') on conflict do nothing`);
    const line = (basis: string, currency: string, price: string, extra: Record<string, string> = {}) => ({
      dr_cr: 'DR',
      basis,
      charge_code: 'DOC',
      currency,
      unit_price: price,
      quantity: '1',
      uom: 'SHPT',
      ...extra,
    });
    const tpl = await create('Apply all bases', {
      lines: [
        line('JOB', 'USD', '10'),
        line('HBL', 'HKD', '78'),
        line('CONTAINER', 'CNY', '100', { max_charge: '200' }),
        line('CONTAINER_SIZE', 'USD', '50'),
        line('GROUP', 'USD', '5', { min_charge: '20' }),
      ],
    });
    // A user of another office cannot apply a template it may not see.
    const hidden = await create('Apply hidden', { privacy: 'PRIVATE' });
    const ops = bearer(await sessionToken(t, 'ops@demo.test'));
    expect((await api('POST', `/Template/${hidden.tmplib_id}/apply-to-invoice/${invId}`, ops)).status).toBe(
      404,
    );
    const res = await api<TApplyToInvoiceResponse>(
      'POST',
      `/Template/${tpl.tmplib_id}/apply-to-invoice/${invId}`,
      ops,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.currency).toBe('USD');
    const got = res.body.lines.map((l) => [l.basis, l.reference, l.quantity, l.unit_price, l.clamped]);
    expect(got).toEqual([
      ['JOB', null, '2', '10', null],
      // HKD is the base currency: the invoice's own rate, 78 HKD ÷ 7.8 = 10 USD.
      ['HBL', null, '2', '10', null],
      // 3 × 100 CNY = 300, clamped to 200 CNY, × 0.14 = 28 USD.
      ['CONTAINER', null, '1', '28', 'MAX'],
      ['CONTAINER_SIZE', '20GP', '1', '50', null],
      ['CONTAINER_SIZE', '40HC', '2', '50', null],
      // 2 groups × 5 = 10, raised to the 20 minimum.
      ['GROUP', null, '1', '20', 'MIN'],
    ]);
    // The tax as the line editor defaults it: the tax rule of the invoice's office (a Hong Kong office: no
    // VAT), not the charge code's own VAT6 (issue 38).
    expect(res.body.lines[0]).toMatchObject({
      tax_code: 'NOTAX',
      tax_rate: '0',
      description: 'Documentation fee',
    });
    // A print options template applies to the print options, not to lines.
    const print = await create('Print template', {
      category: 'PRINT_OPTIONS',
      lines: [],
      print_options: { layout: 'dn_cn', language: 'en' },
    });
    const wrong = await api<{ msgKey: string }>(
      'POST',
      `/Template/${print.tmplib_id}/apply-to-invoice/${invId}`,
      ops,
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.msgKey).toBe('msgTemplateWrongCategory');
    expect(print.print_options).toMatchObject({ layout: 'dn_cn', show_bank: true });
  });
});
