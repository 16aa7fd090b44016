/**
 * Concurrent API clients for the fault tests: each signs in, then creates bookings and invoices with an
 * `Idempotency-Key`, one at a time, and every attempt's answer is recorded, so a test can say which writes
 * were acknowledged (2xx, with the SO or invoice number returned), retry the others with the same key and
 * body, and look each one up in the database afterwards. The bodies follow bench/src/write-bench.ts.
 */
import { signIn } from '../../../../bench/src/server';
import type { PgServer } from './pg-cluster';

export type WriteKind = 'booking' | 'invoice';

export interface WriteRecord {
  key: string;
  kind: WriteKind;
  body: Record<string, unknown>;
  /** Every attempt: HTTP status (0 = no answer) and ms since the run began. */
  attempts: { status: number; at: number; error?: string }[];
  /** The SO number or invoice number of the first 2xx answer. */
  ackedId?: string;
  ackedAt?: number;
}

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** What the bodies need from the seeded demo data: party ids and jobs that can be invoiced. */
export async function demoFacts(db: PgServer) {
  const parties = await db.query<{ party_code: string; party_id: number }>(
    `select party_code, party_id from parties where party_code = any($1)`,
    [['CNSZX001', 'HKCUS001', 'DEMUC001', 'DEHAM001']],
  );
  const party = Object.fromEntries(parties.map((p) => [p.party_code, p.party_id]));
  // Jobs dated after the first exchange rate, as the write bench picks them (older ones have no rate).
  const jobs = await db.query<{ job_no: string; so_no: string; etd: string }>(
    `select distinct on (etd, job_no) job_no, so_no, etd::text as etd from shipping_orders
      where job_no is not null and etd >= (select min(effective_date) from exchange_rates)
      order by etd desc, job_no, so_no limit 20`,
  );
  if (!jobs.length || Object.keys(party).length < 4) throw new Error('the demo data has no jobs or parties');
  return { party, jobs };
}

function bookingBody(f: Awaited<ReturnType<typeof demoFacts>>, key: string) {
  return {
    po_no: key,
    transport_mode: 'SEA',
    service_type: 'FCL',
    delivery_type: 'P2P',
    business_type: 'FREEHAND',
    shipper_id: f.party.CNSZX001,
    customer_id: f.party.HKCUS001,
    consignee_id: f.party.DEMUC001,
    nomination_agent_id: f.party.DEHAM001,
    release_agent_id: f.party.DEHAM001,
    handling_office: 'HKG',
    pol: 'HKHKG',
    pod: 'NLRTM',
    pld: 'NLRTM',
    fd: 'NLRTM',
    cargo_ready_date: day(4),
    etd: day(10),
    eta: day(39),
    carrier_code: 'MAEU',
    vessel_name: 'MAERSK MC-KINNEY MOLLER',
    voyage: '612W',
    cfs_closing: `${day(6)}T12:00`,
    cy_closing: `${day(8)}T18:00`,
    vgm_closing: `${day(8)}T12:00`,
    si_closing: `${day(7)}T17:00`,
    incoterms: 'FOB',
    freight_term: 'PREPAID',
    equipment: [{ size_type: '40HQ', qty: 1 }],
    ens_parties: [
      {
        role: 'SHIPPER',
        name: 'Bright Star',
        address1: 'No. 88 Keji South Road',
        city: 'Shenzhen',
        country_code: 'CN',
        zip: '518057',
      },
      {
        role: 'CONSIGNEE',
        name: 'Hanse Import GmbH',
        address1: 'Am Sandtorkai 1',
        city: 'Hamburg',
        country_code: 'DE',
        zip: '20457',
      },
    ],
  };
}

export function invoiceBody(job: { job_no: string; so_no: string; etd: string }, key: string) {
  return {
    inv_type: 'AR',
    kind: 'AR',
    account_code: 'HKCUS001',
    job_nos: [job.job_no],
    so_nos: [job.so_no],
    currency: 'HKD',
    invoice_date: job.etd,
    sub_type: 'VAT_SPECIAL',
    // The key in the remarks: the test finds each invoice by it.
    remarks: key,
    lines: [
      {
        charge_code: 'DOC',
        description: 'Documentation',
        unit_price: '100',
        quantity: '1',
        uom: 'SHPT',
        dr_cr: 'DR',
        tax_code: 'NOTAX',
        tax_rate: '0',
        price_includes_tax: false,
      },
    ],
  };
}

/** Sends one write (at most 15 s); records the attempt and, on the first 2xx, the number returned. */
export async function send(base: string, token: string, w: WriteRecord, t0: number) {
  try {
    const res = await fetch(`${base}/api/v1/${w.kind === 'booking' ? 'Booking' : 'Invoice'}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': w.key,
      },
      body: JSON.stringify(w.body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    w.attempts.push({
      status: res.status,
      at: performance.now() - t0,
      error: res.ok ? undefined : text.slice(0, 200),
    });
    if (res.ok && !w.ackedId) {
      const b = JSON.parse(text) as { so_no?: string; invoice_no?: string };
      w.ackedId = String(w.kind === 'booking' ? b.so_no : b.invoice_no);
      w.ackedAt = performance.now() - t0;
    }
    return res.status;
  } catch (e) {
    w.attempts.push({ status: 0, at: performance.now() - t0, error: (e as Error).message });
    return 0;
  }
}

/**
 * `clients` users over `instances` (client i on instance i mod n), each alternating booking and invoice
 * creates until `stop()` is called or `maxPerClient` writes; answers every write made.
 */
export async function startWriters(o: {
  instances: string[];
  clients: number;
  facts: Awaited<ReturnType<typeof demoFacts>>;
  prefix: string;
  maxPerClient?: number;
  t0: number;
}) {
  const tokens = await Promise.all(
    Array.from({ length: o.clients }, (_, c) => signIn(o.instances[c % o.instances.length], 'ops@demo.test')),
  );
  const writes: WriteRecord[] = [];
  let stopping = false;
  const done = Promise.all(
    tokens.map(async (token, c) => {
      const base = o.instances[c % o.instances.length];
      for (let n = 0; n < (o.maxPerClient ?? 2000) && !stopping; n++) {
        const key = `${o.prefix}-${String(c).padStart(2, '0')}-${String(n).padStart(4, '0')}`;
        const kind: WriteKind = n % 2 === 0 ? 'booking' : 'invoice';
        const body =
          kind === 'booking'
            ? bookingBody(o.facts, key)
            : invoiceBody(o.facts.jobs[c % o.facts.jobs.length], key);
        const w: WriteRecord = { key, kind, body, attempts: [] };
        writes.push(w);
        const status = await send(base, token, w, o.t0);
        // A refused or unanswered write: wait a little (a real client backs off), then go on with a new one.
        await new Promise((r) => setTimeout(r, status >= 200 && status < 300 ? 20 : 250));
      }
    }),
  );
  return {
    writes,
    tokens,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}

/**
 * Retries every write without a 2xx (same key, same body) until acknowledged: at most `rounds` rounds,
 * 500 ms apart; answers how many are still unacknowledged.
 */
export async function retryUnacknowledged(o: {
  writes: WriteRecord[];
  instances: string[];
  tokens: string[];
  t0: number;
  rounds?: number;
}) {
  let retried = 0;
  for (let round = 0; round < (o.rounds ?? 30); round++) {
    const open = o.writes.filter((w) => !w.ackedId);
    if (!open.length) break;
    if (round === 0) retried = open.length;
    // 10 at a time, spread over the instances.
    for (let i = 0; i < open.length; i += 10)
      await Promise.all(
        open
          .slice(i, i + 10)
          .map((w, j) => send(o.instances[(i + j) % o.instances.length], o.tokens[0], w, o.t0)),
      );
    if (o.writes.some((w) => !w.ackedId)) await new Promise((r) => setTimeout(r, 500));
  }
  return { retried, unacknowledged: o.writes.filter((w) => !w.ackedId).length };
}
