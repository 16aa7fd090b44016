import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/** WCAG 2.0/2.1/2.2 A and AA rules, plus axe's best practices (landmarks, headings) for the counts. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Impacts that fail a journey; moderate and minor ones are counted and reported only. */
export const BLOCKING = new Set(['serious', 'critical']);

export interface AxeSummary {
  screen: string;
  /** Violated rules (a rule counts once per screen) by impact. */
  byImpact: Record<string, number>;
  /** Failing elements (nodes) per rule id. */
  nodes: Record<string, number>;
  blocking: string[];
}

/**
 * Waits until the page stopped loading: no pending request for a moment and no spinner (a page's code and
 * translations can take many seconds on a busy 2-core runner, hence the long wait; it ends as soon as the
 * spinners are gone).
 */
export async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning:visible')).toHaveCount(0, { timeout: 60_000 });
  // DataTable's own loading overlay (not an antd Spin since issue 20's own table).
  await expect(page.getByTestId('data-table-loading')).toHaveCount(0, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Runs axe on what the page shows now and returns a summary; each blocking (serious or critical) violation
 * is listed as `rule (impact): help — targets`.
 */
export async function axeScan(page: Page, screen: string): Promise<AxeSummary> {
  // Only violations are read: `resultTypes` spares axe collecting every passing and inapplicable node's details
  // (its documented speed option; the violations are the same).
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary: AxeSummary = { screen, byImpact: {}, nodes: {}, blocking: [] };
  for (const v of results.violations) {
    const impact = v.impact ?? 'unknown';
    summary.byImpact[impact] = (summary.byImpact[impact] ?? 0) + 1;
    summary.nodes[v.id] = v.nodes.length;
    if (BLOCKING.has(impact)) {
      const targets = v.nodes
        .slice(0, 4)
        .map((n) => n.target.join(' '))
        .join(' | ');
      summary.blocking.push(`${v.id} (${impact}, ${v.nodes.length} nodes): ${v.help} — ${targets}`);
    }
  }
  await test.info().attach(`axe ${screen}`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  return summary;
}

/** Fails the journey when the page shows a serious or critical WCAG violation (other journeys call this). */
export async function expectAccessible(page: Page, screen: string): Promise<AxeSummary> {
  const summary = await axeScan(page, screen);
  expect(summary.blocking, `serious/critical axe violations on ${screen}`).toEqual([]);
  return summary;
}
