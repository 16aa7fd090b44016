import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { CHARGE_CODE_LIST_PATH, EXCHANGE_RATE_LIST_PATH, TAX_RULE_LIST_PATH } from './invoice-paths';

const detail = () => import('./invoice-detail-page');
const ArDetails = lazy(() => detail().then((m) => ({ default: m.ArDetailsPage })));
const ApDetails = lazy(() => detail().then((m) => ({ default: m.ApDetailsPage })));
const stage = () => import('./invoice-stage-page');
const dash = () => import('./invoice-dashboard-page');
const cc = () => import('./charge-code-pages');
const pending = () => import('./pending-creation-page');
const fx = () => import('./exchange-rate-pages');
const batch = () => import('./invoice-batch-pages');
const taxRules = () => import('./tax-rule-pages');

/** Invoice screens (002 §2, prefix /INV) with their function ids, and exchange rates under Admin. */
export const invoiceRoutes: AppRoute[] = [
  { path: '/INV/Search', funcId: 'm_ap', component: lazy(() => import('./invoice-search-page')) },
  {
    path: '/INV/arDashboard',
    funcId: 'm_ar',
    component: lazy(() => dash().then((m) => ({ default: m.ArDashboardPage }))),
  },
  {
    path: '/INV/apDashboard',
    funcId: 'm_ap',
    component: lazy(() => dash().then((m) => ({ default: m.ApDashboardPage }))),
  },
  {
    path: '/INV/arSearch/:stage',
    funcId: 'm_ar_search',
    component: lazy(() => stage().then((m) => ({ default: m.ArStagePage }))),
  },
  {
    path: '/INV/apSearch/:stage',
    funcId: 'm_ap_search',
    component: lazy(() => stage().then((m) => ({ default: m.ApStagePage }))),
  },
  {
    path: '/INV/arSearch/PendingCreation/:scope',
    funcId: 'm_ar_search',
    component: lazy(() => pending().then((m) => ({ default: m.ArPendingCreationPage }))),
  },
  {
    path: '/INV/apSearch/PendingCreation/:scope',
    funcId: 'm_ap_search',
    component: lazy(() => pending().then((m) => ({ default: m.ApPendingCreationPage }))),
  },
  { path: '/INV/arDetails/new', funcId: 'inv_edit', component: ArDetails },
  { path: '/INV/arDetails/new/:copy_id', funcId: 'inv_edit', component: ArDetails },
  { path: '/INV/arDetails/newbyjob/:account_code/:job_no', funcId: 'inv_edit', component: ArDetails },
  { path: '/INV/arDetails/:inv_id', funcId: 'm_ar', component: ArDetails },
  { path: '/INV/apDetails/new', funcId: 'inv_edit', component: ApDetails },
  { path: '/INV/apDetails/new/:copy_id', funcId: 'inv_edit', component: ApDetails },
  { path: '/INV/apDetails/newbyjob/:account_code/:job_no', funcId: 'inv_edit', component: ApDetails },
  { path: '/INV/apDetails/:inv_id', funcId: 'm_ap', component: ApDetails },
  {
    path: '/INV/Details/:inv_id',
    component: lazy(() => detail().then((m) => ({ default: m.InvoiceDetailsRedirect }))),
  },
  // After approval and batch tools (invoice-batch-pages.tsx).
  {
    path: '/INV/ImportDocument',
    funcId: 'inv_closing',
    component: lazy(() =>
      import('./invoice-import-document-page').then((m) => ({ default: m.ImportDocumentPage })),
    ),
  },
  {
    path: '/INV/Grouping',
    funcId: 'm_ap',
    component: lazy(() => batch().then((m) => ({ default: m.GroupingPage }))),
  },
  {
    path: '/INV/JobSearch',
    funcId: 'm_ap',
    component: lazy(() => batch().then((m) => ({ default: m.JobSearchPage }))),
  },
  {
    path: '/INV/BlankJob',
    funcId: 'm_ap_blank_job',
    component: lazy(() => batch().then((m) => ({ default: m.BlankJobPage }))),
  },
  {
    path: CHARGE_CODE_LIST_PATH,
    component: lazy(() => cc().then((m) => ({ default: m.ChargeCodeListPage }))),
  },
  {
    path: '/INV/chargeCodeDetails/:charge_code',
    component: lazy(() => cc().then((m) => ({ default: m.ChargeCodeDetailPage }))),
  },
  // Tax rules (issue 38): finance keeps the default tax of charge lines.
  {
    path: TAX_RULE_LIST_PATH,
    funcId: 'inv_tax_rule',
    component: lazy(() => taxRules().then((m) => ({ default: m.TaxRuleListPage }))),
  },
  {
    path: `${TAX_RULE_LIST_PATH}/:id`,
    funcId: 'inv_tax_rule',
    component: lazy(() => taxRules().then((m) => ({ default: m.TaxRuleDetailPage }))),
  },
  {
    path: EXCHANGE_RATE_LIST_PATH,
    funcId: 'admin',
    component: lazy(() => fx().then((m) => ({ default: m.ExchangeRateListPage }))),
  },
  {
    path: `${EXCHANGE_RATE_LIST_PATH}/:id`,
    funcId: 'admin',
    // The rate's form is a module of its own: antd's Form stays out of the list's first load (issue 20).
    component: lazy(() => import('./exchange-rate-detail-page')),
  },
];
