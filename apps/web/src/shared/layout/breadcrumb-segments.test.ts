// @vitest-environment jsdom
import { AP_STAGES, AR_STAGES, FINANCE_INVOICE_LISTS, LANGUAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { featureRoutes } from '../../app/feature-routes';
import { coreRoutes } from '../../app/router';
import en from '../locales/en-US/menu.json';
import cn from '../locales/zh-CN/menu.json';
import hk from '../locales/zh-HK/menu.json';

const MENU = { 'en-US': en, 'zh-HK': hk, 'zh-CN': cn } as const;
/** Segments the breadcrumb leaves out (breadcrumb-bar.tsx SKIPPED). */
const SKIPPED = new Set(['bms']);

/**
 * Every fixed segment of a signed-in route that is not its last (the last one, when no menu page names it,
 * reads as the page's own heading), and the values list routes take in their place (invoice stages, finance
 * lists), which the breadcrumb shows as words too.
 */
function segments(): Set<string> {
  const out = new Set<string>();
  for (const r of [...coreRoutes, ...featureRoutes].filter((x) => !x.public)) {
    const parts = r.path.split('/').filter(Boolean);
    parts.slice(0, -1).forEach((s) => {
      if (!s.startsWith(':') && s !== '*' && !SKIPPED.has(s.toLowerCase())) out.add(s);
    });
  }
  for (const s of [...AR_STAGES, ...AP_STAGES]) out.add(s.name);
  // 'All' is /FIN/Search itself.
  for (const l of FINANCE_INVOICE_LISTS) if (l !== 'All') out.add(l);
  return out;
}

describe('breadcrumb words (issue 39: no "Prepared", "masterSetting", "TMPLIB" as stored)', () => {
  it('every fixed path segment and list value has a word in the menu catalogue, in the three languages', () => {
    const all = [...segments()];
    expect(all.length).toBeGreaterThan(30);
    for (const lng of LANGUAGES) {
      const words = (MENU[lng] as { segment: Record<string, string> }).segment;
      const missing = all.filter((s) => !words[s]);
      expect(missing, `${lng} menu.json segment`).toEqual([]);
    }
  });
});
