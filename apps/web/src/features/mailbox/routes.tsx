import { lazy } from 'react';
import type { AppRoute } from '../../app/route-types';

/** The admin-only dev mailbox (outgoing mail with its links). */
export const mailboxRoutes: AppRoute[] = [
  { path: '/BMS/Admin/dev_mailbox', funcId: 'admin', component: lazy(() => import('./dev-mailbox-page')) },
];
