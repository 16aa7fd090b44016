import type { AppRoute } from '../../app/route-types';

/** Placeholder: the screens of this module come with the accounts work (issue 3). */
export const mailboxRoutes: AppRoute[] = [];
