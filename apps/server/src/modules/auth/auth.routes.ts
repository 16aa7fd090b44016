import type { ModuleRoutes } from '../../platform/http/types';

export const authRoutes: ModuleRoutes = async () => {};
