import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

/** Public password pages (000 §2.1): forgot password and the reset link's page. */
export const authRoutes: AppRoute[] = [
  { path: '/forgotpassword', public: true, component: lazy(() => import('./forgot-password-page')) },
  { path: '/resetpassword', public: true, component: lazy(() => import('./reset-password-page')) },
];
