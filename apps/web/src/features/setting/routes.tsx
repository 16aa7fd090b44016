import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { CHANGE_PASSWORD_PATH, USER_PROFILE_PATH } from '../../shared/auth/landing';

/** The user's own settings (000 §2.3 Settings): profile and password, any signed-in user, each its own chunk. */
export const settingRoutes: AppRoute[] = [
  { path: USER_PROFILE_PATH, component: lazy(() => import('./user-profile-page')) },
  { path: CHANGE_PASSWORD_PATH, component: lazy(() => import('./update-password-page')) },
];
