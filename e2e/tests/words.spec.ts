import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { api, partyId } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, type Page, test } from '../support/test';
import {
  CATEGORIES,
  type Category,
  classify,
  type Language,
  latinWords,
  type Piece,
  visiblePieces,
} from '../support/words';

/**
 * The language journey (issue 39, docs/language.md): in each language the admin (every menu) opens every menu
 * screen and the main detail screens of demo data, reads what they show and counts raw codes and words of the
 * wrong language (support/words.ts: message keys, stored status codes, ISO times, field paths, characters of the
 * other Chinese script, English words on Chinese screens). A ratchet: a count above e2e/words-baseline.json
 * fails and names the new tokens; a count below it asks for the baseline to be lowered
 * (`E2E_WORDS_BASELINE=write` rewrites it from the run). The report (words-<language>.json, per screen and
 * category with examples) is in the test's output folder.
 */

const LANGUAGES: Language[] = ['en-US', 'zh-HK', 'zh-CN'];
const BASELINE_FILE = new URL('../words-baseline.json', import.meta.url);

interface LanguageBaseline {
  /** The most findings of each category the journey accepts (distinct tokens per screen). */
  max: Record<Category, number>;
  /** The findings the baseline was written with (`screen | token`), so a failure can name the new ones. */
  known: Record<Category, string[]>;
}
type Baseline = Partial<Record<Language, LanguageBaseline>>;

interface MenuNode {
  url?: string | null;
  children?: MenuNode[];
}
const flatten = (items: MenuNode[]): string[] =>
  items.flatMap((i) => [...(i.url ? [i.url] : []), ...flatten(i.children ?? [])]);

type Hit = { kind: string; href: string };

/** The detail screens of demo records: a booking, a consolidation plan, a master BL, an AR invoice, a party. */
async function detailScreens(token: string): Promise<[string, string][]> {
  const search = await api<{ groups: { kind: string; hits: Hit[] }[] }>(
    token,
    'GET',
    '/Search/documents?q=DEMO&limit=50',
  );
  const hit = (kind: string) => {
    const found = search.body.groups.flatMap((g) => g.hits).find((h) => h.kind === kind);
    expect(found, `a demo ${kind} in the global search`).toBeTruthy();
    return found?.href ?? '';
  };
  const bills = await api<{ rows: { mbl_no: string }[] }>(token, 'GET', '/MasterBL/list/search_master_bl');
  const bill = bills.body.rows[0]?.mbl_no;
  expect(bill, 'a demo master BL').toBeTruthy();
  const invoices = await api<{ rows: { inv_id: number; status: string }[] }>(
    token,
    'GET',
    '/Invoice?q=JBDEMO&pageSize=10&inv_type=AR',
  );
  const invoice = invoices.body.rows.find((r) => r.status === 'POSTED') ?? invoices.body.rows[0];
  expect(invoice, 'a demo AR invoice').toBeTruthy();
  return [
    ['booking', hit('booking')],
    ['consolidation plan', hit('consol')],
    ['master BL', `/BMS/master_bl/master_bl/${bill}`],
    ['AR invoice', `/INV/arDetails/${invoice.inv_id}`],
    ['party', `/BMS/party/party_maintenance/${await partyId(token, 'HKCUS001')}`],
  ];
}

/** Requests the page is waiting for (scripts of a lazy screen, API calls), to read a screen once they are done. */
function inFlight(page: Page): Set<unknown> {
  const pending = new Set<unknown>();
  const kinds = new Set(['fetch', 'xhr', 'script', 'stylesheet']);
  page.on('request', (r) => {
    if (kinds.has(r.resourceType())) pending.add(r);
  });
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return pending;
}

/** Loading states of the shell, lists and forms (support/axe.ts `settled` waits on the same). */
const BUSY =
  '[data-testid="page-loading"], [data-testid="data-table-loading"], .plain-spin[aria-busy="true"], .ant-spin-spinning';

/**
 * Goes to a screen inside the app as a menu click does (support/session.ts `openInApp`) and answers where the
 * app was before (breadcrumb and title), for `loaded` to wait until it shows the new screen.
 */
const go = (page: Page, url: string) =>
  page.evaluate((to) => {
    const crumb = document.querySelector<HTMLElement>('[data-testid="breadcrumb"]')?.innerText ?? '';
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return `${crumb}|${document.title}`;
  }, url);

/**
 * Waits until the app shows the new screen (its breadcrumb or title differ from `before`, `go`'s answer: the
 * router may keep the old screen up while the new one's code loads) and it stopped loading: no spinner, and the
 * requests it made (code, data) answered. Checked in the page and in this process, so a screen costs few round
 * trips to a busy browser.
 */
async function loaded(page: Page, pending: Set<unknown>, before: string | null) {
  for (;;) {
    await page.waitForFunction(
      ({ busy, before }) => {
        const crumb = document.querySelector<HTMLElement>('[data-testid="breadcrumb"]');
        return (
          crumb !== null &&
          (before === null || `${crumb.innerText}|${document.title}` !== before) &&
          ![...document.querySelectorAll(busy)].some((el) => el.checkVisibility())
        );
      },
      { busy: BUSY, before },
      { timeout: 60_000 },
    );
    if (pending.size === 0) return;
    await expect.poll(() => pending.size, { timeout: 60_000, intervals: [50, 100, 200] }).toBe(0);
  }
}

const readBaseline = (): Baseline =>
  existsSync(BASELINE_FILE) ? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline) : {};

for (const language of LANGUAGES) {
  test(`words: every menu screen and the main details show words, not codes (${language})`, async ({
    browser,
  }) => {
    // About a minute a language on CI's 2 cores; the room is for a runner busy with other work.
    test.setTimeout(600_000);
    const { context, page, token } = await signedInContext(browser, 'admin@demo.test', { language });
    const pending = inFlight(page);
    const menu = await api<{ menu: MenuNode[] }>(token, 'GET', '/Users/UserModuleList');
    const screens: [string, string][] = [
      ...[...new Set(flatten(menu.body.menu))].filter((u) => u !== '/').map((u): [string, string] => [u, u]),
      ...(await detailScreens(token)),
    ];

    const shown = new Map<string, Piece[]>();
    await page.goto('/');
    await loaded(page, pending, null);
    // The shell once (header, side menu): it is the same around every screen. Then Home, where the walk starts.
    shown.set('shell', await visiblePieces(page, ['header', 'aside']));
    shown.set('/', await visiblePieces(page, ['main', '[role="dialog"]'], true));
    for (const [name, url] of screens) {
      await loaded(page, pending, await go(page, url));
      shown.set(name, await visiblePieces(page, ['main', '[role="dialog"]'], true));
    }
    await context.close();

    // Names the run showed as data (parties, people, places, cargo) are not English words of the screens.
    const dataWords = new Set([...shown.values()].flat().flatMap((p) => (p.data ? latinWords(p.text) : [])));
    const byScreen = new Map(
      [...shown].map(([name, pieces]) => [name, classify(pieces, language, dataWords)]),
    );
    // Distinct tokens per screen and category: a status shown in twenty rows is one finding.
    const findings = Object.fromEntries(CATEGORIES.map((c) => [c, new Set<string>()])) as Record<
      Category,
      Set<string>
    >;
    const report: Record<string, Partial<Record<Category, { token: string; examples: string[] }[]>>> = {};
    for (const [screen, list] of byScreen) {
      for (const f of list) {
        findings[f.category].add(`${screen} | ${f.token}`);
        report[screen] ??= {};
        const tokens = report[screen][f.category] ?? [];
        report[screen][f.category] = tokens;
        let entry = tokens.find((t) => t.token === f.token);
        if (!entry) {
          entry = { token: f.token, examples: [] };
          tokens.push(entry);
        }
        if (entry.examples.length < 3 && !entry.examples.includes(f.context)) entry.examples.push(f.context);
      }
    }
    const counts = Object.fromEntries(CATEGORIES.map((c) => [c, findings[c].size])) as Record<
      Category,
      number
    >;
    writeFileSync(
      test.info().outputPath(`words-${language}.json`),
      JSON.stringify({ language, screens: byScreen.size, counts, report }, null, 2),
    );

    const baseline = readBaseline();
    if (process.env.E2E_WORDS_BASELINE === 'write') {
      baseline[language] = {
        max: counts,
        known: Object.fromEntries(CATEGORIES.map((c) => [c, [...findings[c]].sort()])) as Record<
          Category,
          string[]
        >,
      };
      writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
    }
    const own = baseline[language];
    const lines = CATEGORIES.map(
      (c) => `  ${c.padEnd(13)} ${String(counts[c]).padStart(4)}  (baseline ${own?.max[c] ?? '-'})`,
    );
    console.log(`[words] ${language}: ${byScreen.size} screens\n${lines.join('\n')}`);

    const over = CATEGORIES.filter((c) => counts[c] > (own?.max[c] ?? 0));
    const under = CATEGORIES.filter((c) => own && counts[c] < own.max[c]);
    if (under.length) {
      console.log(
        `[words] ${language}: fewer ${under.join(', ')} than the baseline: lower e2e/words-baseline.json ` +
          '(run this spec with E2E_WORDS_BASELINE=write and commit the file)',
      );
    }
    const news = over.map((c) => {
      const known = new Set(own?.known[c] ?? []);
      const added = [...findings[c]].filter((f) => !known.has(f));
      return `${c}: ${counts[c]} > ${own?.max[c] ?? 0}; new: ${added.slice(0, 30).join('; ')}`;
    });
    expect(news, `raw codes or wrong words above the baseline in ${language}`).toEqual([]);
  });
}
