import type { ModuleRoutes } from '../../platform/http/types';

/** Placeholder: filled by the master-data work (issue 4). */
export const sailingScheduleRoutes: ModuleRoutes = async () => {};
