import { api } from '../support/booking-api';
import { signedInContext } from '../support/session';
import { expect, test } from '../support/test';

type Hit = { kind: string; display_no: string; number: string; field: string; href: string };
type Answer = { groups: { kind: string; hits: Hit[] }[] };

/**
 * The header's global search (issue 11, docs/search.md): ctrl+K, a container number's prefix, arrows to the
 * booking, Enter opens it.
 */
test('ctrl+K finds a booking by a container number prefix; arrows and Enter open it', async ({ browser }) => {
  const { context, page, token } = await signedInContext(browser, 'ops@demo.test');
  // A demo booking's container: the seed numbers them <owner>3xxxxx, many sharing a 7-character prefix.
  const seeded = await api<Answer>(token, 'GET', '/Search/documents?q=DEMOHKG&limit=50');
  expect(seeded.status).toBe(200);
  let target: { soNo: string; container: string } | null = null;
  for (const hit of seeded.body.groups.flatMap((g) => g.hits)) {
    const b = await api<{ containers: { container_no: string | null }[] }>(
      token,
      'GET',
      `/Booking/${hit.display_no}`,
    );
    const box = b.body.containers.find((c) => c.container_no)?.container_no;
    if (box) {
      target = { soNo: hit.display_no, container: box };
      break;
    }
  }
  expect(target, 'a demo booking with a container').not.toBeNull();
  const { soNo, container } = target as { soNo: string; container: string };
  const prefix = container.slice(0, 7);
  // Which row the booking takes for this prefix (the API's order is the list's order).
  const answer = await api<Answer>(token, 'GET', `/Search/documents?q=${prefix}&limit=20`);
  const rows = answer.body.groups.flatMap((g) => g.hits);
  const index = rows.findIndex((h) => h.display_no === soNo);
  expect(index, `${soNo} among the hits for ${prefix}`).toBeGreaterThanOrEqual(0);

  await page.goto('/');
  const input = page.getByTestId('global-search-input');
  await expect(input).toBeVisible();
  await page.locator('body').press('Control+k');
  await expect(input).toBeFocused();
  // Typed with a dash and in lower case: the search ignores both.
  await input.pressSequentially(`${prefix.slice(0, 4).toLowerCase()}-${prefix.slice(4)}`);
  const hits = page.getByTestId('global-search-hit');
  await expect(hits).toHaveCount(rows.length);
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  // The first row is active; arrows move to the booking's row.
  await expect(hits.nth(0)).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < index; i++) await input.press('ArrowDown');
  await expect(hits.nth(index)).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute(
    'aria-activedescendant',
    (await hits.nth(index).getAttribute('id')) ?? '',
  );
  // The matched part of the container number is highlighted.
  await expect(hits.nth(index).locator('mark')).toHaveText(prefix);
  await input.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/shipping_order/${soNo}$`));
  await expect(page.getByTestId('booking-title')).toContainText(soNo);

  // Every kind's status reads as a word from the codes catalogue (issue 39), a master bill's ("DRAFT" before).
  const bills = await api<Answer>(token, 'GET', '/Search/documents?q=COSU63&limit=20');
  const billHits = bills.body.groups.flatMap((g) => g.hits);
  expect(billHits.some((h) => h.href.includes('/master_bl/'))).toBe(true);
  await input.fill('COSU63');
  await expect(hits).toHaveCount(billHits.length);
  const statuses = await page.locator('.global-search-status').allTextContents();
  expect(statuses.length).toBeGreaterThan(0);
  for (const s of statuses) expect(s).not.toMatch(/^[A-Z][A-Z0-9_]+$/);

  // A container number finds the master bill that carries it as well as the plan (issue 39).
  const mblSearch = await api<Answer>(token, 'GET', '/Search/documents?q=MB&limit=50');
  // A bill made from a plan: its container finds both (FCL bills from a booking have no plan).
  let box: { container: string; mblNo: string } | null = null;
  for (const hit of mblSearch.body.groups.find((g) => g.kind === 'mbl')?.hits ?? []) {
    const bl = await api<{ containers: { container_no: string | null }[] }>(
      token,
      'GET',
      `/MasterBL/${encodeURIComponent(hit.display_no)}`,
    );
    const no = bl.body.containers?.find((c) => c.container_no)?.container_no;
    if (!no) continue;
    const byBox = await api<Answer>(token, 'GET', `/Search/documents?q=${no}&limit=20`);
    const kinds = byBox.body.groups.map((g) => g.kind);
    if (kinds.includes('consol') && kinds.includes('mbl')) {
      box = { container: no, mblNo: hit.display_no };
      break;
    }
  }
  expect(box, 'a demo master bill whose container is in its plan').not.toBeNull();
  const { container: boxNo, mblNo } = box as { container: string; mblNo: string };
  await input.fill(boxNo);
  const billHit = hits.filter({ hasText: mblNo });
  await expect(billHit).toHaveCount(1);
  await expect(billHit.locator('mark')).toHaveText(boxNo);
  await billHit.click();
  await expect(page).toHaveURL(new RegExp(`/master_bl/${mblNo}$`));
  await context.close();
});

test('`/` focuses the search; an external user does not find another party’s booking', async ({
  browser,
}) => {
  const ops = await signedInContext(browser, 'ops@demo.test');
  const all = await api<Answer>(ops.token, 'GET', '/Search/documents?q=DEMO&limit=50');
  const shipper = await signedInContext(browser, 'shipper@demo.test');
  const own = await api<Answer>(shipper.token, 'GET', '/Search/documents?q=DEMO&limit=50');
  const ownNos = new Set(own.body.groups.flatMap((g) => g.hits.map((h) => h.display_no)));
  const other = all.body.groups.flatMap((g) => g.hits).find((h) => !ownNos.has(h.display_no));
  expect(other, 'a demo booking of another party').toBeTruthy();
  const { page } = shipper;
  await page.goto('/');
  const input = page.getByTestId('global-search-input');
  await expect(input).toBeVisible();
  await page.locator('body').press('/');
  await expect(input).toBeFocused();
  await input.fill(other?.display_no ?? '');
  await expect(page.getByTestId('global-search-empty')).toBeVisible();
  await expect(page.getByTestId('global-search-hit')).toHaveCount(0);
  await ops.context.close();
  await shipper.context.close();
});
