import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { CHINA_PRIVACY_PATH, PUBLIC_DOCS_PATH } from './public-files';

/** Public pages (000 §2.1): the public documents page and /china-privacy-policy, no sign-in. */
export const publicDocsRoutes: AppRoute[] = [
  { path: PUBLIC_DOCS_PATH, public: true, component: lazy(() => import('./public-docs-page')) },
  { path: CHINA_PRIVACY_PATH, public: true, component: lazy(() => import('./china-privacy-page')) },
];
