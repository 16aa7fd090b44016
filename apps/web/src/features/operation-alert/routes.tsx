import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

/** The operation alert dashboard (002 §2 OperationAlertDashboard [m_operation_alert_dashboard]). */
export const operationAlertRoutes: AppRoute[] = [
  {
    path: '/BMS/OperationAlertDashboard',
    funcId: 'm_operation_alert_dashboard',
    component: lazy(() => import('./operation-alert-page')),
  },
];
