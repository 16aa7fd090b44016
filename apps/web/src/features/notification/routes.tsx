import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { MASTER_SETTING_PATH } from './notification-paths';

/** The notification settings screen: any signed-in user with a profile (their own settings only). */
export const notificationRoutes: AppRoute[] = [
  { path: MASTER_SETTING_PATH, component: lazy(() => import('./master-setting-page')) },
];
