/**
 * The first screen's weight and the JavaScript budget (issue 20), measured in Chromium against the real server
 * and the built web app (npm run build first, or WEB_DIST_DIR=<folder>):
 * - /login in a fresh browser: the gzipped JavaScript it loads, what actually crossed the wire (Brotli/gzip
 *   when the server compresses), and its Largest Contentful Paint;
 * - every screen of the demo users' menus plus one booking detail, each in a fresh browser signed in through
 *   the API: the gzipped JavaScript that screen loads on its own.
 * Exits 1 when a budget is exceeded (below; BUDGET_LOGIN_KB, BUDGET_HOME_KB and BUDGET_ROUTE_KB override them). CI runs it
 * with --quick (/login and the heaviest screens) after the web build (scripts/test.sh).
 * Run: npm run bench:js [-- --quick | --login-only | --only=<path regex>] [-- --list (each screen's files)]   (BENCH_JS_PORT / BENCH_JS_PG_PORT /
 * BENCH_JS_DATA choose the port and data folder; BENCH_JS_URL measures a portal already running there)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM } from '../../e2e/support/chromium';
import { ROOT, startServer } from './server';

// Budgets that CI enforces: today's figures with a little room, so a change that makes the first screen
// heavier fails (a ratchet). /login meets issue 20's 250 KB target since it carries no antd, and every measured
// route meets the 350 KB target since the lists use our own table, pager, search box and native filter selects
// instead of antd's Table, Select, AutoComplete and Input (docs/performance.md). Lower them as the figures come down.
// 2026-11-25 (session 39): 161.1 KB once the msg catalogue loads with the first message (was 173.4).
const LOGIN_BUDGET_KB = Number(process.env.BUDGET_LOGIN_KB ?? 175);
// 2026-11-23 (own list table): heaviest measured screen 345.1 KB (invoice search; booking list 341.7, sequence
// search 337.2), / 301.7 KB. 2026-11-25 (session 39, own Form, Button and toasts): all 104 screens, detail screens
// included, at most 333.6 KB (the booking form). Kept at the 350 KB target itself.
const ROUTE_BUDGET_KB = Number(process.env.BUDGET_ROUTE_KB ?? 350);
/**
 * `/` is the shell with a light page: its own budget, so weight added to the shell fails here first. 2026-11-25
 * (session 38): 293.1 KB once the header's search stopped loading four modules' catalogues (was 304.7); session 39:
 * 235.0 KB without antd's App and Button and the msg catalogue.
 */
const HOME_BUDGET_KB = Number(process.env.BUDGET_HOME_KB ?? 250);
const TARGET = { login: 250, route: 350 };
const PASSWORD = 'Demo-Portal-2026';
/** Demo users whose menus together cover every screen: the forwarder's operations user and the administrator. */
const USERS = ['ops@demo.test', 'admin@demo.test'];
/** The screens --quick measures: the home page and the heaviest lists... */
const QUICK_ROUTES = ['/', '/BMS/enhance_booking', '/INV/Search', '/BMS/Admin/SEQ/SequenceSearch'];
/** ...and the heaviest detail screens (2026-11-25: the saved booking, the consolidation plan, the AR invoice). */
const QUICK_DETAIL = /shipping_order\/|consolidation_management\/|arDetails\/\d/;

/**
 * Detail screens measured beside the menus (issue 20's "any route"): the booking (the heaviest form), every
 * maintained record's new form (ops: bookings and documents; admin: master data), and one saved party,
 * consolidation plan, master bill, invoice, user and carrier from the demo data.
 */
async function detailRoutes(dbUrl: string, user: string): Promise<[string, string][]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const one = async (sql: string) => (await db.query<{ v: string }>(sql)).rows[0]?.v;
  try {
    if (user === USERS[0]) {
      const so = await one('select so_no as v from shipping_orders order by so_no limit 1');
      const consol = await one('select consol_no as v from consol_plans order by consol_no limit 1');
      const mbl = await one('select mbl_no as v from master_bls order by mbl_no limit 1');
      const party = await one('select party_id::text as v from parties order by party_id limit 1');
      const list: (string | false | undefined)[] = [
        '/BMS/enhance_booking/shipping_order/new',
        so && `/BMS/enhance_booking/shipping_order/${so}`,
        party && `/BMS/party/party_maintenance/${party}`,
        consol && `/BMS/consolidation/consolidation_management/${encodeURIComponent(consol)}`,
        mbl && `/BMS/master_bl/master_bl/${encodeURIComponent(mbl)}`,
      ];
      return list.filter((r): r is string => !!r).map((r) => [r, user]);
    }
    const inv = await one(
      "select inv_id::text as v from invoices where inv_type = 'AR' order by inv_id limit 1",
    );
    const uid = await one("select user_uid::text as v from users where login_id = 'ops@demo.test'");
    const carrier = await one('select id::text as v from carriers order by id limit 1');
    const list: (string | false | undefined)[] = [
      inv && `/INV/arDetails/${inv}`,
      '/INV/arDetails/new',
      uid && `/BMS/user_maintenance/${uid}`,
      carrier && `/BMS/carrier_maintenance/${carrier}`,
      '/BMS/warehouse_maintenance/new',
      '/BMS/tradelane_maintenance/new',
      '/BMS/webhook_maintenance/new',
      '/BMS/sys_notice_maintenance/new',
      '/BMS/sailing_schedule_maintenance/new',
      '/BMS/role_maintenance/new',
      '/BMS/party_group_maintenance/new',
      '/BMS/party/account_group_code_maintenance/new',
      '/BMS/Admin/SEQ/sequence_rule_details/new',
      '/SOPMS/routing_template/routing_template_detail/new',
      '/SOPMS/SOPMSDetails/new',
      '/BMS/NotificationCenter/search_email_notification/new',
      '/BMS/Setting/TMPLIB/TemplateDetails/new',
      '/BMS/ReportWriterSearch/Detail/new',
    ];
    return list.filter((r): r is string => !!r).map((r) => [r, user]);
  } finally {
    await db.end();
  }
}

interface Loaded {
  files: number;
  /** Gzipped size of every script body (what the budget counts, independent of the server's compression). */
  gzipKb: number;
  /** Bytes of script bodies as sent (compressed when the server compresses), in KB. */
  wireKb: number;
  encodings: string[];
  lcpMs: number;
  /** Each script with its gzipped size (printed with --list). */
  list?: string[];
}

const kb = (n: number) => Number((n / 1024).toFixed(1));

const LCP_PROBE = `window.__lcp = 0;
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
  .observe({ type: 'largest-contentful-paint', buffered: true });`;

/** Opens `url` in `page` and answers what scripts it loaded (the context starts with an empty cache). */
async function measure(page: Page, url: string): Promise<Loaded> {
  const pending: Promise<{ url: string; gzip: number; wire: number; encoding: string }>[] = [];
  let done = false;
  page.on('response', (res) => {
    if (done || res.request().resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const body = await res.body();
        const sizes = await res.request().sizes();
        return {
          url: new URL(res.url()).pathname,
          gzip: gzipSync(body).length,
          wire: sizes.responseBodySize,
          encoding: (await res.headerValue('content-encoding')) ?? 'identity',
        };
      })(),
    );
  });
  await page.addInitScript(LCP_PROBE);
  await page.goto(url, { waitUntil: 'networkidle' });
  // Settled = the page's heading is shown (every page has one h1) and the network is quiet again; on a busy
  // machine "networkidle" alone can come while the page's own chunks are still being evaluated.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => console.error(`  (no heading on ${url} within 30 s)`));
  // The shell's own (visually hidden) h1 is there while the page's chunk still loads behind the loading
  // spinner: wait for the spinner to go too, or a light shell would be measured without its page.
  await page
    .waitForFunction(`!document.querySelector('[data-testid="page-loading"]')`, null, { timeout: 30_000 })
    .catch(() => console.error(`  (still loading on ${url} after 30 s)`));
  await page.waitForLoadState('networkidle');
  const lcpMs = Math.round(Number(await page.evaluate('window.__lcp')));
  // Scripts requested after the page settled (none expected) are not counted.
  done = true;
  const scripts = await Promise.all(pending);
  return {
    files: scripts.length,
    gzipKb: kb(scripts.reduce((a, s) => a + s.gzip, 0)),
    wireKb: kb(scripts.reduce((a, s) => a + s.wire, 0)),
    encodings: [...new Set(scripts.map((s) => s.encoding))],
    lcpMs,
    list: scripts.sort((a, b) => b.gzip - a.gzip).map((s) => `${kb(s.gzip)} KB  ${s.url}`),
  };
}

async function apiLogin(url: string, username: string) {
  const res = await fetch(`${url}/api/v1/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD, language: 'en-US' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  let body = (await res.json()) as { token: string; profiles: { user_profile_id: number }[]; uac: unknown };
  if (body.profiles.length > 1) {
    const pick = await fetch(`${url}/api/v1/Auth/renewtoken/${body.profiles[0].user_profile_id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${body.token}` },
    });
    body = (await pick.json()) as typeof body;
  }
  return body;
}

interface MenuItem {
  url?: string;
  children?: MenuItem[];
}
const urlsOf = (items: MenuItem[]): string[] =>
  items.flatMap((i) => [...(i.url ? [i.url] : []), ...urlsOf(i.children ?? [])]);

/** A fresh browser context signed in as `username` (the localStorage the login page writes, cookies answered). */
async function signedIn(browser: Browser, url: string, username: string) {
  const s = await apiLogin(url, username);
  const context = await browser.newContext({
    storageState: {
      cookies: [
        {
          name: 'portal_cookie_consent',
          value: '1',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [
        {
          origin: url,
          localStorage: [
            { name: 'portal.token', value: s.token },
            { name: 'portal.profiles', value: JSON.stringify(s.profiles) },
            { name: 'portal.uac', value: JSON.stringify(s.uac) },
            { name: 'portal.language', value: 'en-US' },
          ],
        },
      ],
    },
  });
  return { context, token: s.token };
}

async function inFreshContext(make: () => Promise<BrowserContext>, url: string) {
  const context = await make();
  try {
    return await measure(await context.newPage(), url);
  } finally {
    await context.close();
  }
}

// BENCH_JS_URL measures a portal that is already running (e.g. one started from another checkout, or when a
// loaded machine starts the server slower than startServer waits); BENCH_JS_DB_URL is its database (full run).
const server = process.env.BENCH_JS_URL
  ? { url: process.env.BENCH_JS_URL, dbUrl: process.env.BENCH_JS_DB_URL ?? '', stop: async () => {} }
  : await startServer(
      Number(process.env.BENCH_JS_PORT ?? 8096),
      Number(process.env.BENCH_JS_PG_PORT ?? 54396),
      process.env.BENCH_JS_DATA ?? 'bench/.data-js',
    );
let failed = false;
try {
  const browser = await chromium.launch(CHROMIUM);
  const login = await inFreshContext(() => browser.newContext(), `${server.url}/login`);
  console.log(
    `/login: ${login.files} JS files, ${login.gzipKb} KB gzipped (budget ${LOGIN_BUDGET_KB}, target ${TARGET.login}), ${login.wireKb} KB on the wire (${login.encodings.join(', ')}), LCP ${login.lcpMs} ms`,
  );
  if (login.gzipKb > LOGIN_BUDGET_KB) failed = true;
  if (process.argv.includes('--list')) for (const f of login.list ?? []) console.log(`    ${f}`);

  // Every screen on the demo users' menus (the first user to have it measures it), and the detail screens.
  const routes = new Map<string, string>();
  if (process.argv.includes('--login-only')) USERS.length = 0;
  // --quick (CI): /login and a few of the heaviest screens instead of every menu entry.
  const quick = process.argv.includes('--quick');
  // --only=<regex>: just the menu screens whose path matches (a quick look at a few screens while working).
  const onlyArg = process.argv.find((a) => a.startsWith('--only='));
  const only = onlyArg ? new RegExp(onlyArg.slice('--only='.length)) : null;
  for (const user of USERS) {
    const { token } = await apiLogin(server.url, user);
    const res = await fetch(`${server.url}/api/v1/Users/UserModuleList`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { menu } = (await res.json()) as { menu: MenuItem[] };
    const wanted = quick
      ? QUICK_ROUTES.filter((r) => urlsOf(menu).includes(r) || r === '/')
      : ['/', ...urlsOf(menu)];
    for (const u of wanted) if (!routes.has(u) && (!only || only.test(u))) routes.set(u, user);
    // The detail and form screens (not on the menus): a new record of each maintained kind and one saved record
    // of each document the demo data holds, opened by the user whose menu reaches them.
    for (const [route, by] of server.dbUrl ? await detailRoutes(server.dbUrl, user) : []) {
      if (quick && !QUICK_DETAIL.test(route)) continue;
      if (!routes.has(route) && (!only || only.test(route))) routes.set(route, by);
    }
  }
  const perRoute: Record<string, Loaded> = {};
  for (const [route, user] of routes) {
    const r = await inFreshContext(
      async () => (await signedIn(browser, server.url, user)).context,
      `${server.url}${route}`,
    );
    perRoute[route] = r;
    const over = r.gzipKb > (route === '/' ? HOME_BUDGET_KB : ROUTE_BUDGET_KB);
    if (over) failed = true;
    console.log(
      `  ${over ? 'OVER ' : ''}${route}  ${r.files} files, ${r.gzipKb} KB gzipped, ${r.wireKb} KB on the wire, LCP ${r.lcpMs} ms`,
    );
    if (process.argv.includes('--list')) for (const f of r.list ?? []) console.log(`    ${f}`);
  }
  await browser.close();
  const heaviest = Object.entries(perRoute).sort((a, b) => b[1].gzipKb - a[1].gzipKb)[0];
  if (heaviest)
    console.log(
      `heaviest route: ${heaviest?.[0]} ${heaviest?.[1].gzipKb} KB gzipped (budget ${ROUTE_BUDGET_KB}, target ${TARGET.route}); ${routes.size} routes measured`,
    );
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    path.join(ROOT, 'bench/results/js-size.json'),
    `${JSON.stringify({ at: new Date().toISOString(), login, routes: perRoute }, null, 2)}\n`,
  );
  if (failed) console.error('JavaScript budget exceeded (see the lines above)');
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
