import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';
import { RW_SEARCH_PATH } from './report-writer-paths';

const builder = lazy(() => import('./report-writer-builder-page'));

/** Report writer screens (000 §2.3, issue 17): the list of reports and the builder, all behind m_rw_search. */
export const reportWriterRoutes: AppRoute[] = [
  {
    path: RW_SEARCH_PATH,
    funcId: 'm_rw_search',
    component: lazy(() => import('./report-writer-search-page')),
  },
  { path: `${RW_SEARCH_PATH}/Detail/new`, funcId: 'm_rw_search', component: builder },
  { path: `${RW_SEARCH_PATH}/Detail/:id`, funcId: 'm_rw_search', component: builder },
];
