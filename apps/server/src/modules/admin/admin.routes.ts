import type { ModuleRoutes } from '../../platform/http/types';

export const adminRoutes: ModuleRoutes = async () => {};
