import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's browser build, put into a page once (runAxe). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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
  // The plain spinner around loading content (shared/plain/plain-spin.tsx).
  await expect(page.locator('.plain-spin[aria-busy="true"]')).toHaveCount(0, { timeout: 60_000 });
  // DataTable's own loading overlay (not an antd Spin since issue 20's own table).
  await expect(page.getByTestId('data-table-loading')).toHaveCount(0, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Runs axe on what the page shows now and returns a summary; each blocking (serious or critical) violation
 * is listed as `rule (impact): help — targets`.
 */
export async function axeScan(page: Page, screen: string): Promise<AxeSummary> {
  const results = await runAxe(page);
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

/**
 * Runs axe-core on the page's document. axe is put into the document once and stays there while the journey
 * opens screens inside the app; @axe-core/playwright's AxeBuilder put its 650 KB into every frame again on
 * each scan, which took 3.5 s a screen against 0.5 s for the scan itself on a 2-core runner (8 admin screens:
 * 28.2 s against 3.7 s, the same violations), most of the accessibility walk's time. Only violations are
 * collected (`resultTypes`, axe's documented speed option). Frames are not entered (`iframes: false`): the
 * only frames are PDF previews, which axe cannot read, and waiting on a frame without axe would stall the scan.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: AXE_TAGS },
    resultTypes: ['violations'],
    iframes: false,
  };
  return page.evaluate(
    (opts) =>
      (window as unknown as { axe: { run(ctx: Document, o: RunOptions): Promise<AxeResults> } }).axe.run(
        document,
        opts,
      ),
    options,
  );
}

/** Fails the journey when the page shows a serious or critical WCAG violation (other journeys call this). */
export async function expectAccessible(page: Page, screen: string): Promise<AxeSummary> {
  const summary = await axeScan(page, screen);
  expect(summary.blocking, `serious/critical axe violations on ${screen}`).toEqual([]);
  return summary;
}
