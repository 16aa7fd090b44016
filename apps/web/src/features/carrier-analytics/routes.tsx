import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { CARRIER_CONTRACT_PATH } from './carrier-contract-paths';

/** Carrier contract (MQC) maintenance, guarded by admin like the carrier maintenance. */
export const carrierAnalyticsRoutes: AppRoute[] = [
  { path: CARRIER_CONTRACT_PATH, funcId: 'admin', component: lazy(() => import('./carrier-contract-page')) },
];
