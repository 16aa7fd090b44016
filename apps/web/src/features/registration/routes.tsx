import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { REGISTRATION_LIST_PATH } from './registration-paths';

/** Self-registration (public, 000 §2.1) and its administration (001 user_registration_maintenance, admin). */
export const registrationRoutes: AppRoute[] = [
  { path: '/Registration', public: true, component: lazy(() => import('./registration-choice-page')) },
  {
    path: '/RegistrationWithSIS',
    public: true,
    component: lazy(() => import('./registration-with-sis-page')),
  },
  {
    path: '/RegistrationWithoutSIS',
    public: true,
    component: lazy(() => import('./registration-without-sis-page')),
  },
  {
    path: REGISTRATION_LIST_PATH,
    funcId: 'admin',
    component: lazy(() => import('./registration-list-page')),
  },
  {
    path: `${REGISTRATION_LIST_PATH}/:user_registration_id`,
    funcId: 'admin',
    component: lazy(() => import('./registration-detail-page')),
  },
];
