import type { AppRoute } from '../../app/route-types';

/** Placeholder: the screens of this module come with the master-data work (issue 4). */
export const partyGroupRoutes: AppRoute[] = [];
