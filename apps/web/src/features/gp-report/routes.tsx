import { GP_REPORT_NAMES, GP_REPORTS } from '@portal/contracts';
import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

const Page = lazy(() => import('./gp-report-page'));

/** The GP reports (002 §2, prefix /INV): one screen per report, each behind its own function id. */
export const gpReportRoutes: AppRoute[] = GP_REPORT_NAMES.map((name) => ({
  path: `/INV/${name}`,
  funcId: GP_REPORTS[name].funcId,
  component: Page,
}));
