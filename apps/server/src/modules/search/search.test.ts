import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkUserToParties } from '../../../test/booking-factory';
import { newPartyBody } from '../../../test/party-factory';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { readingAmongEverything } from '../../platform/db/rendered-select.test-helpers';
import { likeEscape } from '../../platform/list/list-query';
import {
  indexDocuments,
  rebuildSearchIndex,
  removeIndexedDocuments,
  startsWith,
} from '../../platform/search/document-numbers';
import { apiOf, cn, containerLine, partyIds, validBooking } from '../booking/booking.fixture.test-helpers';

let t: TestApp;
type H = Record<string, string>;
let ops: H;
let shipper: H;
let agent: H;
let admin: H;
let ids: Record<string, number>;
let api: ReturnType<typeof apiOf>;

type Hit = {
  kind: string;
  id: string;
  display_no: string;
  field: string;
  number: string;
  status: string | null;
  subtitle: string | null;
  dates: Record<string, string | null>;
  href: string;
};
type Answer = { normalised: string; groups: { kind: string; hits: Hit[] }[] };

const search = async (q: string, headers = ops, limit = 20): Promise<Answer> => {
  const res = await api('GET', `/Search/documents?q=${encodeURIComponent(q)}&limit=${limit}`, headers);
  if (res.statusCode !== 200) throw new Error(`search ${q}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const hits = (a: Answer, kind = 'booking') => a.groups.find((g) => g.kind === kind)?.hits ?? [];
const soNos = (a: Answer) => hits(a).map((h) => h.display_no);

const create = async (over: Record<string, unknown> = {}, headers = ops) => {
  const res = await api('POST', '/Booking', headers, validBooking(ids, over));
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return res.json() as { so_no: string; version: number; po_no: string; status: string };
};
const act = (soNo: string, action: string, version: number, reason?: string) =>
  api('POST', `/Booking/${soNo}/actions/${action}`, ops, { version, reason });

beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  ids = await partyIds(t);
  await linkUserToParties(t.db, 'shipper@demo.test', ['CNSZX001']);
  await linkUserToParties(t.db, 'agent@demo.test', ['DEHAM001']);
  [ops, shipper, agent, admin] = await Promise.all(
    ['ops', 'shipper', 'agent', 'admin'].map(async (u) => bearer(await sessionToken(t, `${u}@demo.test`))),
  );
});
afterAll(() => t?.close());

describe('a container number finds the master bill that carries it as well as the plan (issue 39)', () => {
  it('finds a demo bill by a container of its plan, with the container as the match; a rebuild keeps it', async () => {
    // A demo bill made from a plan: its containers are the plan's (sealed ones numbered CSQU…).
    const { rows } = await t.db.execute<{ container_no: string; mbl_no: string; consol_no: string }>(sql`
      select c.container_no, m.mbl_no, p.consol_no
        from master_bl_containers c
        join master_bls m on m.mbl_id = c.mbl_id
        join consol_containers cc on cc.container_no = c.container_no
        join consol_plans p on p.consol_id = cc.consol_id
       where c.container_no is not null
       order by m.mbl_no limit 1`);
    const box = rows[0];
    expect(box, 'a demo bill with a numbered container of its plan').toBeDefined();
    const found = async () => {
      const a = await search(box.container_no);
      expect(hits(a, 'consol').map((h) => h.display_no)).toContain(box.consol_no);
      const bill = hits(a, 'mbl').find((h) => h.display_no === box.mbl_no);
      expect(bill, `${box.mbl_no} among ${JSON.stringify(a.groups)}`).toMatchObject({
        field: 'container_no',
        number: box.container_no,
        href: `/BMS/master_bl/master_bl/${encodeURIComponent(box.mbl_no)}`,
      });
      // By a prefix too (the header's search as the user types).
      expect(hits(await search(box.container_no.slice(0, 7)), 'mbl').length).toBeGreaterThan(0);
    };
    await found();
    await rebuildSearchIndex(t.db, ['mbl']);
    await found();
  });
});

describe('GET /Search/documents keeps step with booking writes', () => {
  it('finds a new booking by SO#, PO#, container# and carrier booking no. at once, with status and dates', async () => {
    const container = cn('SRCU100001');
    const b = await create({
      po_no: 'PO-SRCH-0001',
      containers: [
        containerLine({ container_no: container, carrier_booking_no: 'CBSRCH-77' }),
        containerLine(),
      ],
    });
    for (const [q, field] of [
      [b.so_no, 'so_no'],
      ['PO-SRCH-0001', 'po_no'],
      [container.slice(0, 7), 'container_no'],
      ['CBSRCH-77', 'carrier_booking_no'],
    ]) {
      const [hit] = hits(await search(q));
      expect(hit, q).toMatchObject({
        kind: 'booking',
        display_no: b.so_no,
        field,
        status: 'NEW_MANUAL',
        dates: { etd: '2027-03-10', eta: '2027-03-15' },
        href: `/BMS/enhance_booking/shipping_order/${b.so_no}`,
      });
    }
  });

  it('follows an edit: the old PO# and container# are gone, the new ones found', async () => {
    const oldBox = cn('SRCU200001');
    const newBox = cn('SRCU200002');
    const b = await create({
      po_no: 'PO-SRCH-OLD',
      containers: [containerLine({ container_no: oldBox }), containerLine()],
    });
    const res = await api('PUT', `/Booking/${b.so_no}`, ops, {
      ...validBooking(ids, {
        po_no: 'PO-SRCH-NEW',
        containers: [containerLine({ container_no: newBox }), containerLine()],
      }),
      version: b.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(soNos(await search('PO-SRCH-OLD'))).toEqual([]);
    expect(soNos(await search(oldBox))).toEqual([]);
    expect(soNos(await search('PO-SRCH-NEW'))).toEqual([b.so_no]);
    expect(soNos(await search(newBox))).toEqual([b.so_no]);
  });

  it('finds a booking by the job# and HBL# that assign_job gives it (renumber)', async () => {
    const b = await create();
    expect((await act(b.so_no, 'confirm', b.version)).statusCode).toBe(200);
    const res = await act(b.so_no, 'assign_job', b.version + 1);
    expect(res.statusCode, res.body).toBe(200);
    const { job_no, hbl_no } = res.json() as { job_no: string; hbl_no: string };
    expect(hits(await search(job_no))[0]).toMatchObject({
      display_no: b.so_no,
      field: 'job_no',
      status: 'CONFIRMED',
    });
    expect(hits(await search(hbl_no))[0]).toMatchObject({ display_no: b.so_no, field: 'hbl_no' });
  });

  it('finds a copy by its own SO#, without the references the copy cleared', async () => {
    const b = await create({ po_no: 'PO-SRCH-COPYSRC' });
    const fields = (await api('GET', `/Booking/${b.so_no}/copy`, ops)).json();
    // The copy clears every container's identity; the user fills in the new seals and carrier booking no.
    const containers = fields.containers.map((c: object, i: number) => ({
      ...c,
      seal_no: `SLCOPY${i}`,
      carrier_booking_no: 'CBCOPY-1',
    }));
    const res = await api('POST', '/Booking', ops, { ...fields, containers });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as { so_no: string };
    expect(soNos(await search(copy.so_no))).toEqual([copy.so_no]);
    expect(soNos(await search('PO-SRCH-COPYSRC'))).toEqual([b.so_no]);
  });

  it('shows a cancelled booking as cancelled', async () => {
    const b = await create();
    const res = await act(b.so_no, 'cancel', b.version, 'Customer asked');
    expect(res.statusCode, res.body).toBe(200);
    expect(hits(await search(b.so_no))[0]).toMatchObject({ display_no: b.so_no, status: 'CANCELLED' });
  });
});

describe('normalisation', () => {
  it('ignores case, spaces and dashes on both sides, and highlights nothing for a non-prefix', async () => {
    const box = cn('NRMU300001');
    const b = await create({
      po_no: 'po 44-17 x',
      containers: [containerLine({ container_no: box }), containerLine()],
    });
    expect(soNos(await search('PO4417X'))).toEqual([b.so_no]);
    expect(soNos(await search(' po-44 17'))).toEqual([b.so_no]);
    expect(
      soNos(await search(`${box.slice(0, 4).toLowerCase()} ${box.slice(4, 7)}-${box.slice(7)}`)),
    ).toEqual([b.so_no]);
    expect(await search('4417')).toMatchObject({ normalised: '4417' });
    expect(soNos(await search('4417'))).toEqual([]); // prefix, not infix
    // LIKE wildcards in the input are plain characters.
    expect(soNos(await search('PO%'))).toEqual([]);
    expect(soNos(await search('P_4417'))).toEqual([]);
  });

  it('answers an empty query with no groups, and refuses a 101-character one with a message key', async () => {
    expect(await search(' - ')).toEqual({ normalised: '', groups: [] });
    const res = await api('GET', `/Search/documents?q=${'A'.repeat(101)}`, ops);
    expect(res.statusCode).toBe(400);
    expect(res.json().msgKey).toEqual(expect.any(String));
  });
});

/** A new party's fields (POST /Party). */
const partyBody = (code: string, fullName = 'Search Test Trading 77 Limited') =>
  newPartyBody({
    party_code: code,
    full_name: fullName,
    short_name: 'Search Test',
    requester_remarks: 'Search test',
  });

describe('access', () => {
  it("an agent does not find another party's booking by its exact SO#; the shipper on it does", async () => {
    // The agent's own parties are CNSHA001 (demo) and DEHAM001 (linked above): neither stands on this booking.
    const b = await create({
      nomination_agent_id: ids.NLRTM001,
      containers: [containerLine({ container_no: cn('ISLU400001') }), containerLine()],
    });
    expect(soNos(await search(b.so_no, agent))).toEqual([]);
    expect(soNos(await search(cn('ISLU400001'), agent))).toEqual([]);
    expect(soNos(await search(b.so_no, shipper))).toEqual([b.so_no]);
  });

  it('finds parties by code and name for holders of `party` only; external profiles never see them', async () => {
    const byCode = await search('hkcus', admin);
    expect(hits(byCode, 'party')[0]).toMatchObject({
      display_no: 'HKCUS001',
      field: 'party_code',
      href: `/BMS/party/party_maintenance/${ids.HKCUS001}`,
    });
    const { rows } = await t.db.execute<{ full_name: string }>(
      sql`select full_name from parties where party_code = 'HKCUS001'`,
    );
    const name = rows[0].full_name;
    expect(hits(await search(name.slice(0, 6), admin), 'party').map((h) => h.display_no)).toContain(
      'HKCUS001',
    );
    expect(hits(await search('hkcus', shipper), 'party')).toEqual([]);
  });

  it('follows a party create and a change of its code', async () => {
    const res = await api('POST', '/Party', ops, partyBody('SRCHP001'));
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as { party_id: number; version: number };
    expect(hits(await search('srchp-001', admin), 'party')[0]).toMatchObject({
      display_no: 'SRCHP001',
      status: 'P',
      href: `/BMS/party/party_maintenance/${p.party_id}`,
    });
    expect(hits(await search('search test trading', admin), 'party')[0]).toMatchObject({ field: 'name' });
    const put = await api('PUT', `/Party/${p.party_id}`, ops, {
      ...partyBody('SRCHP002'),
      version: p.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(hits(await search('SRCHP001', admin), 'party')).toEqual([]);
    expect(hits(await search('SRCHP002', admin), 'party').map((h) => h.display_no)).toEqual(['SRCHP002']);
  });

  it('is in the OpenAPI description with its query and answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/v1/Search/documents']?.get;
    expect(op?.tags).toEqual(['search']);
    expect(op.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['limit', 'q']);
    expect(op.security).toEqual([{ bearer: [] }]);
    expect(op.responses['200']).toBeDefined();
  });

  it('an unauthenticated call answers 401', async () => {
    expect((await api('GET', '/Search/documents?q=SO', {})).statusCode).toBe(401);
  });
});

describe('list smart search routes number-like input through the index', () => {
  type ListAnswer = { rows: { so_no?: string; party_code?: string }[] };
  const list = async (url: string) => {
    const res = await api('GET', url, ops);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ListAnswer).rows;
  };

  it('booking and approval lists find a booking by a carrier booking no. or master SO# prefix, dashes ignored', async () => {
    const b = await create({
      master_so_no: 'MSO-LIST-5501',
      containers: [containerLine({ carrier_booking_no: 'CBLIST-9001' }), containerLine()],
    });
    expect((await list('/Booking/list/search_booking?q=cblist9')).map((r) => r.so_no)).toEqual([b.so_no]);
    expect((await list('/Booking/list/search_booking?q=MSO-LIST-55')).map((r) => r.so_no)).toEqual([b.so_no]);
    // A number's tail is not a prefix of any number: the trigram "contains" search still finds it.
    expect((await list(`/Booking/list/search_booking?q=${b.so_no.slice(-6)}`)).map((r) => r.so_no)).toContain(
      b.so_no,
    );
    expect((await act(b.so_no, 'confirm', b.version)).statusCode).toBe(200);
    const approval = await list('/BookingApproval/list/search_booking_approval?q=cblist-9001');
    expect(approval.map((r) => r.so_no)).toEqual([b.so_no]);
  });

  it('the party list finds a party by its code typed with a dash', async () => {
    expect((await list('/Party?q=hkcus-001')).map((r) => r.party_code)).toEqual(['HKCUS001']);
  });

  it('the party list reads a broad number search among its matches as it reads a few (sorts, pages)', async () => {
    // Twelve parties whose codes share a prefix (the demo's codes share none with a digit).
    for (let i = 1; i <= 12; i++) {
      const res = await api(
        'POST',
        '/Party',
        ops,
        partyBody(`BRDPX1${String(i).padStart(3, '0')}`, `Broad ${13 - i}`),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const read = async () => [
      await list('/Party?pageSize=10&q=brdpx1'),
      await list('/Party?pageSize=10&q=brdpx1&sort=full_name&order=desc'),
      await list('/Party?pageSize=10&page=2&q=brdpx1&sort=full_name'),
    ];
    const byKey = await read();
    expect(byKey.map((r) => r.length)).toEqual([10, 10, 2]);
    expect(await readingAmongEverything(read)).toEqual(byKey);
  });
});

describe('rebuild', () => {
  const snapshot = async () =>
    (
      await t.db.execute<Record<string, unknown>>(
        sql`select kind, doc_id, field, number, number_norm, display_no, status, subtitle, dates, party_ids
              from document_numbers order by kind, doc_id, field, number_norm`,
      )
    ).rows;
  /** The live table's key and indexes as PostgreSQL declares them (a rebuild swaps the table). */
  const indexes = async () =>
    (
      await t.db.execute<{ indexname: string; indexdef: string }>(
        sql`select indexname, indexdef from pg_indexes where tablename = 'document_numbers' order by indexname`,
      )
    ).rows;

  it('refills the same rows the writes keep in step', async () => {
    // From a rebuilt index, writes through the API keep it in step: a rebuild after them changes nothing.
    const declared = await indexes();
    await rebuildSearchIndex(t.db);
    const b = await create({
      containers: [
        // One carrier booking no. written two ways on two lines: indexed once, as the first line writes it.
        containerLine({ container_no: cn('RBLU500001'), carrier_booking_no: 'EGLV 2601-77' }),
        containerLine({ carrier_booking_no: 'eglv260177' }),
      ],
    });
    expect((await act(b.so_no, 'confirm', b.version)).statusCode).toBe(200);
    expect((await act(b.so_no, 'assign_job', b.version + 1)).statusCode).toBe(200);
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(50);
    expect(before.filter((r) => r.display_no === b.so_no && r.field === 'carrier_booking_no')).toMatchObject([
      { number: 'EGLV 2601-77', number_norm: 'EGLV260177' },
    ]);
    const counts = await rebuildSearchIndex(t.db);
    expect(counts.booking).toBeGreaterThan(25);
    expect(counts.party).toBeGreaterThan(5);
    expect(await snapshot()).toEqual(before);
    expect(await indexes()).toEqual(declared);
    expect(soNos(await search(b.so_no))).toEqual([b.so_no]);
  });

  it('rebuilds the named kinds only, keeping the rows of the others', async () => {
    const before = await snapshot();
    const counts = await rebuildSearchIndex(t.db, ['booking']);
    expect(Object.keys(counts)).toEqual(['booking']);
    expect(await snapshot()).toEqual(before);
  });

  it('loses no write made while it runs: the write waits for the swap and lands in the new table', async () => {
    // A connection of its own from the test database's pool (the rebuild and the write take two others).
    const side = await (t.db as unknown as { $client: pg.Pool }).$client.connect();
    const until = async (q: string) => {
      for (let i = 0; i < 200; i++) {
        if ((await side.query(q)).rowCount) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`timed out waiting for ${q}`);
    };
    const lockOn = (mode: string, granted: boolean) =>
      `select 1 from pg_locks l join pg_class c on c.oid = l.relation
        where c.relname = 'document_numbers' and l.mode = '${mode}' and l.granted = ${granted}`;
    try {
      // The rebuild takes its lock, then stops at the first kind's read of parties, held by this side.
      await side.query('begin');
      await side.query('lock table parties in access exclusive mode');
      const rebuilt = rebuildSearchIndex(t.db);
      await until(lockOn('ShareRowExclusiveLock', true));
      const written = indexDocuments(t.db, 'booking', [
        { id: 990001, displayNo: 'SOWAIT0001', numbers: [{ field: 'so_no', value: 'SOWAIT0001' }] },
      ]);
      await until(lockOn('RowExclusiveLock', false));
      await side.query('rollback');
      await Promise.all([rebuilt, written]);
      const { rows } = await side.query(
        `select doc_id from document_numbers where number_norm = 'SOWAIT0001'`,
      );
      expect(rows).toEqual([{ doc_id: '990001' }]);
    } finally {
      await side.query('rollback').catch(() => undefined);
      side.release();
      await removeIndexedDocuments(t.db, 'booking', [990001]);
    }
  });
});

describe('startsWith (the prefix range a prepared number search plans once)', () => {
  it('finds exactly the rows LIKE prefix% finds, for any printable ASCII prefix and values', async () => {
    // Characters around the ones a document number holds (/ . _ # digits letters) and the ends of the range.
    const char = fc.constantFrom(...'09AZaz/._#%\\~ -:[`'.split(''));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: char, minLength: 0, maxLength: 6 }), { minLength: 1, maxLength: 30 }),
        fc.string({ unit: char, minLength: 1, maxLength: 4 }),
        fc.array(fc.string({ unit: char, minLength: 0, maxLength: 3 }), { maxLength: 10 }),
        async (others, prefix, tails) => {
          // Values that start with the prefix, that stop one character short of it, and any others.
          const values = [...others, ...tails.map((x) => prefix + x), prefix.slice(0, -1)];
          const { rows } = await t.db.execute<{ range: string[] | null; like: string[] | null }>(sql`
            select array(select v from unnest(${sql.param(values)}::text[]) v where ${startsWith(sql`v`, prefix)} order by v) as range,
                   array(select v from unnest(${sql.param(values)}::text[]) v where v like ${`${likeEscape(prefix)}%`} order by v) as like`);
          expect(rows[0].range).toEqual(rows[0].like);
        },
      ),
      { numRuns: 200 },
    );
  });
});
