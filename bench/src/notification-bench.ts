/**
 * Notification figures (issue 13): with CLIENTS WebSocket clients (default 2,000) connected across two server
 * instances on one PostgreSQL, the time from an event's commit to the message on every client (p50/p95), and
 * POST /Notification/GetNotificationMessage p95 with 1,000,000 messages in the table (5,000 of them the
 * caller's) at 10 concurrent clients. Run: node --import tsx bench/src/notification-bench.ts
 * (CLIENTS=… ROUNDS=… to change the load). Writes bench/results/notification-bench.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { load, ROOT, signIn, startServer } from './server';

const CLIENTS = Number(process.env.CLIENTS ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 30);
const TOTAL = 1_000_000;
const MINE = 5_000;

const a = await startServer(8755, 55055, 'bench/.data-notification');
let b: ChildProcess | null = null;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return Number(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))].toFixed(1));
};

try {
  // Instance B: the same database, no job runner.
  b = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '8756',
      DATABASE_URL: a.dbUrl,
      DATA_DIR: path.resolve(ROOT, 'bench/.data-notification'),
      JOBS: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_API_MAX: '10000000',
      RATE_LIMIT_AUTH_IP_MAX: '10000000',
      RATE_LIMIT_AUTH_LOGIN_MAX: '10000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const urlB = 'http://localhost:8756';
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${urlB}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  const db = new pg.Client({ connectionString: a.dbUrl });
  await db.connect();
  const { rows: users } = await db.query<{ user_uid: string; login_id: string }>(
    'select user_uid, login_id from users order by login_id',
  );
  const me = users.find((u) => u.login_id === 'ops@demo.test');
  if (!me) throw new Error('no ops@demo.test');
  const others = users.filter((u) => u.user_uid !== me.user_uid).map((u) => u.user_uid);
  const t0 = performance.now();
  await db.query('delete from notification_messages where user_uid = $1', [me.user_uid]);
  await db.query(
    `insert into notification_messages (user_uid, module, sub_module, doc_code, event_code, desc_key, desc_param,
                                        href, search_text, is_read, message_dt)
     select case when g <= $2 then $1::uuid else ($3::uuid[])[1 + g % array_length($3::uuid[], 1)] end,
            'booking', 'booking', 'SOB' || lpad(g::text, 8, '0'), 'BOOKING_CONFIRMED', 'evt.BOOKING_CONFIRMED',
            jsonb_build_object('doc_code', 'SOB' || lpad(g::text, 8, '0')), '/BMS/enhance_booking/shipping_order/SOB' || g,
            lower('SOB' || lpad(g::text, 8, '0') || ' booking_confirmed'), g % 3 <> 0,
            now() - (g || ' seconds')::interval
       from generate_series(1, $4::int) g`,
    [me.user_uid, MINE, others, TOTAL],
  );
  await db.query('analyze notification_messages');
  const generated = Math.round(performance.now() - t0);

  const ops = await signIn(a.url, 'ops@demo.test');
  const sup = await signIn(a.url, 'supervisor@demo.test');
  const post = (url: string, token: string, body: unknown) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const list = (body: unknown) =>
    load(10, 30, () => post(`${a.url}/api/v1/Notification/GetNotificationMessage`, ops, body));
  const page1 = await list({ page_size: 10, page_number: 1, read_filter: 'All' });
  const unread = await list({ page_size: 10, page_number: 1, read_filter: 'Unread' });
  const page100 = await list({ page_size: 10, page_number: 100, read_filter: 'All' });
  const search = await list({ page_size: 10, page_number: 1, read_filter: 'All', search_text: 'sob00004' });

  // WebSocket: CLIENTS sockets of ops, half on A and half on B; each round raises one event through A.
  const { rows: so } = await db.query<{ so_no: string }>(
    `select so_no from shipping_orders where handling_office = 'HKG' order by so_id desc limit 1`,
  );
  const soNo = so[0].so_no;
  await post(`${a.url}/api/v1/upsertNotificationConfigs`, ops, [
    { module: 'booking', doc_code: soNo, is_follow: true, email_note: false },
  ]);
  await post(`${a.url}/api/v1/upsertNotificationConfigs`, ops, [{ module: 'booking', email_note: false }]);
  let arrivals: number[] = [];
  const sockets: WebSocket[] = [];
  let ready = 0;
  for (let i = 0; i < CLIENTS; i++) {
    const base = i % 2 === 0 ? a.url : urlB;
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/notification/ws`);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'Authenticate', token: ops }));
    ws.onmessage = (e) => {
      const f = JSON.parse(String(e.data)) as { type: string };
      if (f.type === 'Authenticated') ready++;
      else if (f.type === 'ReceiveNotification') arrivals.push(performance.now());
    };
    sockets.push(ws);
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 50));
  }
  for (let i = 0; i < 600 && ready < CLIENTS; i++) await new Promise((r) => setTimeout(r, 100));
  const latencies: number[] = [];
  const lastArrival: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    arrivals = [];
    const started = performance.now();
    const res = await post(`${a.url}/api/v1/notification/addNotification`, sup, {
      module: 'booking',
      doc_code: soNo,
      event_code: 'BOOKING_AMEND_REQUESTED',
    });
    // The answer comes after the commit: measured from the call's start, an upper bound of commit → client.
    if (!res.ok) throw new Error(`addNotification ${res.status}`);
    for (let i = 0; i < 200 && arrivals.length < ready; i++) await new Promise((r2) => setTimeout(r2, 25));
    for (const t of arrivals) latencies.push(t - started);
    lastArrival.push(Math.max(...arrivals) - started);
    await new Promise((r2) => setTimeout(r2, 200));
  }
  for (const s of sockets) s.close();
  await db.end();

  const results = {
    when: new Date().toISOString(),
    messages: TOTAL,
    callers_messages: MINE,
    generate_ms: generated,
    get_notification_message: { page1, unread, page100, search },
    websocket: {
      clients: CLIENTS,
      authenticated: ready,
      instances: 2,
      rounds: ROUNDS,
      deliveries: latencies.length,
      expected_deliveries: ready * ROUNDS,
      commit_to_client_p50_ms: pct(latencies, 50),
      commit_to_client_p95_ms: pct(latencies, 95),
      last_client_p95_ms: pct(lastArrival, 95),
    },
  };
  console.log(JSON.stringify(results, null, 2));
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/notification-bench.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
} finally {
  b?.kill('SIGTERM');
  await a.stop();
}
