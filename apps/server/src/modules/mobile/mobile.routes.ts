import type { ModuleRoutes } from '../../platform/http/types';

/** Mobile hand-off (000 §7–§8) (S3). */
export const mobileRoutes: ModuleRoutes = async () => {};
