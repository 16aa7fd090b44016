import { ANALYTICS_PAGE_NAMES, ANALYTICS_PAGES } from '@portal/contracts';
import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

const Page = lazy(() => import('./analytics-page'));

/**
 * The analytics pages (issue 17, 002 §2 Analytics routes, prefix /BMS): one route per page of the catalogue,
 * each behind its own function id, all shown by the one page component (its own chunk with recharts).
 */
export const analyticsRoutes: AppRoute[] = ANALYTICS_PAGE_NAMES.map((name) => ({
  path: `/BMS/${name}`,
  funcId: ANALYTICS_PAGES[name].funcId,
  component: Page,
}));
