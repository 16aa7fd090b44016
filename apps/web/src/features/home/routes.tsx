import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

/** The home screen (000 §2.2 "/"): any signed-in user, its own chunk. */
export const homeRoutes: AppRoute[] = [{ path: '/', component: lazy(() => import('./home-page')) }];
